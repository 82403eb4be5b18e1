// The settings screen's calls, all online-only: what the owner may know of
// the WhatsApp credentials and the automation token (never the secrets
// themselves), saving the business name and the credentials, the profile
// photo, and generating or revoking the automation token and sharing the
// access token with the automation (automation-token, after the password).
// (The owner's data rights are src/lib/data-rights.ts, shared with the page
// an unverified owner reaches.) Failures leave as codes; the screen words
// them. Free of Lingui macros, so tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  avatarFileError, avatarPath, credentialsErrorField, type AvatarError, type SettingsFormError, type SettingsFormField,
  type WhatsAppCredentialsArgs, type WhatsAppCredentialsStatus,
} from '../../../domain/settings.ts'
import {
  AUTOMATION_TOKEN_ERRORS, AUTOMATION_TOKEN_FUNCTION, type AutomationAccessStatus, type AutomationTokenAction, type AutomationTokenError,
} from '../../../domain/functions.ts'
import { invokeFunction, numberField, refusalCode, type FunctionBody } from '../../lib/functions.ts'
import { RequestFailed } from '../../lib/data-api.ts'

export const AVATAR_BUCKET = 'avatars'

/** Whether a token is set, when it was made and last used, whether the automation may read the access token. */
export type AutomationTokenStatus = AutomationAccessStatus

export type SettingsData = {
  credentials: WhatsAppCredentialsStatus
  /** What Meta's webhook set-up must be given back (whatsapp-webhook's GET). */
  verifyToken: string
  automationToken: AutomationTokenStatus
}

type Rpc = Pick<SupabaseClient, 'rpc'>

async function rpc<T>(client: Rpc, name: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name, args)
  if (error) throw new RequestFailed(name, error)
  return data as T
}


export async function fetchSettingsData(client: Rpc): Promise<SettingsData> {
  const [credentials, channel, automationToken] = await Promise.all([
    rpc<WhatsAppCredentialsStatus>(client, 'get_whatsapp_credentials_status'),
    rpc<{ verify_token: string }>(client, 'get_whatsapp_channel'),
    rpc<AutomationTokenStatus>(client, 'get_automation_token_status'),
  ])
  return { credentials, verifyToken: channel.verify_token, automationToken }
}

/** Why a save failed: a field the server refused, or the server's own message. */
export class SettingsSaveFailure extends Error {
  constructor(
    readonly field: [SettingsFormField, SettingsFormError] | null,
    message: string,
  ) {
    super(message)
    this.name = 'SettingsSaveFailure'
  }
}

function saveFailure(error: { message?: string; code?: string } | null | undefined): SettingsSaveFailure {
  const message = error?.message ?? ''
  return new SettingsSaveFailure(credentialsErrorField(message), message)
}

/** Writes what changed; the credentials' status as saved, or null when they were not touched. */
export async function saveSettings(
  client: Pick<SupabaseClient, 'from' | 'rpc'>,
  userId: string,
  changes: { businessName: string | null; credentials: WhatsAppCredentialsArgs | null },
): Promise<WhatsAppCredentialsStatus | null> {
  if (changes.businessName !== null) {
    const { error } = await client.from('users').update({ business_name: changes.businessName }).eq('id', userId)
    if (error) throw saveFailure(error)
  }
  if (changes.credentials === null) return null
  const { data, error } = await client.rpc('set_whatsapp_credentials', changes.credentials)
  if (error) throw saveFailure(error)
  return data as WhatsAppCredentialsStatus
}

export type AvatarUploadError = AvatarError | 'upload_failed'

export class AvatarUploadFailure extends Error {
  constructor(
    readonly code: AvatarUploadError,
    cause?: unknown,
  ) {
    super(`avatar upload: ${code}`, { cause })
    this.name = 'AvatarUploadFailure'
  }
}

/** The object path of a public URL of our bucket, to remove a replaced photo; null for anything else. */
export function avatarObjectPath(url: string | null, userId: string): string | null {
  if (!url) return null
  const marker = `/storage/v1/object/public/${AVATAR_BUCKET}/`
  const at = url.indexOf(marker)
  if (at < 0) return null
  const path = decodeURIComponent(url.slice(at + marker.length).split('?')[0]!)
  return path.startsWith(`${userId}/`) && !path.includes('..') ? path : null
}

