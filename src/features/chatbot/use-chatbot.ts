// The chatbot screen's server state as TanStack Query queries, one set per
// owner: the configuration, the allowance (and how much of it the busiest
// visitor addresses used) and the statistics. Online-only:
// offline a read waits, paused, and the screen says so (lib/query-client.ts
// follows the app's online signal).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChatbotConfigPayload, ChatbotConfigRow } from '../../../domain/chatbot.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { fetchAddressUsage, fetchChatbotConfig, fetchChatbotStats, fetchUsageLimits, saveChatbotConfig } from './api.ts'

export const chatbotConfigKey = (userId: string) => ['chatbot-config', userId] as const
export const chatbotUsageKey = (userId: string) => ['chatbot-usage', userId] as const
export const chatbotStatsKey = (userId: string) => ['chatbot-stats', userId] as const
export const chatbotAddressUsageKey = (userId: string) => ['chatbot-address-usage', userId] as const

export function useChatbotConfig(userId: string) {
  return useQuery({
    queryKey: chatbotConfigKey(userId),
    queryFn: async () => fetchChatbotConfig(await getSupabase(), userId),
    // The form is built from the first answer; reading again on every focus
    // would only change the snippet under the owner's eyes.
    staleTime: Infinity,
  })
}

export function useSaveChatbotConfig(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (payload: ChatbotConfigPayload): Promise<ChatbotConfigRow> => saveChatbotConfig(await getSupabase(), userId, payload),
    // Online-only: a save offline fails at once rather than waiting unseen for the connection.
    networkMode: 'always',
    retry: false,
    onSuccess: (row) => queryClient.setQueryData(chatbotConfigKey(userId), row),
  })
}

export function useChatbotUsage(userId: string) {
  return useQuery({
    queryKey: chatbotUsageKey(userId),
    queryFn: async () => fetchUsageLimits(await getSupabase(), userId),
  })
}

export function useChatbotStats(userId: string) {
  return useQuery({
    queryKey: chatbotStatsKey(userId),
    queryFn: async () => fetchChatbotStats(await getSupabase(), userId),
  })
}

export function useChatbotAddressUsage(userId: string) {
  return useQuery({
    queryKey: chatbotAddressUsageKey(userId),
    queryFn: async () => fetchAddressUsage(await getSupabase()),
  })
}
