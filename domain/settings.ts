// The settings screen's rules: the profile photo, the business name, and the
// WhatsApp Cloud API credentials, which are write-only. The credential checks
// are the database's (set_whatsapp_credentials in
// supabase/migrations/20261122001300_whatsapp_credentials.sql), so the form
// refuses exactly what the server would.
import { fieldErrors, lengthError, requiredError, TEXT_ERRORS } from './forms.ts'
import { AUTOMATION_FUNCTIONS } from './functions.ts'

// ---------------------------------------------------------------------------
// Profile photo

/** "Under 2 MB" (spec §9): 2,097,152 bytes pass, one more does not; the avatars bucket's file_size_limit agrees. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024

/** The avatars bucket's allowed_mime_types. SVG is not among them: it can carry script. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

export const AVATAR_ERRORS = ['not_an_image', 'too_large'] as const
export type AvatarError = (typeof AVATAR_ERRORS)[number]

const EXTENSIONS: Readonly<Record<(typeof AVATAR_TYPES)[number], string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

/** Why a chosen file cannot be the profile photo, or null. The type is judged first, as the spec's messages are ordered. */
export function avatarFileError(file: { type: string; size: number }): AvatarError | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'not_an_image'
  if (file.size > AVATAR_MAX_BYTES) return 'too_large'
  return null
}

/** Where the photo is stored: the owner's own folder (the bucket's policies), a new name each time so caches never show the old one. */
export function avatarPath(userId: string, type: string, now: number): string {
  const ext = EXTENSIONS[type as (typeof AVATAR_TYPES)[number]] ?? 'img'
  return `${userId}/${now}.${ext}`
}

// ---------------------------------------------------------------------------
// Business name

/** Long enough for any shop's name, short enough for the sidebar and a reminder SMS. */
export const BUSINESS_NAME_MAX = 100

// ---------------------------------------------------------------------------
// WhatsApp credentials

/**
 * What the owner may know of the saved credentials
 * (get_whatsapp_credentials_status): whether each secret is set and at most
 * its last four characters; the phone number id is an identifier, not a secret.
 */
export type WhatsAppCredentialsStatus = {
  access_token_set: boolean
  access_token_last4: string | null
  phone_number_id: string | null
  app_secret_set: boolean
  app_secret_last4: string | null
  updated_at: string | null
}

/** A secret field: blank keeps the saved value; `clear` removes it. */
export type SecretInput = { value: string; clear: boolean }

export type SettingsFormValues = {
  business_name: string
  access_token: SecretInput
  phone_number_id: string
  app_secret: SecretInput
}

export type SettingsFormField = 'business_name' | 'access_token.value' | 'phone_number_id' | 'app_secret.value'

export const SETTINGS_FORM_ERRORS = [...TEXT_ERRORS, 'invalid_access_token', 'invalid_phone_number_id', 'invalid_app_secret'] as const
export type SettingsFormError = (typeof SETTINGS_FORM_ERRORS)[number]

export type SettingsFormErrors = Partial<Record<SettingsFormField, SettingsFormError>>

/** The form for the saved profile and credentials: secrets are never filled in, only described. */
export function settingsToForm(businessName: string | null, status: WhatsAppCredentialsStatus | null): SettingsFormValues {
  return {
    business_name: businessName ?? '',
    access_token: { value: '', clear: false },
    phone_number_id: status?.phone_number_id ?? '',
    app_secret: { value: '', clear: false },
  }
}

// What set_whatsapp_credentials trims and checks.
const trimPasted = (value: string) => value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')
const PRINTABLE = /^[!-~]+$/

export function isAccessToken(value: string): boolean {
  const v = trimPasted(value)
  return v.length >= 20 && v.length <= 2048 && PRINTABLE.test(v)
}

export function isPhoneNumberId(value: string): boolean {
  return /^[0-9]{5,32}$/.test(trimPasted(value))
}

export function isAppSecret(value: string): boolean {
  const v = trimPasted(value)
  return v.length >= 16 && v.length <= 256 && PRINTABLE.test(v)
}

