// What the chatbot screen says for each code it can meet: the form's checks
// (domain/chatbot.ts), with the ranges in the words where a field has its
// own, and chatbot-api's refusals of a preview (domain/functions.ts). Typed
// as records over the code unions, so a new code fails to compile until it
// has words.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  CHATBOT_ALLOWED_DOMAINS_MAX,
  CHATBOT_BOT_DESCRIPTION_MAX,
  CHATBOT_BOT_NAME_MAX,
  CHATBOT_MAX_TOKENS_MAX,
  CHATBOT_MAX_TOKENS_MIN,
  CHATBOT_SYSTEM_PROMPT_MAX,
  CHATBOT_TEMPERATURE_MAX,
  CHATBOT_TEMPERATURE_MIN,
  CHATBOT_WEBSITE_URL_MAX,
  CHATBOT_WELCOME_MESSAGE_MAX,
  validateChatbotForm,
  type ChatbotFormError,
  type ChatbotFormField,
  type ChatbotFormValues,
} from '../../../domain/chatbot.ts'
import type { ChatbotApiError } from '../../../domain/functions.ts'
import type { PreviewErrorCode } from './api.ts'

/** Every code of CHATBOT_FORM_ERRORS, in words that fit any field. */
export const FORM_ERRORS: Record<ChatbotFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  too_long: msg`This text is too long`,
  invalid_color: msg`Enter a colour as a hex code, for example #3B82F6`,
  invalid_option: msg`Choose one of the options`,
  not_a_number: msg`Enter a number`,
  not_an_integer: msg`Enter a whole number`,
  invalid_step: msg`Use steps of 0.1, for example 0.7`,
  out_of_range: msg`This value is out of range`,
  invalid_url: msg`Enter a web address starting with https:// or http://`,
  invalid_domain: msg`Enter domain names such as example.com or *.example.com, separated by commas`,
  too_many: msg`Enter at most ${CHATBOT_ALLOWED_DOMAINS_MAX} domains`,
}

const temperatureMin = CHATBOT_TEMPERATURE_MIN
const temperatureMax = CHATBOT_TEMPERATURE_MAX
const tokensMin = CHATBOT_MAX_TOKENS_MIN
const tokensMax = CHATBOT_MAX_TOKENS_MAX

/** Where a field has its own range or length, the words name it. */
const FIELD_ERRORS = {
  'temperature:out_of_range': msg`Enter a temperature between ${temperatureMin} and ${temperatureMax}`,
  'max_tokens:out_of_range': msg`Enter a number of tokens between ${tokensMin} and ${tokensMax}`,
  'bot_name:too_long': msg`Use at most ${CHATBOT_BOT_NAME_MAX} characters`,
  'welcome_message:too_long': msg`Use at most ${CHATBOT_WELCOME_MESSAGE_MAX} characters`,
  'bot_description:too_long': msg`Use at most ${CHATBOT_BOT_DESCRIPTION_MAX} characters`,
  'system_prompt:too_long': msg`Use at most ${CHATBOT_SYSTEM_PROMPT_MAX} characters`,
  'website_url:too_long': msg`Use at most ${CHATBOT_WEBSITE_URL_MAX} characters`,
} as const satisfies Partial<Record<`${ChatbotFormField}:${ChatbotFormError}`, MessageDescriptor>>

export type ChatbotFormMessage = ChatbotFormError | keyof typeof FIELD_ERRORS

export const FORM_MESSAGES: Record<ChatbotFormMessage, MessageDescriptor> = { ...FORM_ERRORS, ...FIELD_ERRORS }

/** validateChatbotForm with each code made field-specific where the field has words of its own. */
export function chatbotFormErrors(values: ChatbotFormValues): Partial<Record<ChatbotFormField, ChatbotFormMessage>> {
  const out: Partial<Record<ChatbotFormField, ChatbotFormMessage>> = {}
  for (const [field, code] of Object.entries(validateChatbotForm(values)) as [ChatbotFormField, ChatbotFormError][]) {
    const specific = `${field}:${code}`
    out[field] = Object.hasOwn(FIELD_ERRORS, specific) ? (specific as keyof typeof FIELD_ERRORS) : code
  }
  return out
}

/** What the preview panel says when chatbot-api answers with a code. */
export const API_ERRORS: Record<ChatbotApiError, MessageDescriptor> = {
  unauthorized: msg`Your session has expired. Sign in again to try the assistant.`,
  phone_not_verified: msg`Verify your phone number to try the assistant.`,
  invalid_request: msg`The assistant could not read this message. Try a shorter one.`,
  chatbot_not_found: msg`Save your settings first, then try the assistant.`,
  chatbot_disabled: msg`The assistant is turned off. Turn it on and save, then try again.`,
  origin_not_allowed: msg`This page is not allowed to use the assistant. Check the allowed domains and save.`,
  daily_limit_reached: msg`Today's message limit has been reached.`,
  monthly_limit_reached: msg`This month's message limit has been reached.`,
  rate_limited: msg`Too many messages at once. Wait a moment and try again.`,
  server_error: msg`The assistant could not answer. Try again in a moment.`,
}

/** The codes the app adds: no answer at all. */
export const PREVIEW_ERRORS: Record<Exclude<PreviewErrorCode, ChatbotApiError>, MessageDescriptor> = {
  network: msg`The assistant could not be reached. Check your connection and try again.`,
  offline: msg`You are offline. Trying the assistant needs an internet connection.`,
}

export function previewErrorMessage(code: PreviewErrorCode): MessageDescriptor {
  return code === 'network' || code === 'offline' ? PREVIEW_ERRORS[code] : API_ERRORS[code]
}

/** Plan types the interface names without a package of its own. */
export const FREE_PLAN_NAME = msg`Free`
