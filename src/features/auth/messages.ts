// Texts for the auth and verification problems, kept apart from the screens
// so both render the same wording.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import {
  isCode,
  SEND_VERIFICATION_ERRORS,
  VERIFY_PHONE_ERRORS,
  type SendVerificationError,
  type VerifyPhoneError,
} from '../../../domain/functions.ts'
import { PHONE_CHANGES_PER_DAY } from '../../../domain/phone.ts'
import { retryWaitText } from '../../lib/retry-wait.ts'
import type { AuthProblem } from './auth-errors.ts'
import { MIN_PASSWORD_LENGTH, type AuthFormError } from './auth-form.ts'
import type { FunctionOutcome, PhoneChangeOutcome } from './verification.ts'

type Rejection = Extract<FunctionOutcome, { kind: 'rejected' }>
/** A translatable text, or a server text shown as it came. */
export type Text = MessageDescriptor | { raw: string }

// Named as the messages' placeholders.
const min = MIN_PASSWORD_LENGTH
const perDay = PHONE_CHANGES_PER_DAY

function weakPasswordText(reasons: string[]): MessageDescriptor {
  if (reasons.includes('pwned')) return msg`This password is known from data leaks. Please choose a different one.`
  if (reasons.includes('characters')) return msg`The password needs lower-case and upper-case letters, digits and symbols.`
  if (reasons.includes('length')) return msg`The password must be at least ${min} characters long.`
  return msg`The password is too weak. Please choose a stronger one.`
}

export function authProblemText(problem: AuthProblem): Text {
  switch (problem.kind) {
    case 'invalid_credentials':
      return msg`The e-mail address or password is incorrect.`
    case 'user_already_exists':
      return msg`An account with this e-mail address already exists. Please sign in instead.`
    case 'weak_password':
      return weakPasswordText(problem.reasons)
    case 'invalid_email':
      return msg`Please enter a valid e-mail address.`
    case 'validation_failed':
      return msg`Please check the details you entered.`
    case 'rate_limited':
      return msg`Too many attempts. Please wait a moment and try again.`
    case 'network':
      return msg`The server cannot be reached. Please check your connection and try again.`
    case 'email_not_confirmed':
      return msg`Please confirm your e-mail address first.`
    case 'phone_exists':
      return msg`This phone number is already registered. Please use a different phone number.`
    case 'phone_check_failed':
      return msg`An error occurred while checking the phone number.`
    case 'message':
      return { raw: problem.message }
    case 'unknown':
      return msg`An error occurred`
  }
}

/** What each refusal of verify-phone says; a wrong code with attempts left is said in verifyRejectionText. */
const VERIFY_REJECTIONS: Record<VerifyPhoneError, MessageDescriptor> = {
  invalid_request: msg`Verification failed`,
  invalid_phone: msg`The phone number is not valid.`,
  invalid_code: msg`The verification code is incorrect.`,
  phone_not_registered: msg`Phone number not found. Please try signing up again.`,
  already_verified: msg`Your phone number is already verified.`,
  code_not_found: msg`No pending verification code. Please request a new code.`,
  code_expired: msg`The verification code has expired. Please request a new code.`,
  too_many_attempts: msg`Too many wrong attempts. Please request a new code.`,
  server_error: msg`Verification failed`,
}

/** Why verify-phone refused; an answer outside its codes gets the generic text. */
export function verifyRejectionText(r: Rejection): MessageDescriptor {
  const left = r.attemptsLeft
  if (r.code === 'invalid_code' && left !== undefined) return msg`The verification code is incorrect. Attempts left: ${left}`
  return isCode(VERIFY_PHONE_ERRORS, r.code) ? VERIFY_REJECTIONS[r.code] : msg`Verification failed`
}

/** What each refusal of send-verification says; a limit with a known wait is said in sendRejectionText. */
const SEND_REJECTIONS: Record<SendVerificationError, MessageDescriptor> = {
  invalid_request: msg`Failed to send verification code`,
  invalid_phone: msg`The phone number is not valid.`,
  phone_not_registered: msg`Phone number not found. Please try signing up again.`,
  already_verified: msg`Your phone number is already verified.`,
  rate_limited: msg`Too many codes requested. Please try again later.`,
  sms_failed: msg`The SMS could not be sent. Please try again later.`,
  provider_not_configured: msg`Failed to send verification code`,
  server_error: msg`Failed to send verification code`,
}

/** Why send-verification refused; an answer outside its codes gets the generic text. */
export function sendRejectionText(r: Rejection): MessageDescriptor {
  if (r.code === 'rate_limited' && r.retryAfter !== undefined) {
    return retryWaitText(r.retryAfter, {
      seconds: (seconds) => msg`Too many codes requested. Please try again in ${seconds} s.`,
      minutes: (minutes) => msg`Too many codes requested. Please try again in ${minutes} min.`,
    })
  }
  return isCode(SEND_VERIFICATION_ERRORS, r.code) ? SEND_REJECTIONS[r.code] : msg`Failed to send verification code`
}

/** What the auth screens' fields say for the codes of auth-form.ts. */
export const AUTH_FORM_ERRORS: Record<AuthFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  invalid_email: msg`Enter a valid e-mail address`,
  phone_incomplete: msg`Please enter the 10 digits of your mobile number after +90.`,
  password_too_short: msg`The password must be at least ${min} characters long.`,
  code_incomplete: msg`Please enter a valid 6-digit verification code.`,
}

/** Why the number could not be changed, said under the new number. */
const PHONE_CHANGE_REJECTIONS: Record<Extract<PhoneChangeOutcome, { ok: false }>['code'], MessageDescriptor> = {
  phone_taken: msg`This phone number is already registered. Please use a different phone number.`,
  invalid_phone: msg`Please enter the 10 digits of your mobile number after +90.`,
  rate_limited: msg`You can change your phone number ${perDay} times a day. Please try again tomorrow.`,
  unauthorized: msg`Your session has expired. Please sign in again.`,
  network: msg`An error occurred while changing your phone number. Please try again.`,
  server_error: msg`An error occurred while changing your phone number. Please try again.`,
}

/** The new-number field: its own checks and the server's refusals. */
export const PHONE_CHANGE_FORM_ERRORS = { ...AUTH_FORM_ERRORS, ...PHONE_CHANGE_REJECTIONS }
