// answer(): one customer message in, one reply out, for any channel (the
// website widget through chatbot-api, WhatsApp). Ties the responder to what
// is live in the database at reply time: the owner's business name and
// chatbot configuration, the conversation so far and the owner's catalogue,
// then keeps both turns in chatbot_messages so the next message can follow up
// ("how much is it?") and the owner's statistics see them: the reply with its
// outcome (answered, did not know, handed off, refused, booked) and the time
// it took, for the owner's insights.
//
// Conversations are the server's (migration 20261127000200): a widget names
// one by the id it was given, WhatsApp by the sender, and the database finds
// it only among the owner's conversations on that channel. Anything else
// starts a new conversation under an id the server draws. The reply keeps
// only the owner's own links (links.ts).
//
// answer() charges nothing: quotas and rate limits belong to the caller
// (chatbot-api charges before calling and refunds when this throws), so a
// caller that answers without charging, such as the owner's preview, can say
// so explicitly.
//
// A conversation a person has (status 'needs_human' or 'human', migration
// 20261129000100) gets no answer: the customer's message is stored for the
// owner and the result's reply is null. The assistant hands a conversation to
// a person itself when the customer asks for one, complains, or it did not
// know twice in a row (handoff.ts): the customer is told the business will
// answer here, and when it opens if it is closed.
//
// Where the owner takes bookings, the responder gets the owner's calendar for
// this conversation (booking-desk.ts): the WhatsApp sender's number, or on
// the widget this conversation, is who the customer is. Where a booking
// conversation stands is stored with the reply (chatbot_messages.booking) and
// read back with the history.
//
// Preview (the owner's try-it panel) stores nothing: no turn is written, so it
// appears in no statistic, no message history and no conversation a customer
// could continue, and its booking desk books nothing. Its memory is the
// panel's: it sends the turns so far, with their booking step.
import type { SupabaseClient } from '@supabase/supabase-js'
import { readEnv } from '../env.ts'
import { sendHandoffSms } from '../handoff-sms.ts'
import { builtinResponder } from './builtin.ts'
import { faqAnswers } from './faq-answers.ts'
import { createBookingDesk } from './booking-desk.ts'
import { createCatalogue } from './catalogue.ts'
import { keepOwnLinks, linkKey } from './links.ts'
import { chooseResponder, type ModelConfig } from './provider.ts'
import { createBusinessKnowledge } from './business.ts'
import { handoffAnswer } from './business-replies.ts'
import { isWithPerson } from '../../../../domain/conversations.ts'
import { handoffAsked, notKnownTwice } from './handoff.ts'
import { replyOutcome, type ReplyOutcome } from '../../../../domain/insights.ts'
import { replyLanguage } from './language.ts'
import { HISTORY_TURNS, type AssistantChannel, type ConversationStatus, type HandoffReason, type ResponderOutput, type AssistantLanguage, type BusinessKnowledge, type BookingDesk, type BookingDraft, type BusinessProfile, type Catalogue, type CatalogueProduct, type Responder, type Turn } from './types.ts'
import { isUuid } from '../../../../domain/ids.ts'

export { HISTORY_TURNS }

export type AnswerInput = {
  /** A service-role client: the caller has already decided whose assistant this is. */
  client: SupabaseClient
  ownerId: string
  channel: AssistantChannel
  /** The conversation to continue, as the caller can name it; a new one when it is absent or not found. */
  conversation?: ConversationRef | null
  /**
   * The id a new conversation gets (default: a fresh random uuid). Drawn by
   * the server, never taken from a request: chatbot-api draws it before its
   * rate limits so they can count the new conversation.
   */
  newConversationId?: string
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
  /** Default: the owner's profile as the context read it, and the owner's FAQ. */
  business?: BusinessKnowledge
  /** Default: now. The owner's "today" and "open now" are read from it. */
  now?: Date
  /** Default: the owner's calendar for this conversation (a dry run in a preview). */
  booking?: BookingDesk
  /**
   * What readOwnerContext returned for this owner and conversation, when the
   * caller has already read it (chatbot-api checks the configuration first);
   * read here otherwise.
   */
  context?: OwnerContext
}

export type AnswerResult = {
  /** null when a person has the conversation: the message was stored for the owner and nobody answered it. */
  reply: string | null
  language: AssistantLanguage
  productIds: string[]
  provider: string
  conversationId: string
  /** The kind of question the reply answered (ResponderOutput.kind); `held` when a person has the conversation. */
  kind: string
  /** The conversation's status after this message. */
  status: ConversationStatus
  /** Why this reply handed the conversation to a person, when it did. */
  handoff: HandoffReason | null
  /** Where a booking conversation stands after this reply (stored with it; a preview's panel sends it back). */
  booking: BookingDraft | null
}

