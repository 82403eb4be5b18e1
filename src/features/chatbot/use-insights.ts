// The Insights tab's server state: the figures and the unanswered questions as
// queries, Dismiss and the CSV downloads as mutations. A dismissed question
// leaves the cached list at once; any change to the FAQ reads the list again
// (use-business.ts; the database decides which questions the FAQ answers).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UnansweredQuestion } from '../../../domain/insights.ts'
import { WRITE_NOW } from '../../lib/owner-query.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { dismissUnansweredQuestion, fetchInsights, fetchInsightsCsv, fetchUnansweredQuestions, type InsightsCsv } from './insights-api.ts'

export const insightsKey = (userId: string, days: number) => ['chatbot-insights', userId, days] as const
export const unansweredPrefix = (userId: string) => ['chatbot-unanswered', userId] as const
export const unansweredKey = (userId: string, days: number) => [...unansweredPrefix(userId), days] as const

/** New conversations come in all the time; a minute is fresh enough for figures of a month. */
const STALE_MS = 60_000

export function useInsights(userId: string, days: number) {
  return useQuery({ queryKey: insightsKey(userId, days), queryFn: async () => fetchInsights(await getSupabase(), userId, days), staleTime: STALE_MS })
}

export function useUnansweredQuestions(userId: string, days: number) {
  return useQuery({
    queryKey: unansweredKey(userId, days),
    queryFn: async () => fetchUnansweredQuestions(await getSupabase(), userId, days),
    staleTime: STALE_MS,
  })
}

export function useDismissQuestion(userId: string, days: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (question: string) => dismissUnansweredQuestion(await getSupabase(), question),
    ...WRITE_NOW,
    onSuccess: (_done, question) =>
      queryClient.setQueryData<UnansweredQuestion[]>(unansweredKey(userId, days), (list) => list?.filter((q) => q.question !== question)),
  })
}

export function useInsightsCsv(userId: string, days: number) {
  return useMutation({
    mutationFn: async (input: { what: InsightsCsv; today: string }) => fetchInsightsCsv(await getSupabase(), userId, days, input.what, input.today),
    ...WRITE_NOW,
  })
}
