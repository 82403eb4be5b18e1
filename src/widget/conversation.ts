// The conversation a visitor is having, kept in sessionStorage so it follows
// them from page to page of the same site (same origin, same tab) and is gone
// when the tab closes: a shared computer does not show the next visitor what
// the last one asked.

export type ChatRole = 'user' | 'bot'
export type ChatMessage = { role: ChatRole; text: string }
export type Conversation = { conversationId: string | null; messages: ChatMessage[] }

/** Older messages are dropped beyond this; a long chat should not fill the site's storage quota. */
export const STORED_MESSAGES_MAX = 60
const VERSION = 1

export const storageKey = (userId: string) => `chatbot-widget:${userId}`

export const emptyConversation = (): Conversation => ({ conversationId: null, messages: [] })

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** The stored conversation for this owner's widget, or an empty one (nothing stored, storage blocked, unreadable). */
export function loadConversation(storage: Store | null, userId: string): Conversation {
  try {
    const raw = storage?.getItem(storageKey(userId))
    if (!raw) return emptyConversation()
    const data = JSON.parse(raw) as { v?: unknown; conversationId?: unknown; messages?: unknown }
    if (data.v !== VERSION || !Array.isArray(data.messages)) return emptyConversation()
    const messages = data.messages.filter(
      (m): m is ChatMessage => typeof m === 'object' && m !== null && (m.role === 'user' || m.role === 'bot') && typeof m.text === 'string',
    )
    return { conversationId: typeof data.conversationId === 'string' ? data.conversationId : null, messages }
  } catch {
    return emptyConversation()
  }
}

/** Stores the conversation; a full or blocked storage only means it will not survive the next page. */
export function saveConversation(storage: Store | null, userId: string, conversation: Conversation): void {
  try {
    const messages = conversation.messages.slice(-STORED_MESSAGES_MAX)
    storage?.setItem(storageKey(userId), JSON.stringify({ v: VERSION, conversationId: conversation.conversationId, messages }))
  } catch {
    // Storage full or disabled (private modes, blocked cookies): keep chatting in memory.
  }
}

/** sessionStorage, or null where reading it throws (sandboxed frames, blocked site data). */
export function sessionStore(): Store | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
