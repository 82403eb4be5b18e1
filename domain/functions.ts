// What the edge functions (supabase/functions) may answer, shared by the
// functions and the app that calls them (src/lib/functions.ts and the
// features). Each function's error codes are one `const` list here with its
// union type, ending with the codes every function's frame answers by itself
// (FRAME_ERRORS): a function can only refuse with a code of its list, the app
// recognises exactly that list, and the app's message maps are typed
// `Record<Code, MessageDescriptor>`, so a code added here without words for
// it does not compile. Which status goes with which code is in
// supabase/functions/README.md.
//
// The app's functions answer `{success: true, error: null, …}` or
// `{success: false, error: <code>, …}`; the payment webhook, which only the
// payment provider calls, `{received, error, result}`.

import type { ConversationStatus, MessageAuthor } from './conversations.ts'

/** Every function that acts for a signed-in owner refuses with these first (_shared/owner.ts). */
export const OWNER_REFUSALS = ['unauthorized', 'phone_not_verified'] as const
export type OwnerRefusal = (typeof OWNER_REFUSALS)[number]

/** What a function that serves any signed-in user, verified or not, refuses with first (the data rights). */
export const SIGNED_IN_REFUSALS = ['unauthorized'] as const
export type SignedInRefusal = (typeof SIGNED_IN_REFUSALS)[number]

/** Whether `value` is one of `codes`: how a reply's `error` is read, on either side. */
export function isCode<C extends string>(codes: readonly C[], value: unknown): value is C {
  return typeof value === 'string' && (codes as readonly string[]).includes(value)
}

/**
 * What every function answers by itself, whatever else it refuses with: a
 * method it does not take (`invalid_request`) and a failure it did not
 * foresee (`server_error`), supabase/functions/_shared/handler.ts.
 */
export const FRAME_ERRORS = ['invalid_request', 'server_error'] as const

/** A function's list: its own codes, then the frame's. */
function functionErrors<const C extends readonly string[]>(...own: C): readonly [...C, ...typeof FRAME_ERRORS] {
  return [...own, ...FRAME_ERRORS]
}

// Payments ---------------------------------------------------------------------

/** create-checkout-session */
export const CHECKOUT_ERRORS = functionErrors(
  ...OWNER_REFUSALS,
  'unknown_price',
  'plan_not_purchasable',
  'invalid_redirect_url',
  'rate_limited',
  'provider_error',
)
export type CheckoutError = (typeof CHECKOUT_ERRORS)[number]

/**
 * What the success URL given to create-checkout-session carries for the
 * provider to fill in with the session id when it sends the buyer back
 * (Stripe's template variable; the local checkout page does the same).
 */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

/** The success URL the buyer returns to: the placeholder replaced, as the provider does. */
export function checkoutReturnUrl(successUrl: string, sessionId: string): string {
  return successUrl.split(CHECKOUT_SESSION_PLACEHOLDER).join(sessionId)
}

/** process-payment-manual */
export const PROCESS_PAYMENT_ERRORS = functionErrors(
  ...OWNER_REFUSALS,
  'session_not_found',
  'payment_not_completed',
  'payment_mismatch',
  'payment_closed',
  'provider_error',
)
export type ProcessPaymentError = (typeof PROCESS_PAYMENT_ERRORS)[number]

/** process-payment-manual's `status` on success: this call credited it, or an earlier one did. */
export const PROCESS_PAYMENT_STATUSES = ['credited', 'already_credited'] as const
export type ProcessPaymentStatus = (typeof PROCESS_PAYMENT_STATUSES)[number]

/** payment-webhook */
export const PAYMENT_WEBHOOK_ERRORS = functionErrors('invalid_signature', 'payment_mismatch')
export type PaymentWebhookError = (typeof PAYMENT_WEBHOOK_ERRORS)[number]

export const PAYMENT_WEBHOOK_RESULTS = ['credited', 'already_credited', 'pending', 'closed', 'not_creditable', 'ignored'] as const
export type PaymentWebhookResult = (typeof PAYMENT_WEBHOOK_RESULTS)[number]

// Phone verification -----------------------------------------------------------

/**
 * check-phone, the sign-up form's "is this number taken?": `{success: true,
 * exists}`; `rate_limited` carries `retry_after` (seconds).
 */
