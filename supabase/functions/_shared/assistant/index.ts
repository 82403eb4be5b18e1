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
  /**
   * What readOwnerContext returned for this owner and conversation, when the
   * caller has already read it (chatbot-api checks the configuration first);
   * read here otherwise.
   */
  context?: OwnerContext
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

/** What the owner's chatbot_configs row says about where the widget may answer. */
export type WidgetSettings = { enabled: boolean; website_url: string | null; allowed_domains: string[] | null }

/**
 * Everything an answer reads about the owner besides the catalogue, read for
 * every message so an edit applies to the next one.
 */
export type OwnerContext = {
  /** null when the owner never saved the chatbot configuration (WhatsApp needs none). */
  widget: WidgetSettings | null
  /** The name the assistant speaks for: the profile's business name, else the bot's name. */
  businessName: string
  model: ModelConfig
  /** The conversation's last HISTORY_TURNS turns, oldest first. */
  history: Turn[]
}

type ContextRow = {
  config: (WidgetSettings & ModelConfig & { bot_name: string | null }) | null
  business_name: string | null
  history: MessageRow[]
}

/** chatbot_configs' defaults, for an owner who never saved the configuration. */
const DEFAULT_MODEL: ModelConfig = { openai_model: 'gpt-3.5-turbo', temperature: 0.7, max_tokens: 1000, system_prompt: null }

/**
 * One round trip (chatbot_context, migration 20261122002100): the owner's
 * configuration, business name and, unless `conversationId` is null, the
 * conversation so far.
 */
export async function readOwnerContext(client: SupabaseClient, ownerId: string, conversationId: string | null): Promise<OwnerContext> {
  const { data, error } = await client.rpc('chatbot_context', {
    p_user_id: ownerId,
    p_conversation_id: conversationId,
    p_history_turns: HISTORY_TURNS,
  })
  if (error) throw new Error(`reading the owner's assistant settings failed: ${error.message}`)
  const row = data as ContextRow
  const config = row.config
  const name = row.business_name?.trim()
  const bot = config?.bot_name?.trim()
  return {
    widget: config && { enabled: config.enabled, website_url: config.website_url, allowed_domains: config.allowed_domains },
    businessName: name || bot || '',
    model: config
      ? { openai_model: config.openai_model, temperature: config.temperature, max_tokens: config.max_tokens, system_prompt: config.system_prompt }
      : DEFAULT_MODEL,
    history: row.history.map((turn) => ({ role: turn.role, content: turn.content, productIds: turn.product_ids ?? [] })),
  }
}

export async function answer(input: AnswerInput): Promise<AnswerResult> {
  const { client, ownerId, channel, message } = input
  const conversationId = input.conversationId || crypto.randomUUID()

  // A new conversation has nothing to read; a preview's history is its panel's.
  const readHistory = !input.preview && !!input.conversationId
  const owner = input.context ?? (await readOwnerContext(client, ownerId, readHistory ? conversationId : null))
  const history = input.preview ? (input.history ?? []).slice(-HISTORY_TURNS) : owner.history
  const responder = input.responder ?? chooseResponder(readEnv, owner.model, builtinResponder)
  const provider = input.provider ?? (responder === builtinResponder ? 'builtin' : input.responder ? 'custom' : 'openai')

  const out = await responder({
    message,
    language: input.language,
    history,
    businessName: owner.businessName,
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
