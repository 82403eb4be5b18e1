// Texts for the auth and verification problems, kept apart from the screens
// so both render the same wording.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { PHONE_CHANGES_PER_DAY } from '../../../domain/phone.ts'
import type { AuthProblem } from './auth-errors.ts'
import type { FunctionOutcome, PhoneChangeOutcome } from './verification.ts'

/** Matches `minimum_password_length` of the auth server's configuration. */
export const MIN_PASSWORD_LENGTH = 6

type Rejection = Extract<FunctionOutcome, { kind: 'rejected' }>
/** A translatable text, or a server text shown as it came. */
export type Text = MessageDescriptor | { raw: string }

function weakPasswordText(reasons: string[]): MessageDescriptor {
  const min = MIN_PASSWORD_LENGTH
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
    case 'phone_incomplete':
      return msg`Please enter the 10 digits of your mobile number after +90.`
    case 'message':
      return { raw: problem.message }
    case 'unknown':
      return msg`An error occurred`
  }
}

/** Why verify-phone refused; unknown codes fall back to the generic text. */
export function verifyRejectionText(r: Rejection): MessageDescriptor {
  const left = r.attemptsLeft
  switch (r.code) {
    case 'invalid_code':
      return left === undefined
        ? msg`The verification code is incorrect.`
        : msg`The verification code is incorrect. Attempts left: ${left}`
    case 'code_expired':
      return msg`The verification code has expired. Please request a new code.`
    case 'code_not_found':
      return msg`No pending verification code. Please request a new code.`
    case 'too_many_attempts':
      return msg`Too many wrong attempts. Please request a new code.`
    case 'invalid_phone':
      return msg`The phone number is not valid.`
    case 'phone_not_registered':
      return msg`Phone number not found. Please try signing up again.`
    case 'already_verified':
      return msg`Your phone number is already verified.`
    default:
      return msg`Verification failed`
  }
}

/** Why send-verification refused; unknown codes fall back to the generic text. */
export function sendRejectionText(r: Rejection): MessageDescriptor {
  const seconds = r.retryAfter
  switch (r.code) {
    case 'rate_limited': {
      if (seconds === undefined) return msg`Too many codes requested. Please try again later.`
      // Limits per account or per day can be an hour or more away: said in minutes then.
      const minutes = Math.ceil(seconds / 60)
      return seconds < 120
        ? msg`Too many codes requested. Please try again in ${seconds} s.`
        : msg`Too many codes requested. Please try again in ${minutes} min.`
    }
    case 'sms_failed':
      return msg`The SMS could not be sent. Please try again later.`
    case 'invalid_phone':
      return msg`The phone number is not valid.`
    case 'phone_not_registered':
      return msg`Phone number not found. Please try signing up again.`
    case 'already_verified':
      return msg`Your phone number is already verified.`
    default:
      return msg`Failed to send verification code`
  }
}

/** Why the number could not be changed. */
export function phoneChangeText(outcome: Extract<PhoneChangeOutcome, { ok: false }>): MessageDescriptor {
  const perDay = PHONE_CHANGES_PER_DAY
  switch (outcome.code) {
    case 'phone_taken':
      return msg`This phone number is already registered. Please use a different phone number.`
    case 'invalid_phone':
      return msg`Please enter the 10 digits of your mobile number after +90.`
    case 'rate_limited':
      return msg`You can change your phone number ${perDay} times a day. Please try again tomorrow.`
    case 'unauthorized':
      return msg`Your session has expired. Please sign in again.`
    default:
      return msg`An error occurred while changing your phone number. Please try again.`
  }
}
