// answer(): one customer message in, one reply out, for any channel (the
// website widget through chatbot-api, WhatsApp). Ties the responder to what
// is live in the database at reply time: the owner's business name and
// chatbot configuration, the conversation so far and the owner's catalogue,
// then keeps both turns in chatbot_messages so the next message can follow up
// ("how much is it?") and the owner's statistics see them.
//
// answer() charges nothing: quotas and rate limits belong to the caller
// (chatbot-api charges before calling and refunds when this throws), so a
// caller that answers without charging, such as the owner's preview, can say
// so explicitly.
//
// Preview (the owner's try-it panel) stores nothing: no turn is written, so it
// appears in no statistic, no message history and no conversation a customer
// could continue. Its memory is the panel's: it sends the turns so far.
import type { SupabaseClient } from '@supabase/supabase-js'
import { readEnv } from '../env.ts'
import { builtinResponder } from './builtin.ts'
import { createCatalogue } from './catalogue.ts'
import { chooseResponder, type ModelConfig } from './provider.ts'
import type { AssistantChannel, AssistantLanguage, Catalogue, Responder, Turn } from './types.ts'

/** Turns of the conversation the responder sees: enough for follow-ups, little enough to read every time. */
export const HISTORY_TURNS = 10

export type AnswerInput = {
  /** A service-role client: the caller has already decided whose assistant this is. */
  client: SupabaseClient
  ownerId: string
  channel: AssistantChannel
  /** Continue this conversation; a new random id when absent. */
  conversationId?: string | null
  message: string
  language?: AssistantLanguage
  /** The owner's own try-it panel: nothing is stored (see above). */
  preview?: boolean
  /**
   * A preview's conversation so far, as its panel sent it back (oldest
   * first); the last HISTORY_TURNS are read. Ignored unless `preview`: a
   * customer's conversation is only ever what was stored.
   */
  history?: Turn[]
  /**
   * Default: the deployment's choice (provider.ts, ASSISTANT_PROVIDER): the
   * built-in, rule-based responder unless a model is configured, which then
   * uses the owner's model settings from chatbot_configs.
   */
  responder?: Responder
  /** How the result names the responder; default `builtin` / `openai` for the deployment's, else `custom`. */
  provider?: string
  /** Default: the owner's live catalogue. */
  catalogue?: Catalogue
}

export type AnswerResult = {
  reply: string
  language: AssistantLanguage
  productIds: string[]
  provider: string
  conversationId: string
}

type MessageRow = { role: Turn['role']; content: string; product_ids: string[] | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function answer(input: AnswerInput): Promise<AnswerResult> {
  const { client, ownerId, channel, message } = input
  const conversationId = input.conversationId || crypto.randomUUID()

  const [owner, history] = await Promise.all([
    readOwner(client, ownerId),
    input.preview ? Promise.resolve((input.history ?? []).slice(-HISTORY_TURNS)) : readHistory(client, ownerId, conversationId),
  ])
  const responder = input.responder ?? chooseResponder(readEnv, owner.model, builtinResponder)
  const provider = input.provider ?? (responder === builtinResponder ? 'builtin' : input.responder ? 'custom' : 'openai')
  const businessName = owner.businessName

  const out = await responder({
    message,
    language: input.language,
    history,
    businessName,
    catalogue: input.catalogue ?? createCatalogue(client, ownerId),
  })
  // Stored in a uuid[] column: anything else a responder named would fail the
  // whole insert, and a reply is worth more than one bad reference.
  const productIds = [...new Set(out.productIds.filter((id) => UUID.test(id)))]

  if (!input.preview) {
    // One statement, so a conversation never holds a question without its answer.
    const { error } = await client.from('chatbot_messages').insert([
      { user_id: ownerId, channel, conversation_id: conversationId, role: 'user', content: message, product_ids: [] },
      { user_id: ownerId, channel, conversation_id: conversationId, role: 'assistant', content: out.reply, product_ids: productIds },
    ])
    if (error) throw new Error(`storing the conversation failed: ${error.code ?? ''} ${error.message}`)
  }

  return { reply: out.reply, language: out.language, productIds, provider, conversationId }
}

type ConfigRow = ModelConfig & { bot_name: string | null }

/** chatbot_configs' defaults, for an owner who never saved the configuration (WhatsApp needs none). */
const DEFAULT_MODEL: ModelConfig = { openai_model: 'gpt-3.5-turbo', temperature: 0.7, max_tokens: 1000, system_prompt: null }

/**
 * The name the assistant speaks for (the profile's business name, else the
 * bot's name) and the owner's model settings, read for every message so an
 * edit applies to the next one.
 */
async function readOwner(client: SupabaseClient, ownerId: string): Promise<{ businessName: string; model: ModelConfig }> {
  const [user, config] = await Promise.all([
    client.from('users').select('business_name').eq('id', ownerId).maybeSingle(),
    client.from('chatbot_configs').select('bot_name, openai_model, temperature, max_tokens, system_prompt').eq('user_id', ownerId).maybeSingle(),
  ])
  if (user.error) throw new Error(`reading the owner failed: ${user.error.message}`)
  if (config.error) throw new Error(`reading the chatbot configuration failed: ${config.error.message}`)
  const row = config.data as ConfigRow | null
  const name = (user.data as { business_name: string | null } | null)?.business_name?.trim()
  const bot = row?.bot_name?.trim()
  const { bot_name: _, ...model } = row ?? { bot_name: null, ...DEFAULT_MODEL }
  return { businessName: name || bot || '', model }
}

/** The last HISTORY_TURNS turns, oldest first. */
async function readHistory(client: SupabaseClient, ownerId: string, conversationId: string): Promise<Turn[]> {
  const { data, error } = await client
    .from('chatbot_messages')
    .select('role, content, product_ids')
    .eq('user_id', ownerId)
    .eq('conversation_id', conversationId)
    // Both turns of an exchange share one created_at (one insert); 'assistant'
    // sorting before 'user' puts the answer after its question once reversed.
    .order('created_at', { ascending: false })
    .order('role', { ascending: true })
    .limit(HISTORY_TURNS)
  if (error) throw new Error(`reading the conversation failed: ${error.message}`)
  return (data as MessageRow[]).reverse().map((row) => ({ role: row.role, content: row.content, productIds: row.product_ids ?? [] }))
}
