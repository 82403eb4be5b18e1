// Reading the owner's try-it panel's request (domain/functions.ts,
// ChatbotPreviewRequest). The panel sends the conversation back with every
// message because a preview stores nothing; the owner's token vouches for
// who sends it, but the turns are still read as untrusted input: bounded in
// number and length, product ids only as uuids (the catalogue only ever
// looks them up among the owner's own products).
import { CHATBOT_MESSAGE_MAX_LENGTH, CHATBOT_PREVIEW_HISTORY_MAX } from '../../../domain/functions.ts'
import type { BookingDraft, Turn } from '../_shared/assistant/types.ts'
import { isUuid } from '../../../domain/ids.ts'

/** An assistant turn may list several products, so it may be longer than a customer's message. */
export const PREVIEW_REPLY_MAX_LENGTH = 8 * CHATBOT_MESSAGE_MAX_LENGTH
/** More than any one reply names. */
export const PREVIEW_PRODUCT_IDS_MAX = 20
/** As chatbot_messages.booking holds at most. */
export const PREVIEW_BOOKING_MAX_LENGTH = 4096


/** A booking step as a preview answer gave it: a small object, read again by the booking conversation, which checks every time it holds. */
function bookingOf(value: unknown): BookingDraft | null | undefined {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value) || JSON.stringify(value).length > PREVIEW_BOOKING_MAX_LENGTH) return undefined
  const { mode, step } = value as Record<string, unknown>
  if (typeof mode !== 'string' || typeof step !== 'string') return undefined
  return value as BookingDraft
}

function turnOf(value: unknown): Turn | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { role, content, productIds, booking: rawBooking } = value as Record<string, unknown>
  const booking = role === 'assistant' ? bookingOf(rawBooking) : null
  if (booking === undefined) return null
  if (role !== 'user' && role !== 'assistant') return null
  if (typeof content !== 'string') return null
  const text = content.trim()
  const max = role === 'user' ? CHATBOT_MESSAGE_MAX_LENGTH : PREVIEW_REPLY_MAX_LENGTH
  if (!text || [...text].length > max) return null
  if (productIds === undefined || productIds === null) return { role, content: text, productIds: [], booking }
  if (!Array.isArray(productIds) || productIds.length > PREVIEW_PRODUCT_IDS_MAX) return null
  if (!productIds.every((id) => typeof id === 'string' && isUuid(id))) return null
  return { role, content: text, productIds: role === 'assistant' ? (productIds as string[]) : [], booking }
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
