// The settings screen's calls, all online-only: what the owner may know of
// the WhatsApp credentials and the automation token (never the secrets
// themselves), saving the business name and the credentials, the profile
// photo, and generating or revoking the automation token. (The owner's data
// rights are src/lib/data-rights.ts, shared with the page an unverified
// owner reaches.) Failures leave as codes; the screen words them. Free of
// Lingui macros, so tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  avatarFileError, avatarPath, credentialsErrorField, type AvatarError, type SettingsFormError, type SettingsFormField,
  type WhatsAppCredentialsArgs, type WhatsAppCredentialsStatus,
} from '../../../domain/settings.ts'

export const AVATAR_BUCKET = 'avatars'

export type AutomationTokenStatus = { set: boolean; created_at: string | null }

export type SettingsData = {
  credentials: WhatsAppCredentialsStatus
  /** What Meta's webhook set-up must be given back (whatsapp-webhook's GET). */
  verifyToken: string
  automationToken: AutomationTokenStatus
}

type Rpc = Pick<SupabaseClient, 'rpc'>

async function rpc<T>(client: Rpc, name: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name, args)
  if (error) throw new SettingsRequestFailed(name, error)
  return data as T
}

/** A call that failed; `cause` is supabase-js's error. */
export class SettingsRequestFailed extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what} failed`, { cause })
    this.name = 'SettingsRequestFailed'
  }
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
export function createAutomationToken(client: Rpc): Promise<{ token: string; created_at: string }> {
  return rpc(client, 'create_automation_token')
}

export function revokeAutomationToken(client: Rpc): Promise<void> {
  return rpc(client, 'revoke_automation_token')
}
