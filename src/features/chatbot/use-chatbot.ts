// The chatbot screen's server state as TanStack Query queries, one set per
// owner: the configuration, the allowance (and how much of it the busiest
// visitor addresses used) and the statistics. Online-only:
// offline a read waits, paused, and the screen says so (lib/query-client.ts
// follows the app's online signal).
import { useQuery } from '@tanstack/react-query'
import { useOwnerRow, useSaveOwnerRow } from '../../lib/owner-row.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { chatbotConfig, fetchAddressUsage, fetchChatbotStats, fetchUsageLimits } from './api.ts'

export const chatbotUsageKey = (userId: string) => ['chatbot-usage', userId] as const
export const chatbotStatsKey = (userId: string) => ['chatbot-stats', userId] as const
export const chatbotAddressUsageKey = (userId: string) => ['chatbot-address-usage', userId] as const

export const useChatbotConfig = (userId: string) => useOwnerRow(chatbotConfig, userId)
export const useSaveChatbotConfig = (userId: string) => useSaveOwnerRow(chatbotConfig, userId)

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
