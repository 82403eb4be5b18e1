// What the settings screen says for each code the domain and the API give.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PasswordConfirmationError, SettingsFormError } from '../../../domain/settings.ts'
import { retryWaitText } from '../../lib/retry-wait.ts'
import type { AutomationTokenFailure, AutomationTokenFailureCode, AvatarUploadError } from './api.ts'

export const FORM_ERRORS: Record<SettingsFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  too_long: msg`This is too long`,
  invalid_access_token: msg`An access token is 20 to 2048 characters without spaces`,
  invalid_phone_number_id: msg`A phone number ID is 5 to 32 digits`,
  invalid_app_secret: msg`An app secret is 16 to 256 characters without spaces`,
}

// The spec gives these in Turkish (section 5 and 8); the English is ours.
export const AVATAR_ERRORS: Record<AvatarUploadError, MessageDescriptor> = {
  not_an_image: msg`Please choose a valid image file`,
  too_large: msg`The image file must be smaller than 2 MB`,
  upload_failed: msg`An error occurred while uploading the avatar`,
}

/** The password prompt's field: empty, or not the account's password. */
export const PASSWORD_FORM_ERRORS: Record<PasswordConfirmationError, MessageDescriptor> = {
  required: msg`Please enter your password`,
  invalid_password: msg`This is not your account's password.`,
}

/** Why minting the token or changing the sharing failed, said in the dialog or beside the switch. */
const AUTOMATION_TOKEN_FAILURES: Record<AutomationTokenFailureCode, MessageDescriptor> = {
  unauthorized: msg`Your session has ended. Please sign in again.`,
  phone_not_verified: msg`Verify your phone number first.`,
  invalid_request: msg`The request was not valid. Please try again.`,
  invalid_password: msg`This is not your account's password.`,
  rate_limited: msg`Too many wrong passwords. Please try again later.`,
  server_error: msg`Something went wrong on our side. Please try again later.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
}

export function automationTokenFailureText(failure: Pick<AutomationTokenFailure, 'code' | 'retryAfter'>): MessageDescriptor {
  if (failure.code === 'rate_limited' && failure.retryAfter !== undefined) {
    return retryWaitText(failure.retryAfter, {
      seconds: (seconds) => msg`Too many wrong passwords. Please try again in ${seconds} s.`,
      minutes: (minutes) => msg`Too many wrong passwords. Please try again in ${minutes} min.`,
    })
  }
  return AUTOMATION_TOKEN_FAILURES[failure.code]
}