export const CHECK_PHONE_ERRORS = functionErrors('invalid_phone', 'rate_limited')
export type CheckPhoneError = (typeof CHECK_PHONE_ERRORS)[number]

// Here rather than in phone.ts: every edge function imports the rate limits,
// and phone.ts brings the phone-number library with it.
/** Digits of a verification code, as the screen takes them and send-verification makes them. */
export const PHONE_CODE_LENGTH = 6
/** One code per number per this many seconds: send-verification's limit, and the screen's resend countdown. */
export const PHONE_CODE_RESEND_SECONDS = 60

/** send-verification; `rate_limited` carries `retry_after` (seconds). */
export const SEND_VERIFICATION_ERRORS = functionErrors(
  'invalid_phone',
  'phone_not_registered',
  'already_verified',
  'rate_limited',
  'sms_failed',
  'provider_not_configured',
)
export type SendVerificationError = (typeof SEND_VERIFICATION_ERRORS)[number]

/** verify-phone; `invalid_code` after a comparison carries `attempts_left`. */
export const VERIFY_PHONE_ERRORS = functionErrors(
  'invalid_phone',
  'invalid_code',
  'phone_not_registered',
  'already_verified',
  'code_not_found',
  'code_expired',
  'too_many_attempts',
)
export type VerifyPhoneError = (typeof VERIFY_PHONE_ERRORS)[number]

// Reminders --------------------------------------------------------------------

/** send-sms; every answer also carries `message_id` (null unless a message was recorded). */
export const SEND_SMS_ERRORS = functionErrors(
  ...OWNER_REFUSALS,
  'appointment_not_found',
  'not_scheduled',
  'no_phone',
  'invalid_phone',
  'country_not_allowed',
  'rate_limited',
  'sms_failed',
  'provider_not_configured',
)
export type SendSmsError = (typeof SEND_SMS_ERRORS)[number]

/** send-sms's `language`: the reminder's words; absent means Turkish. */
export const REMINDER_LANGUAGES = ['tr', 'en'] as const
export type ReminderLanguage = (typeof REMINDER_LANGUAGES)[number]
export const DEFAULT_REMINDER_LANGUAGE: ReminderLanguage = 'tr'

/** send-reminders: the scheduler's call (the service role key), which sends the automatic reminders due now. */
export const SEND_REMINDERS_ERRORS = functionErrors('unauthorized')
export type SendRemindersError = (typeof SEND_REMINDERS_ERRORS)[number]

/**
 * Why an automatic reminder did not go (appointment_reminders.last_error):
 * send-sms's codes for the same failures, so the app words them once.
 */
export const REMINDER_FAILURES = ['invalid_phone', 'country_not_allowed', 'rate_limited', 'sms_failed', 'provider_not_configured'] as const satisfies readonly SendSmsError[]
export type ReminderFailure = (typeof REMINDER_FAILURES)[number]
/** Failures no retry mends: the reminder gives up at once. */
export const FINAL_REMINDER_FAILURES: readonly ReminderFailure[] = ['invalid_phone', 'country_not_allowed']

// The website chat widget -----------------------------------------------------

/**
 * What refuses a visitor on either of chatbot-api's routes: no chatbot for
 * the owner, the chatbot turned off, a page it does not serve, too many
 * requests (`rate_limited` carries `retry_after`, seconds).
 */
const CHATBOT_VISITOR_REFUSALS = ['chatbot_not_found', 'chatbot_disabled', 'origin_not_allowed', 'rate_limited'] as const

/**
 * chatbot-api's POST, the public endpoint the widget sends a message to (no
 * user token); `rate_limited` carries `retry_after` (seconds) and a
 * `Retry-After` header. The owner refusals answer only a preview
 * (ChatbotPreviewRequest), which needs the owner's own access token.
 */
export const CHATBOT_API_ERRORS = functionErrors(...OWNER_REFUSALS, ...CHATBOT_VISITOR_REFUSALS, 'daily_limit_reached', 'monthly_limit_reached')
export type ChatbotApiError = (typeof CHATBOT_API_ERRORS)[number]

/**
 * chatbot-api's GET /conversations/{conversationId}/messages?userId=…&after=…,
 * the widget fetching its conversation (the owner's replies reach it only
 * this way): the visitor refusals, and `conversation_not_found` for an id
 * that is not one of this owner's widget conversations. Nothing is charged.
 */