/**
 * Uploads the photo into the owner's folder and points the profile at it;
 * the photo it replaces is removed afterwards (best effort: a leftover file
 * costs storage, never the new photo). Resolves to the new public URL.
 */
export async function uploadAvatar(
  client: Pick<SupabaseClient, 'from' | 'storage'>,
  userId: string,
  file: File,
  previousUrl: string | null,
  now = Date.now(),
): Promise<string> {
  const refused = avatarFileError(file)
  if (refused) throw new AvatarUploadFailure(refused)
  const bucket = client.storage.from(AVATAR_BUCKET)
  const path = avatarPath(userId, file.type, now)
  const uploaded = await bucket.upload(path, file, { contentType: file.type, upsert: false, cacheControl: '31536000' })
  if (uploaded.error) throw new AvatarUploadFailure('upload_failed', uploaded.error)
  const url = bucket.getPublicUrl(path).data.publicUrl
  const { error } = await client.from('users').update({ avatar_url: url }).eq('id', userId)
  if (error) {
    await bucket.remove([path]).catch(() => undefined)
    throw new AvatarUploadFailure('upload_failed', error)
  }
  const old = avatarObjectPath(previousUrl, userId)
  if (old && old !== path) {
    const removed = await bucket.remove([old]).catch((e: unknown) => ({ error: e }))
    if (removed.error) console.error('removing the replaced profile photo failed', removed.error)
  }
  return url
}

/** A new automation token, readable this once; the previous one stops working. */
/** Why automation-token refused, or `network` when it was never reached; `retryAfter` (seconds) comes with `rate_limited`. */
export type AutomationTokenFailureCode = AutomationTokenError | 'network'

export class AutomationTokenFailure extends Error {
  constructor(
    readonly code: AutomationTokenFailureCode,
    readonly retryAfter?: number,
  ) {
    super(`automation-token failed: ${code}`)
    this.name = 'AutomationTokenFailure'
  }
}

const isStatus = (value: unknown): value is AutomationTokenStatus =>
  typeof value === 'object' && value !== null && typeof (value as AutomationTokenStatus).set === 'boolean' &&
  typeof (value as AutomationTokenStatus).share_access_token === 'boolean'

async function automationToken(client: Pick<SupabaseClient, 'functions'>, body: { action: AutomationTokenAction; password?: string }): Promise<FunctionBody & { status: AutomationTokenStatus }> {
  const answer = await invokeFunction(client, AUTOMATION_TOKEN_FUNCTION, body, AUTOMATION_TOKEN_ERRORS)
  if (answer.kind !== 'ok') {
    throw new AutomationTokenFailure(refusalCode(answer), answer.kind === 'error' ? numberField(answer.body, 'retry_after') : undefined)
  }
  if (!isStatus(answer.data.status)) throw new AutomationTokenFailure('server_error')
  return answer.data as FunctionBody & { status: AutomationTokenStatus }
}

/** A new automation token, after the account password, readable this once; the previous one stops working. */
export async function createAutomationToken(client: Pick<SupabaseClient, 'functions'>, password: string): Promise<{ token: string; status: AutomationTokenStatus }> {
  const made = await automationToken(client, { action: 'create', password })
  if (typeof made.token !== 'string') throw new AutomationTokenFailure('server_error')
  return { token: made.token, status: made.status }
}

/** Lets the automation read the WhatsApp access token (the password is needed), or stops it (none is). */
export async function shareAccessToken(client: Pick<SupabaseClient, 'functions'>, share: { on: true; password: string } | { on: false }): Promise<AutomationTokenStatus> {
  const answer = await automationToken(client, share.on ? { action: 'share', password: share.password } : { action: 'unshare' })
  return answer.status
}

export function revokeAutomationToken(client: Rpc): Promise<void> {
  return rpc(client, 'revoke_automation_token')
}
