// The inbox's calls to Supabase, all online: the list (inbox_conversations,
// migration 20261129000300), a conversation's messages (the data API under
// RLS), the owner's changes to a conversation (status, customer, read), the
// waiting count for the navigation badge, and the owner's reply through
// conversation-reply. Every failure leaves here as a code or a thrown error
// with a cause. Free of Lingui macros, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ConversationStatus, HandoffReason, MessageAuthor } from '../../../domain/conversations.ts'
import { normalizePhone } from '../../../domain/phone.ts'
import { CONVERSATION_REPLY_ERRORS, type ConversationReplyError } from '../../../domain/functions.ts'
import { invokeFunction, refusalCode } from '../../lib/functions.ts'
import { readRow, RequestFailed } from '../../lib/data-api.ts'

export const INBOX_FILTERS = ['needs_you', 'assistant', 'resolved', 'all'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]

/** A page of the list; the inbox shows the newest first and reads on as the owner scrolls. */
export const INBOX_PAGE_SIZE = 50
/** The most recent messages of a conversation the thread shows. */
export const THREAD_MESSAGES_MAX = 200

export type InboxRow = {
  id: string
  channel: 'widget' | 'whatsapp'
  contact: string | null
  status: ConversationStatus
  handoff_reason: HandoffReason | null
  unread_count: number
  last_message_at: string
  customer_id: string | null
  customer_name: string | null
  customer_phone: string | null
  last_author: MessageAuthor | null
  last_text: string | null
}

export type ThreadMessage = {
  id: string
  author: MessageAuthor
  content: string
  created_at: string
  /** What an assistant's reply did (`booked`, `booking_cancelled`, …), as the responder named it; null on other messages. */
  kind?: string | null
}

type Client = Pick<SupabaseClient, 'from' | 'rpc'>

export async function fetchInbox(
  client: Client,
  query: { filter: InboxFilter; search: string; customer?: string | null; before?: { at: string; id: string } | null },
): Promise<InboxRow[]> {
  const { data, error } = await client.rpc('inbox_conversations', {
    p_filter: query.filter,
    p_search: query.search.trim() || null,
    p_limit: INBOX_PAGE_SIZE,
    p_before: query.before?.at ?? null,
    p_before_id: query.before?.id ?? null,
    p_customer: query.customer ?? null,
  })
  if (error) throw new RequestFailed('reading the conversations', error)
  return (data as InboxRow[] | null) ?? []
}

export async function fetchWaitingCount(client: Client): Promise<number> {
  const { data, error } = await client.rpc('inbox_waiting_count')
  if (error) throw new RequestFailed('counting the conversations waiting', error)
  return typeof data === 'number' ? data : 0
}

export async function fetchConversation(client: Client, id: string): Promise<InboxRow | null> {
  const row = await readRow<Omit<InboxRow, 'customer_name' | 'customer_phone' | 'last_author' | 'last_text'>>(client, {
    table: 'conversations',
    columns: 'id,channel,contact,status,handoff_reason,unread_count,last_message_at,customer_id',
    where: ['id', id],
    what: 'the conversation',
  })
  return row && { customer_name: null, customer_phone: null, last_author: null, last_text: null, ...row }
}

/** Oldest first, the last THREAD_MESSAGES_MAX; a WhatsApp reply still being sent is not shown as sent. */
export async function fetchThread(client: Client, conversationId: string): Promise<ThreadMessage[]> {
  const { data, error } = await client
    .from('chatbot_messages')
    .select('id,author,content,created_at,kind')
    .eq('conversation_id', conversationId)
    .eq('delivery', 'sent')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(THREAD_MESSAGES_MAX)
  if (error) throw new RequestFailed('reading the messages', error)
  return ((data as ThreadMessage[] | null) ?? []).reverse()
}

/** What the owner may change: who answers, the customer, and that it was read. */
export type ConversationChange = { status?: Exclude<ConversationStatus, 'needs_human'>; customer_id?: string | null; unread_count?: 0 }

export async function updateConversation(client: Client, id: string, change: ConversationChange): Promise<void> {
  const { error } = await client.from('conversations').update(change).eq('id', id)
  if (error) throw new RequestFailed('changing the conversation', error)
}

export type ReplyResult = { ok: true; id: string; createdAt: string } | { ok: false; code: ConversationReplyError | 'network' | 'server_error'; retryAfter?: number }

export async function sendReply(client: Pick<SupabaseClient, 'functions'>, request: { conversationId: string; messageId: string; message: string }): Promise<ReplyResult> {
  const answer = await invokeFunction(client, 'conversation-reply', request, CONVERSATION_REPLY_ERRORS)
  if (answer.kind === 'ok') {
    const message = answer.data.message as { id?: unknown; createdAt?: unknown } | undefined
    if (typeof message?.id === 'string' && typeof message.createdAt === 'string') return { ok: true, id: message.id, createdAt: message.createdAt }
    return { ok: false, code: 'server_error' }
  }
  const code = refusalCode(answer)
  const retryAfter = answer.kind === 'error' && typeof answer.body.retry_after === 'number' ? answer.body.retry_after : undefined
  return { ok: false, code, ...(retryAfter !== undefined ? { retryAfter } : {}) }
}

/** Who the conversation is with, as the list and the thread name them: the customer, else the number, else the website visitor. */
export function counterpart(row: Pick<InboxRow, 'customer_name' | 'customer_phone' | 'contact' | 'channel'>): { name: string | null; phone: string | null } {
  const phone = row.customer_phone ?? conversationPhone(row)
  return { name: row.customer_name?.trim() || null, phone }
}

/** The conversation's WhatsApp number in E.164, or null on the website. */
export function conversationPhone(conversation: Pick<InboxRow, 'channel' | 'contact'>): string | null {
  return conversation.channel === 'whatsapp' && conversation.contact ? normalizePhone(`+${conversation.contact.replace(/^\+/, '')}`) : null
}

export type CustomerRow = { id: string; name: string; phone_number: string | null; email: string | null }

/** The customer the conversation is linked to, else the one with its WhatsApp number; `linked` says which. */
export async function findCustomer(client: Client, conversation: InboxRow): Promise<{ customer: CustomerRow | null; linked: boolean }> {
  const phone = conversationPhone(conversation)
  if (!conversation.customer_id && !phone) return { customer: null, linked: false }
  let query = client.from('customers').select('id,name,phone_number,email').eq('_deleted', false)
  query = conversation.customer_id ? query.eq('id', conversation.customer_id) : query.eq('phone_number', phone ?? '')
  const { data, error } = await query.order('created_at').limit(1)
  if (error) throw new RequestFailed('reading the customer', error)
  return { customer: ((data as CustomerRow[] | null) ?? [])[0] ?? null, linked: conversation.customer_id !== null }
}

/** Whether the owner gets an SMS when a conversation waits for them (business_profiles.handoff_sms). */
export async function fetchHandoffSms(client: Client, userId: string): Promise<boolean> {
  const row = await readRow<{ handoff_sms: boolean }>(client, { table: 'business_profiles', columns: 'handoff_sms', where: ['user_id', userId], what: 'the SMS setting' })
  return row?.handoff_sms ?? false
}

export async function saveHandoffSms(client: Client, userId: string, on: boolean): Promise<boolean> {
  const { data, error } = await client.from('business_profiles').update({ handoff_sms: on }).eq('user_id', userId).select('handoff_sms').single()
  if (error) throw new RequestFailed('saving the SMS setting', error)
  return (data as { handoff_sms: boolean }).handoff_sms
}
