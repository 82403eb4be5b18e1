// What the settings screen says for each code the domain and the API give.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SettingsFormError } from '../../../domain/settings.ts'
import type { AvatarUploadError, DataRightsFailureCode } from './api.ts'

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

/** Why downloading the archive or deleting the account failed. */
export const DATA_RIGHTS_ERRORS: Record<DataRightsFailureCode, MessageDescriptor> = {
  unauthorized: msg`Your session has ended. Please sign in again.`,
  phone_not_verified: msg`Verify your phone number first.`,
  invalid_request: msg`The request was not valid. Please try again.`,
  confirmation_mismatch: msg`The e-mail address you typed is not this account's.`,
  server_error: msg`Something went wrong on our side. Please try again later.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
  unknown: msg`Something went wrong. Please try again.`,
}