type MessageRow = { role: Turn['role']; content: string; product_ids: string[] | null; kind?: string | null; booking?: BookingDraft | null }
type Stored = { conversation_id: string; status: ConversationStatus; answered: boolean }


/**
 * How a caller names a conversation: the widget by the id the server gave it
 * (any other id finds nothing), WhatsApp by the sender's WhatsApp id.
 */
export type ConversationRef = { id: string } | { waId: string }

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
  /** What the owner wrote about the business; null when there is no row. */
  profile: BusinessProfile | null
  hasFaq: boolean
  model: ModelConfig
  /** The owner's daily message allowance, when the usage row exists. */
  dailyMessageLimit: number | null
  /** The conversation found for the owner and channel, or null: the next turns start a new one. */
  conversationId: string | null
  /** Its status, or null with no conversation (a new one is the assistant's). */
  status: ConversationStatus | null
  /** The conversation's last HISTORY_TURNS turns, oldest first. */
  history: Turn[]
}

type ContextRow = {
  config: (WidgetSettings & ModelConfig & { bot_name: string | null }) | null
  business_name: string | null
  profile: (BusinessProfile & { has_faq: boolean }) | null
  daily_message_limit: number | null
  conversation_id: string | null
  status: ConversationStatus | null
  history: MessageRow[]
}

/** chatbot_configs' defaults, for an owner who never saved the configuration. */
const DEFAULT_MODEL: ModelConfig = { openai_model: 'gpt-3.5-turbo', temperature: 0.7, max_tokens: 1000, system_prompt: null }

/**
 * One round trip (chatbot_context, migration 20261127000200): the owner's
 * configuration, business name and, when `conversation` names one of the
 * owner's conversations on this channel, that conversation so far.
 */
