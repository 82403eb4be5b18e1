// SMS behind one small interface, chosen by SMS_PROVIDER: `local` (the
// default on this machine) only records the message, which the local outbox
// shows; `netgsm` and `twilio` send for real and record the outcome.
import { internationalDigits } from '../../../domain/phone.ts'
import { chooseMessageProvider, providerSettings } from './deployment.ts'
import { readEnv, requireEnv, type EnvReader } from './env.ts'
import { createLocalOutbox, type LocalOutbox } from './local-outbox.ts'
import {
  basicAuth,
  httpProvider,
  localProvider,
  ProviderError,
  type MessageLog,
  type MessageMeta,
  type SendResult,
} from './message-log.ts'

export type SmsProviderName = 'local' | 'netgsm' | 'twilio'

export type SmsProvider = {
  readonly name: SmsProviderName
  /** `to` in E.164, as numbers are stored. */
  send(to: string, body: string, meta?: MessageMeta): Promise<SendResult>
}

export type ProviderDeps = {
  log: MessageLog
  env?: EnvReader
  fetch?: typeof fetch
}

export const SMS_PROVIDERS = ['netgsm', 'twilio'] as const

/** Throws ProviderConfigError when the deployment's settings cannot deliver (see deployment.ts). */
export function createSmsProvider(deps: ProviderDeps): SmsProvider {
  const env = deps.env ?? readEnv
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const choice = chooseMessageProvider(env, 'SMS_PROVIDER', SMS_PROVIDERS)
  switch (choice) {
    case 'netgsm':
      return netgsmProvider(deps.log, providerSettings('SMS_PROVIDER', choice, () => netgsmConfig(env)), doFetch)
    case 'twilio':
      return twilioProvider(deps.log, providerSettings('SMS_PROVIDER', choice, () => twilioConfig(env)), doFetch)
    default:
      return localSmsProvider(deps.log, createLocalOutbox(env, doFetch))
  }
}

export function localSmsProvider(log: MessageLog, outbox: LocalOutbox): SmsProvider {
  return localProvider('sms', log, outbox)
}

// Netgsm ---------------------------------------------------------------------

export type NetgsmConfig = { usercode: string; password: string; msgheader: string; url: string }

export const NETGSM_SEND_URL = 'https://api.netgsm.com.tr/sms/rest/v2/send'

export function netgsmConfig(env: EnvReader): NetgsmConfig {
  return {
    usercode: requireEnv('NETGSM_USERCODE', env),
    password: requireEnv('NETGSM_PASSWORD', env),
    msgheader: requireEnv('NETGSM_MSGHEADER', env),
    url: env('NETGSM_API_URL') ?? NETGSM_SEND_URL,
  }
}

/** Netgsm's REST v2 send call: JSON, Basic auth, Turkish encoding so ğ/ı/ş arrive intact. */
export function netgsmRequest(cfg: NetgsmConfig, to: string, body: string): Request {
  return new Request(cfg.url, {
    method: 'POST',
    headers: { Authorization: basicAuth(cfg.usercode, cfg.password), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      msgheader: cfg.msgheader,
      encoding: 'TR',
      // Codes and reminders are informational, not commercial: İYS consent does not apply.
      iysfilter: '0',
      messages: [{ msg: body, no: internationalDigits(to) }],
    }),
  })
}

const NETGSM_ERRORS: Record<string, string> = {
  '20': 'message text is empty or too long',
  '30': 'invalid credentials, no API access or IP not allowed',
  '40': 'sender header (msgheader) is not registered',
  '50': 'account cannot send through İYS controls',
  '51': 'no İYS brand code for this account',
  '70': 'invalid or missing parameters',
  '80': 'sending limit exceeded',
  '85': 'duplicate message limit exceeded for this number',
}

/** Codes 00–02 mean accepted (01/02 only adjust a schedule we never set). */
export function parseNetgsmResponse(status: number, payload: unknown): string {
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>
  const code = String(data.code ?? '')
  if (status >= 200 && status < 300 && /^0[0-2]$/.test(code) && data.jobid) return String(data.jobid)
  const described = NETGSM_ERRORS[code] ?? (typeof data.description === 'string' ? data.description : `HTTP ${status}`)
  throw new ProviderError('netgsm', code ? `error ${code}: ${described}` : described, status)
}

function netgsmProvider(log: MessageLog, cfg: NetgsmConfig, doFetch: typeof fetch): SmsProvider {
  const request = (to: string, body: string) => netgsmRequest(cfg, to, body)
  return httpProvider({ name: 'netgsm', channel: 'sms', logName: 'netgsm', log, fetch: doFetch, request, parse: parseNetgsmResponse })
}

// Twilio ---------------------------------------------------------------------

export type TwilioConfig = { accountSid: string; authToken: string; from: string; baseUrl: string }

export function twilioConfig(env: EnvReader): TwilioConfig {
  return {
    accountSid: requireEnv('TWILIO_ACCOUNT_SID', env),
    authToken: requireEnv('TWILIO_AUTH_TOKEN', env),
    from: requireEnv('TWILIO_FROM', env),
    baseUrl: env('TWILIO_API_URL') ?? 'https://api.twilio.com',
  }
}

/** Twilio's Messages resource; a TWILIO_FROM starting with MG is a messaging service, not a number. */
export function twilioRequest(cfg: TwilioConfig, to: string, body: string): Request {
  const form = new URLSearchParams({ To: to, Body: body })
  form.set(cfg.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', cfg.from)
  return new Request(`${cfg.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`, {
    method: 'POST',
    headers: { Authorization: basicAuth(cfg.accountSid, cfg.authToken), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
}

export function parseTwilioResponse(status: number, payload: unknown): string {
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>
  if (status >= 200 && status < 300 && typeof data.sid === 'string') return data.sid
  const code = data.code !== undefined ? `error ${String(data.code)}: ` : ''
  const message = typeof data.message === 'string' ? data.message : `HTTP ${status}`
  throw new ProviderError('twilio', `${code}${message}`, status)
}

function twilioProvider(log: MessageLog, cfg: TwilioConfig, doFetch: typeof fetch): SmsProvider {
  const request = (to: string, body: string) => twilioRequest(cfg, to, body)
  return httpProvider({ name: 'twilio', channel: 'sms', logName: 'twilio', log, fetch: doFetch, request, parse: parseTwilioResponse })
}
