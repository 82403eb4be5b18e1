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

export function whatsAppCloudConfig(env: EnvReader): WhatsAppCloudConfig {
  return {
    token: requireEnv('WHATSAPP_TOKEN', env),
    phoneNumberId: requireEnv('WHATSAPP_PHONE_NUMBER_ID', env),
    graphUrl: `https://graph.facebook.com/${env('WHATSAPP_GRAPH_VERSION') ?? WHATSAPP_GRAPH_VERSION}`,
  }
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