export const CHATBOT_MESSAGES_ERRORS = functionErrors(...CHATBOT_VISITOR_REFUSALS, 'conversation_not_found')
export type ChatbotMessagesError = (typeof CHATBOT_MESSAGES_ERRORS)[number]

/**
 * Every code chatbot-api answers on either route: what the function may
 * answer and what the widget reads. The app's preview only ever posts, so
 * it reads CHATBOT_API_ERRORS.
 */
export const CHATBOT_FUNCTION_ERRORS = [...CHATBOT_API_ERRORS, 'conversation_not_found'] as const
export type ChatbotFunctionError = (typeof CHATBOT_FUNCTION_ERRORS)[number]

/** The longest message chatbot-api accepts, in characters. */
export const CHATBOT_MESSAGE_MAX_LENGTH = 1000

/** What the widget sends: one customer message, in a conversation chatbot-api named before (absent on the first). */
export type ChatbotApiRequest = {
  userId: string
  message: string
  conversationId?: string | null
  language?: 'tr' | 'en'
}

/** A turn the owner's preview panel sends back with its next message, since a preview stores nothing. */
export type ChatbotPreviewTurn = {
  role: 'user' | 'assistant'
  content: string
  /** The products an assistant turn spoke of, as the previous answer gave them (for "how much is it?"). */
  productIds?: string[]
  /** Where a booking stood after an assistant turn, as the previous answer gave it: sent back as it came. */
  booking?: Record<string, unknown>
}

/**
 * The owner trying their own assistant (the chatbot screen's panel): the
 * caller's access token must be `userId`'s, with a verified phone. Answered
 * exactly as a customer would be, whether or not the chatbot is enabled and
 * from any page, but nothing is stored or charged: no usage, no statistics.
 */
export type ChatbotPreviewRequest = Omit<ChatbotApiRequest, 'conversationId'> & {
  preview: true
  /** The conversation so far, oldest first; at most CHATBOT_PREVIEW_HISTORY_MAX turns are read. */
  history?: ChatbotPreviewTurn[]
}

/** Turns of a preview's history chatbot-api reads (the assistant's own history length). */
export const CHATBOT_PREVIEW_HISTORY_MAX = 10

/** How many messages one GET of a conversation's messages gives at most. */
export const CHATBOT_MESSAGES_PAGE = 50

/** A message of the conversation as the widget reads it; `id` is what `after` names. */
export type ChatbotApiMessage = { id: string; author: MessageAuthor; text: string; createdAt: string }

/** `{success: true, error: null, …}` fields of GET …/messages: the conversation's status and its messages, oldest first. */
export type ChatbotMessagesAnswer = { status: ConversationStatus; messages: ChatbotApiMessage[] }

// The inbox ---------------------------------------------------------------------

/**
 * conversation-reply: the owner's reply in a conversation, with the owner's
 * access token. `conversation_not_found` covers another owner's id too;
 * `window_closed` is WhatsApp's 24 hours since the customer's last message
 * (or Meta saying so); `provider_error` a send Meta refused otherwise. A
 * refused reply is not stored and costs nothing.
 */
export const CONVERSATION_REPLY_ERRORS = functionErrors(
  ...OWNER_REFUSALS,
  'conversation_not_found',
  'window_closed',
  'whatsapp_not_configured',
  'insufficient_credits',
  'rate_limited',
  'provider_error',
)
export type ConversationReplyError = (typeof CONVERSATION_REPLY_ERRORS)[number]

/** What the app sends: `messageId` is drawn by the app, so a repeated request sends nothing twice. */
export type ConversationReplyRequest = { conversationId: string; messageId: string; message: string }

/** The stored reply (`{success: true, error: null, message}`). */
export type ConversationReplyAnswer = { message: { id: string; createdAt: string }; repeated: boolean }

// WhatsApp -------------------------------------------------------------------

/**
 * whatsapp-webhook/{ownerId}, which only Meta calls (`{received, error, …}`).
 * `verification_failed` is the subscribe handshake with a wrong token;
 * `invalid_signature` a delivery whose X-Hub-Signature-256 is not the
 * owner's app secret's over the body as sent.
 */
export const WHATSAPP_WEBHOOK_ERRORS = functionErrors('owner_not_found', 'verification_failed', 'invalid_signature')
export type WhatsAppWebhookError = (typeof WHATSAPP_WEBHOOK_ERRORS)[number]

