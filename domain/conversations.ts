// The owner's conversations with customers (public.conversations, migration
// 20261129000100): who answers each one, why a person took it, and the
// limits of the owner's replies. Shared by the edge functions and the app.

/**
 * Who answers a conversation: the assistant ('bot'), nobody yet (handed off,
 * waiting for the owner), the owner ('human'), or nobody ('resolved'; the
 * assistant again when the customer writes).
 */
export const CONVERSATION_STATUSES = ['bot', 'needs_human', 'human', 'resolved'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

/** Whether a person has the conversation, so the assistant stays quiet. */
export function isWithPerson(status: ConversationStatus | null | undefined): boolean {
  return status === 'needs_human' || status === 'human'
}

/** Why a conversation left the assistant: the customer asked for a person, complained, it did not know twice, or the owner took it. */
export const HANDOFF_REASONS = ['asked', 'complaint', 'not_known', 'owner'] as const
export type HandoffReason = (typeof HANDOFF_REASONS)[number]

export const MESSAGE_AUTHORS = ['customer', 'assistant', 'owner'] as const
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number]

/** The most SMS an owner gets a day about conversations waiting for them (the inbox's setting). */
export const HANDOFF_SMS_PER_DAY = 10

/** The longest reply an owner sends, in characters: WhatsApp's text limit. */
export const OWNER_REPLY_MAX_LENGTH = 4096

/** WhatsApp lets a business write freely for 24 hours after the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000

/** How much of the WhatsApp window is left at `now` (0 when it is closed), from the customer's last message. */
export function whatsappWindowLeft(lastCustomerMessageAt: Date | string | null, now: Date): number {
  if (lastCustomerMessageAt === null) return 0
  const at = typeof lastCustomerMessageAt === 'string' ? Date.parse(lastCustomerMessageAt) : lastCustomerMessageAt.getTime()
  if (!Number.isFinite(at)) return 0
  return Math.max(0, at + WHATSAPP_WINDOW_MS - now.getTime())
}
