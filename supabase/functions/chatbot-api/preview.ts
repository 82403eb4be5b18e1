// Reading the owner's try-it panel's request (domain/functions.ts,
// ChatbotPreviewRequest). The panel sends the conversation back with every
// message because a preview stores nothing; the owner's token vouches for
// who sends it, but the turns are still read as untrusted input: bounded in
// number and length, product ids only as uuids (the catalogue only ever
// looks them up among the owner's own products).
import { CHATBOT_MESSAGE_MAX_LENGTH, CHATBOT_PREVIEW_HISTORY_MAX } from '../../../domain/functions.ts'
import type { Turn } from '../_shared/assistant/types.ts'

/** An assistant turn may list several products, so it may be longer than a customer's message. */
export const PREVIEW_REPLY_MAX_LENGTH = 8 * CHATBOT_MESSAGE_MAX_LENGTH
/** More than any one reply names. */
export const PREVIEW_PRODUCT_IDS_MAX = 20

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function turnOf(value: unknown): Turn | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { role, content, productIds } = value as Record<string, unknown>
  if (role !== 'user' && role !== 'assistant') return null
  if (typeof content !== 'string') return null
  const text = content.trim()
  const max = role === 'user' ? CHATBOT_MESSAGE_MAX_LENGTH : PREVIEW_REPLY_MAX_LENGTH
  if (!text || [...text].length > max) return null
  if (productIds === undefined || productIds === null) return { role, content: text, productIds: [] }
  if (!Array.isArray(productIds) || productIds.length > PREVIEW_PRODUCT_IDS_MAX) return null
  if (!productIds.every((id) => typeof id === 'string' && UUID.test(id))) return null
  return { role, content: text, productIds: role === 'assistant' ? (productIds as string[]) : [] }
}

/**
 * The turns the assistant reads (the last CHATBOT_PREVIEW_HISTORY_MAX), or
 * null when the history is malformed: one bad turn refuses the request
 * rather than answering from a conversation the owner did not have.
 */
export function previewHistory(value: unknown): Turn[] | null {
  if (value === undefined || value === null) return []
  // A panel keeps at most its last turns; a much longer list is not one.
  if (!Array.isArray(value) || value.length > 10 * CHATBOT_PREVIEW_HISTORY_MAX) return null
  const turns: Turn[] = []
  for (const item of value.slice(-CHATBOT_PREVIEW_HISTORY_MAX)) {
    const turn = turnOf(item)
    if (!turn) return null
    turns.push(turn)
  }
  return turns
}
