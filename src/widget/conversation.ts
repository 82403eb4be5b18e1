// The conversation a visitor is having, kept in sessionStorage so it follows
// them from page to page of the same site (same origin, same tab) and is gone
// when the tab closes: a shared computer does not show the next visitor what
// the last one asked.
//
// The owner's replies arrive by fetching the conversation (api.ts
// fetchMessages), which gives every author's messages: the visitor's own and
// the assistant's were shown when the message was posted, so only the
// owner's are new to the widget, each shown once by its id. `lastId` is the
// newest message fetched, of any author: the next fetch starts after it.
import type { FetchedMessage } from './api.ts'

export type ChatRole = 'user' | 'bot' | 'owner'
/** `id`: an owner's message, as the server names it. */
export type ChatMessage = { role: ChatRole; text: string; id?: string }
export type Conversation = { conversationId: string | null; messages: ChatMessage[]; lastId: string | null }

/** Older messages are dropped beyond this; a long chat should not fill the site's storage quota. */
export const STORED_MESSAGES_MAX = 60
const VERSION = 1
const ROLES: readonly unknown[] = ['user', 'bot', 'owner']

export const storageKey = (userId: string) => `chatbot-widget:${userId}`

export const emptyConversation = (): Conversation => ({ conversationId: null, messages: [], lastId: null })

type Store = Pick<Storage, 'getItem' | 'setItem'>

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** The stored conversation for this owner's widget, or an empty one (nothing stored, storage blocked, unreadable). */
export function loadConversation(storage: Store | null, userId: string): Conversation {
  try {
    const raw = storage?.getItem(storageKey(userId))
    if (!raw) return emptyConversation()
    const data = JSON.parse(raw) as { v?: unknown; conversationId?: unknown; messages?: unknown; lastId?: unknown }
    if (data.v !== VERSION || !Array.isArray(data.messages)) return emptyConversation()
    const messages: ChatMessage[] = []
    for (const m of data.messages as Array<Partial<Record<keyof ChatMessage, unknown>> | null>) {
      if (typeof m !== 'object' || m === null || !ROLES.includes(m.role) || typeof m.text !== 'string') continue
      const id = text(m.id)
      messages.push(id === null ? { role: m.role as ChatRole, text: m.text } : { role: m.role as ChatRole, text: m.text, id })
    }
    const conversationId = text(data.conversationId)
    // A position in another conversation means nothing in this one.
    return { conversationId, messages, lastId: conversationId === null ? null : text(data.lastId) }
  } catch {
    return emptyConversation()
  }
}

/** Stores the conversation; a full or blocked storage only means it will not survive the next page. */
export function saveConversation(storage: Store | null, userId: string, conversation: Conversation): void {
  try {
    const { conversationId, lastId } = conversation
    const messages = conversation.messages.slice(-STORED_MESSAGES_MAX)
    storage?.setItem(storageKey(userId), JSON.stringify({ v: VERSION, conversationId, messages, lastId }))
  } catch {
    // Storage full or disabled (private modes, blocked cookies): keep chatting in memory.
  }
}

/**
 * The conversation after a message was answered: the visitor's message and
 * the reply, or the message alone when the reply is null (a person has the
 * conversation). A conversation under another id (the one named was not
 * found) is read from its start.
 */
export function withAnswer(conversation: Conversation, message: string, reply: string | null, conversationId: string): Conversation {
  const messages: ChatMessage[] = [...conversation.messages, { role: 'user', text: message }]
  if (reply !== null) messages.push({ role: 'bot', text: reply })
  return { conversationId, messages, lastId: conversationId === conversation.conversationId ? conversation.lastId : null }
}

/** The conversation after a fetch, and the owner's messages it had not shown yet (to show now). */
export function withFetched(conversation: Conversation, fetched: readonly FetchedMessage[]): { conversation: Conversation; fresh: ChatMessage[] } {
  const shown = new Set(conversation.messages.map((m) => m.id))
  const fresh: ChatMessage[] = fetched.filter((m) => m.author === 'owner' && !shown.has(m.id)).map(({ id, text }) => ({ role: 'owner', text, id }))
  // Not Array#at: the widget runs in browsers older than the app's.
  const lastId = fetched.length > 0 ? fetched[fetched.length - 1]!.id : conversation.lastId
  return { conversation: { ...conversation, messages: [...conversation.messages, ...fresh], lastId }, fresh }
}

/** Whether the visitor's last message waits for a person (it got no reply), so the widget says it was passed on. */
export const awaitingPerson = ({ messages }: Conversation): boolean => messages.length > 0 && messages[messages.length - 1]!.role === 'user'

/** sessionStorage, or null where reading it throws (sandboxed frames, blocked site data). */
export function sessionStore(): Store | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
