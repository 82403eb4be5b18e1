// The chatbot screen's calls to Supabase, all online-only: the owner's
// configuration (read, upsert), the message allowance and statistics
// (read-only), and the preview of the assistant through chatbot-api. Every
// failure leaves here as a code or a thrown error with a cause; the screen
// turns codes into sentences. Free of Lingui macros, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ChatbotConfigPayload, ChatbotConfigRow } from '../../../domain/chatbot.ts'
import { addressUsageFrom, chatbotStatsFromRows, type AddressUsage, type ChatbotStats, type UsageLimitsRow } from '../../../domain/chatbot-usage.ts'
import {
  CHATBOT_API_ERRORS,
  CHATBOT_PREVIEW_HISTORY_MAX,
  type ChatbotApiError,
  type ChatbotPreviewRequest,
  type ChatbotPreviewTurn,
} from '../../../domain/functions.ts'
import { invokeFunction, refusalCode } from '../../lib/functions.ts'
import { ownerRow } from '../../lib/owner-row.ts'
import { readRow, RequestFailed } from '../../lib/data-api.ts'

export const CHATBOT_FUNCTION = 'chatbot-api'

/** The columns the screen reads: the form's and the snippet's, nothing else. */
export const CONFIG_COLUMNS =
  'enabled,bot_name,welcome_message,bot_description,system_prompt,primary_color,position,openai_model,temperature,max_tokens,website_url,allowed_domains'

export const USAGE_COLUMNS =
  'daily_message_limit,daily_messages_used,monthly_message_limit,monthly_messages_used,plan_type,daily_reset_at,monthly_reset_at'

type Client = Pick<SupabaseClient, 'from'>

/**
 * The owner's configuration, or null when they have none yet (the form then
 * shows the defaults); a save writes it whole (spec §7: upsert with user_id).
 */
export const chatbotConfig = ownerRow<ChatbotConfigRow, ChatbotConfigPayload>({
  table: 'chatbot_configs', columns: CONFIG_COLUMNS, key: 'chatbot-config', what: 'the chatbot configuration',
})

/** The allowance row, or null when the assistant has not answered anyone yet (the table's defaults apply). */
export async function fetchUsageLimits(client: Client, userId: string): Promise<UsageLimitsRow | null> {
  return readRow<UsageLimitsRow>(client, { table: 'api_usage_limits', columns: USAGE_COLUMNS, where: ['user_id', userId], what: 'the message allowance' })
}

/** How much of the last day the busiest visitor addresses used (never the addresses themselves). */
export async function fetchAddressUsage(client: Pick<SupabaseClient, 'rpc'>): Promise<AddressUsage> {
  const { data, error } = await client.rpc('get_chatbot_address_usage')
  if (error) throw new RequestFailed('reading the usage per visitor address', error)
  return addressUsageFrom(data)
}

export async function fetchChatbotStats(client: Pick<SupabaseClient, 'rpc'>, userId: string): Promise<ChatbotStats> {
  const { data, error } = await client.rpc('get_chatbot_stats', { p_user_id: userId })
  if (error) throw new RequestFailed('reading the chatbot statistics', error)
  return chatbotStatsFromRows(data)
}

// Preview --------------------------------------------------------------------------

/** Why a preview message got no answer: the function's codes, and the app's own. */
export type PreviewErrorCode = ChatbotApiError | 'unauthorized' | 'network' | 'offline'

export type PreviewOutcome =
  | { ok: true; reply: string; productIds: string[]; booking?: Record<string, unknown> }
  | { ok: false; code: PreviewErrorCode; retryAfter?: number }

/** The turns sent with the next message: the newest CHATBOT_PREVIEW_HISTORY_MAX, oldest first. */
export function previewHistory(turns: readonly ChatbotPreviewTurn[]): ChatbotPreviewTurn[] {
  return turns.slice(-CHATBOT_PREVIEW_HISTORY_MAX).map((turn) => ({
    role: turn.role,
    content: turn.content,
    ...(turn.role === 'assistant' && turn.productIds && turn.productIds.length > 0 ? { productIds: [...turn.productIds] } : {}),
    ...(turn.role === 'assistant' && turn.booking ? { booking: turn.booking } : {}),
  }))
}

export function previewRequest(userId: string, message: string, language: 'tr' | 'en', turns: readonly ChatbotPreviewTurn[]): ChatbotPreviewRequest {
  return { userId, message, language, preview: true, history: previewHistory(turns) }
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])

/** Asks the owner's own assistant, as a customer would, with nothing stored or charged. */
export async function askPreview(client: Pick<SupabaseClient, 'functions'>, request: ChatbotPreviewRequest): Promise<PreviewOutcome> {
  const answer = await invokeFunction(client, CHATBOT_FUNCTION, request, CHATBOT_API_ERRORS)
  if (answer.kind === 'ok') {
    const reply = answer.data.reply
    if (typeof reply === 'string' && reply.trim() !== '') {
      const booking = answer.data.booking
      return {
        ok: true, reply, productIds: stringList(answer.data.productIds),
        ...(typeof booking === 'object' && booking !== null && !Array.isArray(booking) ? { booking: booking as Record<string, unknown> } : {}),
      }
    }
    return { ok: false, code: 'server_error' }
  }
  const code = refusalCode(answer)
  const retryAfter = answer.kind === 'error' && typeof answer.body.retry_after === 'number' ? answer.body.retry_after : undefined
  console.error('the chatbot preview got no answer', code, answer.kind === 'unknown' ? answer.status : '')
  return { ok: false, code, ...(retryAfter !== undefined ? { retryAfter } : {}) }
}
