// The Insights tab's calls (migration 20261201000100), all online-only: the
// period's figures, the questions the assistant could not answer, a
// question dismissed, and either as CSV made by the database from the
// owner's own rows. Free of Lingui macros, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ChatbotInsights, UnansweredQuestion } from '../../../domain/insights.ts'
import { RequestFailed } from '../../lib/data-api.ts'

type Client = Pick<SupabaseClient, 'rpc'>

export async function fetchInsights(client: Client, userId: string, days: number): Promise<ChatbotInsights> {
  const { data, error } = await client.rpc('get_chatbot_insights', { p_user_id: userId, p_days: days })
  if (error) throw new RequestFailed('reading the insights', error)
  return data as ChatbotInsights
}

export async function fetchUnansweredQuestions(client: Client, userId: string, days: number): Promise<UnansweredQuestion[]> {
  const { data, error } = await client.rpc('get_unanswered_questions', { p_user_id: userId, p_days: days })
  if (error) throw new RequestFailed('reading the unanswered questions', error)
  return (data ?? []) as UnansweredQuestion[]
}

/** Hides the question and its other wordings until a customer asks it again. */
export async function dismissUnansweredQuestion(client: Client, question: string): Promise<void> {
  const { error } = await client.rpc('dismiss_unanswered_question', { p_question: question })
  if (error) throw new RequestFailed('dismissing a question', error)
}

export const INSIGHTS_CSV = ['daily', 'unanswered'] as const
export type InsightsCsv = (typeof INSIGHTS_CSV)[number]

/** The CSV the database wrote, as a file named for the period's last day. */
export async function fetchInsightsCsv(client: Client, userId: string, days: number, what: InsightsCsv, today: string): Promise<{ file: Blob; fileName: string }> {
  const { data, error } = await client.rpc('chatbot_insights_csv', { p_user_id: userId, p_days: days, p_what: what })
  if (error) throw new RequestFailed('making the CSV', error)
  // A byte-order mark, so spreadsheet programs read the Turkish letters as UTF-8.
  return { file: new Blob(['\uFEFF', String(data)], { type: 'text/csv;charset=utf-8' }), fileName: `${what === 'daily' ? 'insights' : 'unanswered-questions'}-${today}.csv` }
}