export async function readOwnerContext(
  client: SupabaseClient,
  ownerId: string,
  channel: AssistantChannel,
  conversation: ConversationRef | null,
): Promise<OwnerContext> {
  const { data, error } = await client.rpc('chatbot_context', {
    p_user_id: ownerId,
    p_channel: channel,
    p_conversation_id: conversation && 'id' in conversation && isUuid(conversation.id) ? conversation.id : null,
    p_contact: conversation && 'waId' in conversation ? conversation.waId : null,
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
    profile: row.profile ? profileOf(row.profile) : null,
    hasFaq: row.profile?.has_faq ?? false,
    model: config
      ? { openai_model: config.openai_model, temperature: config.temperature, max_tokens: config.max_tokens, system_prompt: config.system_prompt }
      : DEFAULT_MODEL,
    dailyMessageLimit: row.daily_message_limit,
    conversationId: row.conversation_id,
    status: row.status,
    history: row.history.map((turn) => ({
      role: turn.role, content: turn.content, productIds: turn.product_ids ?? [], kind: turn.kind ?? null, booking: turn.booking ?? null,
    })),
  }
}

export async function answer(input: AnswerInput): Promise<AnswerResult> {
  const { client, ownerId, channel, message } = input

  // A preview's history is its panel's, and it never continues a stored conversation.
  const owner = input.context ?? (await readOwnerContext(client, ownerId, channel, input.preview ? null : (input.conversation ?? null)))
  const known = input.preview ? null : owner.conversationId
  const conversationId = known ?? input.newConversationId ?? crypto.randomUUID()
  const history = input.preview ? (input.history ?? []).slice(-HISTORY_TURNS) : owner.history
  const responder = input.responder ?? chooseResponder(readEnv, owner.model, builtinResponder)
  const provider = input.provider ?? (responder === builtinResponder ? 'builtin' : input.responder ? 'custom' : 'openai')
  const now = input.now ?? new Date()
  const contact = input.conversation && 'waId' in input.conversation ? input.conversation.waId : null
  const started = performance.now()
  const store = async (
    reply: string | null, productIds: string[], kind: string | null, handoff: HandoffReason | null, booking: BookingDraft | null = null, outcome: ReplyOutcome | null = null,
  ): Promise<Stored> => {
    // One transaction, so a conversation never holds a question without its answer.
    const { data, error } = await client.rpc('store_chatbot_turns', {
      p_user_id: ownerId,
      p_channel: channel,
      p_conversation_id: conversationId,
      p_new: known === null,
      p_contact: contact,
      p_question: message,
      p_answer: reply,
      p_product_ids: productIds,
      p_kind: kind,
      p_handoff: handoff,
      p_booking: booking,
      p_outcome: outcome,
      p_reply_ms: reply === null ? null : Math.round(performance.now() - started),
    })
    if (error) throw new Error(`storing the conversation failed: ${error.code ?? ''} ${error.message}`)
    return data as Stored
  }

  const held = (stored: Stored): AnswerResult => ({
    reply: null, language: replyLanguage(message, input.language, history), productIds: [], provider, conversationId: stored.conversation_id,
    kind: 'held', status: stored.status, handoff: null, booking: null,
  })
  if (!input.preview && isWithPerson(owner.status)) return held(await store(null, [], null, null))

  const business = input.business ?? createBusinessKnowledge(client, ownerId, owner.profile, owner.hasFaq)
  const handover = (reason: Exclude<HandoffReason, 'owner'>, language: AssistantLanguage): ResponderOutput => ({
    reply: handoffAnswer(reason, business.profile, owner.businessName, now, language), language, productIds: [], kind: reason === 'asked' ? 'human' : reason,
  })
  const read = new Set<string>()
  const catalogue = remembering(input.catalogue ?? createCatalogue(client, ownerId), read)
  // Asking for a person or complaining is the same reading whoever answers, and no model is paid to say so.
  let handoff: Exclude<HandoffReason, 'owner'> | null = await handoffAsked(message, history, catalogue)
  // "Can I collect in person?" asks what the owner's FAQ answers, not for a person.
  if (handoff === 'asked' && (await faqAnswers(business, message))) handoff = null
  // The WhatsApp sender's number is the customer's; on the widget the customer types theirs.
  const booking = input.booking ?? (business.profile
    ? createBookingDesk(client, ownerId, {
      conversationId: known, phone: contact ? `+${contact.replace(/^\+/, '')}` : null, timeZone: business.profile.time_zone, now, dryRun: input.preview === true,
    })
    : undefined)
  let out = handoff
    ? handover(handoff, replyLanguage(message, input.language, history))
    : await responder({ message, language: input.language, history, businessName: owner.businessName, catalogue, business, now, booking })
  if (!handoff && notKnownTwice(out.kind, history)) {
    handoff = 'not_known'
    out = handover(handoff, out.language)
  }
  if (owner.profile?.maps_url) read.add(linkKey(owner.profile.maps_url) ?? '')
  const website = owner.widget?.website_url ? linkKey(owner.widget.website_url) : null
  const reply = await keepOwnLinks(out.reply, {
    allowed: new Set([...read, ...(website ? [website] : [])]),
    productLinks: (candidates) => productLinksAmong(client, ownerId, candidates),
  })
  // Stored in a uuid[] column: anything else a responder named would fail the
  // whole insert, and a reply is worth more than one bad reference.
  const productIds = [...new Set(out.productIds.filter((id) => isUuid(id)))]

  const result: AnswerResult = {
    reply, language: out.language, productIds, provider, conversationId, kind: out.kind, status: handoff ? 'needs_human' : 'bot', handoff,
    booking: handoff ? null : (out.booking ?? null),
  }
  if (input.preview) return result
  const stored = await store(reply, productIds, out.kind, handoff, result.booking, replyOutcome({ kind: out.kind, handoff, known: out.known }))
  // A person took the conversation while the assistant was answering: the customer's message waits for them.
  if (!stored.answered) return held(stored)
  if (handoff) await sendHandoffSms(client, ownerId, channel)
  return { ...result, conversationId: stored.conversation_id, status: stored.status }
}

function profileOf(row: BusinessProfile & { has_faq?: boolean }): BusinessProfile {
  const { has_faq: _hasFaq, ...profile } = row
  return { ...profile, opening_hours: profile.opening_hours ?? {} }
}

/** The catalogue, noting the product links of everything it hands the responder. */
function remembering(catalogue: Catalogue, links: Set<string>): Catalogue {
  const note = (products: CatalogueProduct[]) => {
    for (const p of products) {
      const key = p.product_link ? linkKey(p.product_link) : null
      if (key) links.add(key)
    }
    return products
  }
  return {
    search: async (query, limit) => note(await catalogue.search(query, limit)),
    byIds: async (ids) => note(await catalogue.byIds(ids)),
    list: async (limit, order) => note(await catalogue.list(limit, order)),
    extremes: async (order) => note(await catalogue.extremes(order)),
    inBudget: async (budget, limit) => note(await catalogue.inBudget(budget, limit)),
  }
}

/** Which of these addresses are product links of the owner's live catalogue. */
async function productLinksAmong(client: SupabaseClient, ownerId: string, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return []
  const { data, error } = await client
    .from('products')
    .select('product_link')
    .eq('user_id', ownerId)
    .eq('_deleted', false)
    .in('product_link', candidates.slice(0, 20))
  if (error) throw new Error(`product link check failed: ${error.message}`)
  return ((data ?? []) as { product_link: string }[]).map((row) => row.product_link)
}