/** A pasted value that, when given, is not what `valid` accepts. */
const badPaste = (value: string, valid: (value: string) => boolean) => trimPasted(value) !== '' && !valid(value)

export function validateSettingsForm(values: SettingsFormValues): SettingsFormErrors {
  return fieldErrors<SettingsFormErrors>({
    business_name: requiredError(values.business_name) ?? lengthError(values.business_name, BUSINESS_NAME_MAX),
    'access_token.value': badPaste(values.access_token.value, isAccessToken) ? 'invalid_access_token' : undefined,
    phone_number_id: badPaste(values.phone_number_id, isPhoneNumberId) ? 'invalid_phone_number_id' : undefined,
    'app_secret.value': badPaste(values.app_secret.value, isAppSecret) ? 'invalid_app_secret' : undefined,
  })
}

/** set_whatsapp_credentials' arguments: null keeps a value, '' clears it, text replaces it. */
export type WhatsAppCredentialsArgs = {
  p_access_token: string | null
  p_phone_number_id: string | null
  p_app_secret: string | null
}

function secretArg(input: SecretInput): string | null {
  const value = trimPasted(input.value)
  if (value !== '') return value
  return input.clear ? '' : null
}

/**
 * What saving the form changes: the business name when it differs, and the
 * credentials' arguments, or null when none of them changes (so a save that
 * only renames the business does not touch the credentials).
 */
export function settingsChanges(
  values: SettingsFormValues,
  saved: { businessName: string | null; phoneNumberId: string | null },
): { businessName: string | null; credentials: WhatsAppCredentialsArgs | null } {
  const name = values.business_name.trim()
  const phone = trimPasted(values.phone_number_id)
  const credentials: WhatsAppCredentialsArgs = {
    p_access_token: secretArg(values.access_token),
    p_phone_number_id: phone === (saved.phoneNumberId ?? '') ? null : phone,
    p_app_secret: secretArg(values.app_secret),
  }
  const changesCredentials = Object.values(credentials).some((v) => v !== null)
  return {
    businessName: name === (saved.businessName ?? '').trim() ? null : name,
    credentials: changesCredentials ? credentials : null,
  }
}

/** The database's refusal (SQLSTATE 22023, message = the code) as a form error, if it is one. */
export function credentialsErrorField(message: string | undefined): [SettingsFormField, SettingsFormError] | null {
  switch (message) {
    case 'invalid_access_token':
      return ['access_token.value', 'invalid_access_token']
    case 'invalid_phone_number_id':
      return ['phone_number_id', 'invalid_phone_number_id']
    case 'invalid_app_secret':
      return ['app_secret.value', 'invalid_app_secret']
    default:
      return null
  }
}

/** How long "saved" stays on screen (spec §2 and §9). */
export const SETTINGS_SAVED_MS = 3000

// ---------------------------------------------------------------------------
// Confirming the account password (minting the automation token, sharing the
// WhatsApp access token with the automation: automation-token)

/** `required` is the form's own; `invalid_password` is automation-token's answer, shown at the same field. */
export const PASSWORD_CONFIRMATION_ERRORS = ['required', 'invalid_password'] as const
export type PasswordConfirmationError = (typeof PASSWORD_CONFIRMATION_ERRORS)[number]

export type PasswordConfirmationValues = { password: string }

/** Only that something was typed: the password is the server's to judge, spaces and all. */
export function validatePasswordConfirmation(values: PasswordConfirmationValues): Partial<Record<'password', PasswordConfirmationError>> {
  return values.password === '' ? { password: 'required' } : {}
}

// ---------------------------------------------------------------------------
// Where the owner's integrations point

/** The function URLs of spec §7 and Meta's webhook, for the owner with `userId`, on the project at `supabaseUrl`. */
export function ownerEndpoints(supabaseUrl: string, userId: string) {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`
  const at = (name: string) => `${base}/${name}/${encodeURIComponent(userId)}`
  return {
    whatsappWebhook: at('whatsapp-webhook'),
    automation: at(AUTOMATION_FUNCTIONS.webhook),
    products: at(AUTOMATION_FUNCTIONS.products),
    user: at(AUTOMATION_FUNCTIONS.user),
  }
}
