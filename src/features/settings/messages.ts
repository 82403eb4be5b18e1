// What the settings screen says for each code the domain and the API give.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SettingsFormError } from '../../../domain/settings.ts'
import type { AvatarUploadError } from './api.ts'

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
