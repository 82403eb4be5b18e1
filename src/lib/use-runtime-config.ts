// Where the API lives, for screens that show the owner its addresses (the
// widget snippet, the webhook and automation endpoints): the runtime
// configuration the Supabase client itself is made from (lib/env.ts).
import { useQuery } from '@tanstack/react-query'
import { loadRuntimeConfig } from './env.ts'

export function useSupabaseUrl(): string | null {
  const query = useQuery({
    queryKey: ['runtime-config'],
    queryFn: () => loadRuntimeConfig(),
    staleTime: Infinity,
    gcTime: Infinity,
    networkMode: 'always',
  })
  return query.data?.supabaseUrl ?? null
}
