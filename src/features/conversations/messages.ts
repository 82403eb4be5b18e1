// What the inbox says for each status, handoff reason, filter and refusal
// of conversation-reply (domain/functions.ts). Typed as records over the
// unions, so a new code fails to compile until it has words.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ConversationStatus, HandoffReason } from '../../../domain/conversations.ts'
import type { ReplyResult } from './api.ts'
import type { InboxFilter } from './api.ts'

export const STATUS_LABELS: Record<ConversationStatus, MessageDescriptor> = {
  bot: msg`Assistant`,
  needs_human: msg`Needs you`,
  human: msg`With you`,
  resolved: msg`Resolved`,
}

export const HANDOFF_REASONS: Record<HandoffReason, MessageDescriptor> = {
  asked: msg`The customer asked for a person`,
  complaint: msg`The customer complained`,
  not_known: msg`The assistant did not know the answer twice`,
  owner: msg`You took it over`,
}

export const FILTER_LABELS: Record<InboxFilter, MessageDescriptor> = {
  needs_you: msg`Needs you`,
  assistant: msg`Assistant`,
  resolved: msg`Resolved`,
  all: msg`All`,
}

type ReplyCode = Extract<ReplyResult, { ok: false }>['code']

export const REPLY_ERRORS: Record<ReplyCode, MessageDescriptor> = {
  unauthorized: msg`Your session has ended. Sign in again to reply.`,
  phone_not_verified: msg`Verify your phone number to reply to customers.`,
  invalid_request: msg`The reply could not be sent. Check the text and try again.`,
  conversation_not_found: msg`This conversation no longer exists.`,
  window_closed: msg`WhatsApp allows replies only within 24 hours of the customer's last message. You can reply when they write again.`,
  whatsapp_not_configured: msg`Save your WhatsApp credentials in Settings to reply on WhatsApp.`,
  insufficient_credits: msg`You have no message credits left. Buy credits to reply on WhatsApp.`,
  rate_limited: msg`You are sending replies too fast. Wait a moment and try again.`,
  provider_error: msg`WhatsApp did not accept the message. Try again in a moment.`,
  server_error: msg`Something went wrong. Your reply is kept; try again.`,
  network: msg`No connection. Your reply is kept as a draft; send it when you are back online.`,
}
