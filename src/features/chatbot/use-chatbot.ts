// The chatbot screen's server state as TanStack Query queries, one set per
// owner: the configuration, the allowance (and how much of it the busiest
// visitor addresses used) and the statistics. Online-only:
// offline a read waits, paused, and the screen says so (lib/query-client.ts
// follows the app's online signal).
import { ownerQuery, useOwnerQuery } from '../../lib/owner-query.ts'
import { useOwnerRow, useSaveOwnerRow } from '../../lib/owner-row.ts'
import { chatbotConfig, fetchAddressUsage, fetchChatbotStats, fetchUsageLimits } from './api.ts'

const usage = ownerQuery('chatbot-usage', fetchUsageLimits)
const stats = ownerQuery('chatbot-stats', fetchChatbotStats)
const addressUsage = ownerQuery('chatbot-address-usage', fetchAddressUsage)

export const useChatbotConfig = (userId: string) => useOwnerRow(chatbotConfig, userId)
export const useSaveChatbotConfig = (userId: string) => useSaveOwnerRow(chatbotConfig, userId)
export const useChatbotUsage = (userId: string) => useOwnerQuery(usage, userId)
export const useChatbotStats = (userId: string) => useOwnerQuery(stats, userId)
export const useChatbotAddressUsage = (userId: string) => useOwnerQuery(addressUsage, userId)
