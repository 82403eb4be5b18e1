// Every text the widget shows or announces, as Lingui descriptors; the
// catalogs are src/widget/locales/{tr,en}/messages.po (`npm run i18n:extract`).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { WidgetErrorKind } from './api.ts'

export const text = {
  defaultBotName: msg`Assistant`,
  defaultWelcome: msg`Hello! How can I help you?`,
  subtitle: msg`AI assistant`,
  openChat: msg`Open chat`,
  closeChat: msg`Close chat`,
  minimizeChat: msg`Minimize chat`,
  messageLabel: msg`Your message`,
  placeholder: msg`Type your message…`,
  send: msg`Send`,
  you: msg`You:`,
  /** Before each of the owner's own replies, as the bot's name is before the assistant's. */
  business: msg`Business:`,
  /** The visitor's message reached the owner's inbox instead of the assistant; the owner's reply will come in this chat. */
  passedOn: msg`Your message was passed on; you'll get an answer here.`,
}

export const botSaid = (name: string) => msg`${name}:`
export const typing = (name: string) => msg`${name} is typing…`

const errors: Record<Exclude<WidgetErrorKind, 'rate_limited'>, MessageDescriptor> = {
  daily_limit: msg`This assistant has answered all the messages it can today. Please try again tomorrow or contact the business directly.`,
  monthly_limit: msg`This assistant has answered all the messages it can this month. Please contact the business directly.`,
  not_allowed: msg`This chat is not enabled on this website.`,
  unavailable: msg`This chat is not available right now.`,
  invalid_request: msg`Your message could not be sent. Please check it and try again.`,
  server_error: msg`Something went wrong on our side. Please try again in a moment.`,
  offline: msg`You are offline. Send your message again once you are connected.`,
  network: msg`The assistant could not be reached. Check your connection and try again.`,
}

/**
 * A refusal in words; for rate_limited, the wait the server gave in the unit
 * a person reads it in. A wait of hours is a day's allowance used up, not
 * typing too fast.
 */
export function errorMessage(kind: WidgetErrorKind, retryAfter?: number): MessageDescriptor {
  if (kind !== 'rate_limited') return errors[kind]
  if (retryAfter === undefined) return msg`You are sending messages too quickly. Please wait a moment and try again.`
  if (retryAfter < 60) return msg`You are sending messages too quickly. Try again in ${retryAfter} s.`
  const minutes = Math.ceil(retryAfter / 60)
  if (retryAfter < 3600) return msg`You are sending messages too quickly. Try again in ${minutes} min.`
  const hours = Math.ceil(retryAfter / 3600)
  return msg`You have sent too many messages for now. Please try again in ${hours} h or contact the business directly.`
}
