// The rules of the auth screens' forms (sign-in, sign-up, the verification
// code, a new phone number), as error codes per field for useDomainForm.
// Only what the browser can know is judged here; the server's answers (a
// taken number, a wrong password, a wrong code) come back as their own codes.
import { isValidEmail } from '../../../domain/customers.ts'
import { sanitizePhoneDigits, TR_PHONE_DIGITS } from '../../../domain/phone.ts'
import { isCompleteCode } from './verification.ts'

/** Matches `minimum_password_length` of the auth server's configuration. */
export const MIN_PASSWORD_LENGTH = 6

export type AuthMode = 'sign-in' | 'sign-up'

export type AuthFormValues = {
  businessName: string
  /** The 10 digits after the fixed +90. */
  phoneDigits: string
  email: string
  password: string
}

export type AuthFormError = 'required' | 'invalid_email' | 'phone_incomplete' | 'password_too_short' | 'code_incomplete'

type Errors<Field extends string> = Partial<Record<Field, AuthFormError>>

export const emptyAuthForm = (): AuthFormValues => ({ businessName: '', phoneDigits: '', email: '', password: '' })

/** The owner's number as typed after +90: all ten digits or nothing to send. */
export function turkishPhoneError(digits: string): AuthFormError | undefined {
  const clean = sanitizePhoneDigits(digits)
  if (clean === '') return 'required'
  return clean.length === TR_PHONE_DIGITS ? undefined : 'phone_incomplete'
}

/**
 * Sign-in needs an e-mail and a password; sign-up also a business name and
 * the phone number, and a password the server will take (its length; the
 * server judges the rest). A sign-in password is not measured: an account
 * may predate the rule.
 */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): Errors<keyof AuthFormValues> {
  const errors: Errors<keyof AuthFormValues> = {}
  const email = values.email.trim()
  if (email === '') errors.email = 'required'
  else if (!isValidEmail(email)) errors.email = 'invalid_email'
  if (values.password === '') errors.password = 'required'
  if (mode === 'sign-in') return errors
  if (values.businessName.trim() === '') errors.businessName = 'required'
  const phone = turkishPhoneError(values.phoneDigits)
  if (phone) errors.phoneDigits = phone
  if (!errors.password && values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'password_too_short'
  return errors
}

export function validateCodeForm(values: { code: string }): Errors<'code'> {
  return isCompleteCode(values.code) ? {} : { code: 'code_incomplete' }
}

export function validatePhoneChangeForm(values: { digits: string }): Errors<'digits'> {
  const digits = turkishPhoneError(values.digits)
  return digits ? { digits } : {}
}