// External automation ----------------------------------------------------------

/**
 * automation-webhook, products-api and user-api (`/{userId}`), which an
 * owner's automation calls with `Authorization: Bearer <automation token>`.
 * `unauthorized` covers a missing or wrong token and a user id it is not
 * for alike; `no_credits` (402) answers a POST at a zero balance. The rest
 * answer a WhatsApp message the server sends for the automation
 * (AutomationSendRequest): a bad `to` or `text`, no access token or number
 * saved, a repeat of a send still under way, Meta's closed 24-hour window,
 * any other refusal of the provider.
 */
export const AUTOMATION_ERRORS = functionErrors(
  'unauthorized',
  'rate_limited',
  'no_credits',
  'invalid_recipient',
  'invalid_text',
  'whatsapp_not_configured',
  'in_progress',
  'window_closed',
  'send_failed',
  'provider_not_configured',
)
export type AutomationError = (typeof AUTOMATION_ERRORS)[number]

/**
 * POST automation-webhook/{userId} with this body: the server sends `text`
 * to `to` on WhatsApp with the owner's saved credentials, for one credit.
 * `to` is the customer's number in international digits (`905321234567`,
 * a leading `+` allowed); `text` at most AUTOMATION_TEXT_MAX characters,
 * cut into WhatsApp-sized messages at paragraph, line or word breaks.
 */
export type AutomationSendRequest = { to: string; text: string; message_id?: string }

/** The longest text the automation may have the server send, in characters (two WhatsApp messages' worth). */
export const AUTOMATION_TEXT_MAX = 8192

/**
 * automation-token, the owner's function for the automation's access:
 * `create` mints (or rotates) the automation token and `share` lets the
 * automation read the WhatsApp access token, both after the account
 * password again; `unshare` stops sharing and needs none. A wrong password
 * is `invalid_password`; too many tries `rate_limited` with `retry_after`.
 */
export const AUTOMATION_TOKEN_ERRORS = functionErrors(...OWNER_REFUSALS, 'invalid_password', 'rate_limited')
export type AutomationTokenError = (typeof AUTOMATION_TOKEN_ERRORS)[number]

export const AUTOMATION_TOKEN_ACTIONS = ['create', 'share', 'unshare'] as const
export type AutomationTokenAction = (typeof AUTOMATION_TOKEN_ACTIONS)[number]

/** The owner's function for the automation token and sharing the access token. */
export const AUTOMATION_TOKEN_FUNCTION = 'automation-token'

/** What the owner may know about the automation's access (get_automation_token_status, automation-token's `status`). */
export type AutomationAccessStatus = {
  set: boolean
  created_at: string | null
  last_used_at: string | null
  share_access_token: boolean
}

/** The functions an owner's automation calls, each at `/functions/v1/{name}/{userId}` (spec §7). */
export const AUTOMATION_FUNCTIONS = {
  webhook: 'automation-webhook',
  products: 'products-api',
  user: 'user-api',
} as const

/** A retried "message sent" POST names itself with this header (or a `message_id` in the body). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

// The owner's data rights (KVKK and GDPR) ------------------------------------------

/**
 * export-data: answers the owner's archive (a zip, `application/octet-stream`
 * so that supabase-js hands it over as a Blob) or one of these as JSON. Any
 * signed-in owner, whether or not their phone is verified.
 */
export const EXPORT_DATA_ERRORS = functionErrors(...SIGNED_IN_REFUSALS)
export type ExportDataError = (typeof EXPORT_DATA_ERRORS)[number]

/**
 * delete-account: `{confirmation}` must be the account's e-mail address
 * (compared case-insensitively), so no stray or forged call deletes an
 * account the owner did not name; `confirmation_mismatch` otherwise. Any
 * signed-in owner, whether or not their phone is verified.
 */
export const DELETE_ACCOUNT_ERRORS = functionErrors(...SIGNED_IN_REFUSALS, 'confirmation_mismatch')
export type DeleteAccountError = (typeof DELETE_ACCOUNT_ERRORS)[number]

/** The archive's file name for a day (`YYYY-MM-DD`), the same on the server's header and the app's download. */
export function exportFileName(day: string): string {
  return `mesaj-asistani-verilerim-${day}.zip`
}
