// Every rate limit the functions apply, in one list, and the one way they
// apply them: take_rate_limits (migration 20261127000100_rate_limits.sql), a
// sliding window per key counted in the database under the key's lock, so
// every instance of every function agrees and simultaneous requests cannot
// together pass a limit.
//
// A limit with a `setting` can be changed by that environment variable (a
// positive whole number); the others are part of the product's promise.
import type { SupabaseClient } from '@supabase/supabase-js'
import { limitSetting, readEnv, type EnvReader } from './env.ts'
import { HANDOFF_SMS_PER_DAY } from '../../../domain/conversations.ts'
import { PHONE_CODE_RESEND_SECONDS } from '../../../domain/functions.ts'

export type RateLimit = {
  /** What a refusal reports as `limit`. */
  name: string
  windowSeconds: number
  /** Hits allowed in any window. */
  max: number
  setting?: string
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const RATE_LIMITS = {
  // The website widget (chatbot-api).
  /** One chat window typing fast, or a script; only conversations the server issued are counted. */
  chatbotConversation: { name: 'conversation', windowSeconds: MINUTE, max: 10, setting: 'CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE' },
  /** One client, to any owner: an office behind one router. */
  chatbotAddress: { name: 'address', windowSeconds: MINUTE, max: 30, setting: 'CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE' },
  /** One client's share of one owner's day, so nobody can spend the owner's daily allowance alone. */
  chatbotAddressDaily: { name: 'address_daily', windowSeconds: DAY, max: 100, setting: 'CHATBOT_API_ADDRESS_DAILY_LIMIT' },
  /** The owner's try-it panel: as fast as a conversation… */
  chatbotPreview: { name: 'conversation', windowSeconds: MINUTE, max: 10, setting: 'CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE' },
  /** …and free, but not unbounded: a model-backed answer costs the deployment. */
  chatbotPreviewDaily: { name: 'preview_daily', windowSeconds: DAY, max: 200, setting: 'CHATBOT_PREVIEW_DAILY_LIMIT' },
  /** An open widget fetching its conversation every 2–3 s, with room for a second tab and reloads; free, but not unbounded. */
  chatbotPoll: { name: 'conversation_poll', windowSeconds: MINUTE, max: 60, setting: 'CHATBOT_API_POLL_LIMIT_PER_MINUTE' },
  /** One client's fetches, to any owner: many open widgets behind one router (a shop, a mobile carrier's NAT). */
  chatbotPollAddress: { name: 'address_poll', windowSeconds: MINUTE, max: 600, setting: 'CHATBOT_API_POLL_ADDRESS_LIMIT_PER_MINUTE' },

  // WhatsApp (whatsapp-webhook), per sender, before a credit is taken.
  whatsappSender: { name: 'sender', windowSeconds: MINUTE, max: 10, setting: 'WHATSAPP_SENDER_LIMIT_PER_MINUTE' },
  whatsappSenderDaily: { name: 'sender_daily', windowSeconds: DAY, max: 200, setting: 'WHATSAPP_SENDER_DAILY_LIMIT' },

  // The owner's automation (automation-webhook, products-api, user-api).
  /** Before the token is looked at, so guessing is slow. */
  automationAddress: { name: 'address', windowSeconds: MINUTE, max: 120, setting: 'AUTOMATION_ADDRESS_LIMIT_PER_MINUTE' },
  /** After it, so a leaked token cannot run up the owner's bill faster than a person could. */
  automationOwner: { name: 'owner', windowSeconds: MINUTE, max: 60, setting: 'AUTOMATION_OWNER_LIMIT_PER_MINUTE' },

  // The owner's replies in the inbox (conversation-reply): a person types; a leaked session cannot spam customers.
  ownerReplies: { name: 'owner', windowSeconds: MINUTE, max: 30, setting: 'CONVERSATION_REPLY_LIMIT_PER_MINUTE' },
  /** The owner's own SMS when a conversation waits for them (handoff-sms.ts): a nudge, not a bill. */
  handoffSmsDaily: { name: 'owner', windowSeconds: DAY, max: HANDOFF_SMS_PER_DAY },

  // Phone verification texts (send-verification).
  verificationNumber: { name: 'number', windowSeconds: PHONE_CODE_RESEND_SECONDS, max: 1 },
  verificationNumberHourly: { name: 'number', windowSeconds: HOUR, max: 5 },
  /** Per account holding the number: changing numbers does not multiply the texts. */
  verificationAccountHourly: { name: 'account', windowSeconds: HOUR, max: 5 },
  verificationAccountDaily: { name: 'account', windowSeconds: DAY, max: 10 },
  /** A shop's office behind one router signs up a few accounts, not dozens. */
  verificationAddressHourly: { name: 'address', windowSeconds: HOUR, max: 20, setting: 'PHONE_VERIFICATION_ADDRESS_HOURLY_LIMIT' },
  /** A ceiling on the SMS bill of the whole project. */
  verificationGlobalHourly: { name: 'global', windowSeconds: HOUR, max: 500, setting: 'PHONE_VERIFICATION_HOURLY_LIMIT' },

  /** The sign-up form's "is this number taken?" (check-phone), per client address. */
  phoneCheckAddress: { name: 'address', windowSeconds: HOUR, max: 30, setting: 'PHONE_CHECK_ADDRESS_HOURLY_LIMIT' },

  // Appointment reminders (send-sms), per owner.
  smsOwnerHourly: { name: 'owner', windowSeconds: HOUR, max: 30 },
  smsOwnerDaily: { name: 'owner', windowSeconds: DAY, max: 200 },

  /** Checkout sessions an owner may open (create-checkout-session): plenty for changing one's mind, not for flooding the provider. */
  checkoutOwnerHourly: { name: 'owner', windowSeconds: HOUR, max: 20 },

  /** Password confirmations of one owner (automation token, sharing the access token): guessing stays slow. */
  passwordConfirmation: { name: 'password', windowSeconds: 15 * MINUTE, max: 5 },
} as const satisfies Record<string, RateLimit>

/** One limit applied to one key, as take_rate_limits reads it. */
export type RateCheck = { name: string; key: string; max: number; window: number }

/** `limit` applied to `key` (its setting read now, so a changed secret applies to the next request). */
export function rateCheck(limit: RateLimit, key: string, env: EnvReader = readEnv): RateCheck {
  const max = limit.setting ? limitSetting(env, limit.setting, limit.max) : limit.max
  return { name: limit.name, key, max, window: limit.windowSeconds }
}

export type RateDecision = { allowed: true; at: string } | { allowed: false; limit: string; retryAfter: number }

type Taken = { allowed: true; at: string } | { allowed: false; limit: string; retry_after: number }

/** Refused when any check is over its limit (nothing is counted then); else one hit on every check. */
export async function takeRateLimits(db: SupabaseClient, checks: readonly RateCheck[]): Promise<RateDecision> {
  const { data, error } = await db.rpc('take_rate_limits', { p_limits: checks })
  if (error) throw error
  return decision(data as Taken)
}

/** Gives back the hits a taken decision recorded (a message the provider refused). */
export async function releaseRateLimits(db: SupabaseClient, checks: readonly RateCheck[], at: string): Promise<void> {
  const { error } = await db.rpc('release_rate_limits', { p_limits: checks, p_at: at })
  if (error) throw error
}

/** take_rate_limits' answer, also as the functions built on it (reserve_sms, …) pass it on. */
export function decision(taken: Taken): RateDecision {
  return taken.allowed ? { allowed: true, at: taken.at } : { allowed: false, limit: taken.limit, retryAfter: taken.retry_after }
}

/** The fields and header of a 429: `retry_after` in the body, `Retry-After` for anything that reads headers. */
export function retryAfter(seconds: number): [{ retry_after: number }, { 'Retry-After': string }] {
  return [{ retry_after: seconds }, { 'Retry-After': String(seconds) }]
}
