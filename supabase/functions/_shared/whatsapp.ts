// WhatsApp behind the same kind of interface as SMS, chosen by
// WHATSAPP_PROVIDER: `local` (the default on this machine) only records the
// message for the local outbox; `cloud` sends through Meta's WhatsApp Cloud API.
import { internationalDigits } from '../../../domain/phone.ts'
import { chooseMessageProvider, providerSettings } from './deployment.ts'
import { readEnv, requireEnv, type EnvReader } from './env.ts'
import { createLocalOutbox, type LocalOutbox } from './local-outbox.ts'
import { httpProvider, localProvider, ProviderError, type MessageLog, type MessageMeta, type SendResult } from './message-log.ts'
import type { ProviderDeps } from './sms.ts'

export type WhatsAppProviderName = 'local' | 'cloud'

export type WhatsAppProvider = {
  readonly name: WhatsAppProviderName
  /** A text message; `to` in international form with or without "+". */
  send(to: string, body: string, meta?: MessageMeta): Promise<SendResult>
}

export const WHATSAPP_PROVIDERS = ['cloud'] as const

/** Throws ProviderConfigError when the deployment's settings cannot deliver (see deployment.ts). */
export function createWhatsAppProvider(deps: ProviderDeps): WhatsAppProvider {
  const env = deps.env ?? readEnv
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const choice = chooseMessageProvider(env, 'WHATSAPP_PROVIDER', WHATSAPP_PROVIDERS)
  if (choice === 'cloud') {
    return cloudProvider(deps.log, providerSettings('WHATSAPP_PROVIDER', choice, () => whatsAppCloudConfig(env)), doFetch)
  }
  return localWhatsAppProvider(deps.log, createLocalOutbox(env, doFetch))
}

export function localWhatsAppProvider(log: MessageLog, outbox: LocalOutbox): WhatsAppProvider {
  return localProvider('whatsapp', log, outbox)
}

export type WhatsAppCloudConfig = { token: string; phoneNumberId: string; graphUrl: string }

/** Graph API versions expire; WHATSAPP_GRAPH_VERSION moves to a newer one without a code change. */
export const WHATSAPP_GRAPH_VERSION = 'v21.0'

/** The Graph API base; WHATSAPP_GRAPH_URL replaces it whole (a test double, a proxy). */
export function whatsAppGraphUrl(env: EnvReader): string {
  return env('WHATSAPP_GRAPH_URL') ?? `https://graph.facebook.com/${env('WHATSAPP_GRAPH_VERSION') ?? WHATSAPP_GRAPH_VERSION}`
}

export function whatsAppCloudConfig(env: EnvReader): WhatsAppCloudConfig {
  return {
    token: requireEnv('WHATSAPP_TOKEN', env),
    phoneNumberId: requireEnv('WHATSAPP_PHONE_NUMBER_ID', env),
    graphUrl: whatsAppGraphUrl(env),
  }
}

/** An owner's own Cloud API number (whatsapp_credentials), for replies on their behalf. */
export type OwnerWhatsAppCredentials = { accessToken: string | null; phoneNumberId: string | null }

/**
 * Sends as the owner: through the Cloud API with the owner's access token and
 * number when WHATSAPP_PROVIDER is `cloud`, to the local outbox otherwise.
 * Null when the deployment sends through the Cloud API but the owner has not
 * saved both values, so nothing can go out.
 */
export function createOwnerWhatsAppProvider(deps: ProviderDeps, creds: OwnerWhatsAppCredentials): WhatsAppProvider | null {
  const env = deps.env ?? readEnv
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  if (chooseMessageProvider(env, 'WHATSAPP_PROVIDER', WHATSAPP_PROVIDERS) !== 'cloud') {
    return localWhatsAppProvider(deps.log, createLocalOutbox(env, doFetch))
  }
  if (!creds.accessToken || !creds.phoneNumberId) return null
  return cloudProvider(deps.log, { token: creds.accessToken, phoneNumberId: creds.phoneNumberId, graphUrl: whatsAppGraphUrl(env) }, doFetch)
}

/** The longest text body the Cloud API sends in one message. */
export const WHATSAPP_TEXT_MAX = 4096

/**
 * A reply in messages of at most `max` characters (code points), cut at the
 * last paragraph break, else line break, else space in the second half of
 * each piece, so words and prices are not split.
 */
export function splitWhatsAppText(text: string, max = WHATSAPP_TEXT_MAX): string[] {
  const parts: string[] = []
  let rest = [...text.trim()]
  while (rest.length > max) {
    const head = rest.slice(0, max).join('')
    const cut = [/\n\n(?![\s\S]*\n\n)/, /\n(?![\s\S]*\n)/, / (?![\s\S]* )/]
      .map((re) => head.search(re))
      .find((i) => i >= max / 2)
    const size = cut === undefined ? max : [...head.slice(0, cut)].length
    const piece = rest.slice(0, size).join('').trim()
    if (piece) parts.push(piece)
    rest = [...rest.slice(size).join('').trimStart()]
  }
  const last = rest.join('').trim()
  if (last) parts.push(last)
  return parts
}

/** Meta's code for a message outside the 24-hour customer-service window (re-engagement needs a template). */
export const WHATSAPP_WINDOW_CLOSED = 131047

/** Whether a send failed because the customer-service window is closed (parseWhatsAppCloudResponse's "error 131047: …"). */
export function isWindowClosed(error: string | undefined): boolean {
  return error !== undefined && new RegExp(`\\berror ${WHATSAPP_WINDOW_CLOSED}\\b`).test(error)
}

export function whatsAppCloudRequest(cfg: WhatsAppCloudConfig, to: string, body: string): Request {
  return new Request(`${cfg.graphUrl}/${encodeURIComponent(cfg.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cfg.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: internationalDigits(to),
      type: 'text',
      text: { preview_url: false, body },
    }),
  })
}

export function parseWhatsAppCloudResponse(status: number, payload: unknown): string {
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    messages?: { id?: string }[]
    error?: { message?: string; code?: number }
  }
  const id = data.messages?.[0]?.id
  if (status >= 200 && status < 300 && id) return id
  const err = data.error
  const message = err?.message ? `${err.code !== undefined ? `error ${err.code}: ` : ''}${err.message}` : `HTTP ${status}`
  throw new ProviderError('whatsapp-cloud', message, status)
}

function cloudProvider(log: MessageLog, cfg: WhatsAppCloudConfig, doFetch: typeof fetch): WhatsAppProvider {
  const request = (to: string, body: string) => whatsAppCloudRequest(cfg, to, body)
  return httpProvider({ name: 'cloud', channel: 'whatsapp', logName: 'whatsapp-cloud', log, fetch: doFetch, request, parse: parseWhatsAppCloudResponse })
}
