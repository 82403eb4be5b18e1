// The chatbot screen's rules: the settings form (defaults, ranges, checks as
// codes, the row it writes) and the embed snippet an owner pastes into their
// site. The defaults and ranges are the table's (supabase/migrations/
// 20261122000300_chatbot.sql), and the database holds every limit below as
// well (20261127001100_chatbot_config_checks.sql), so the form never offers
// what the database refuses and a write around the form cannot store more;
// tests/integration/chatbot-config-limits.test.ts fails when the two differ.
// Which pages may then use the widget is domain/chatbot-origin.ts.
import { hostOf } from './chatbot-origin.ts'
import { assertValid, blankToNull, fieldErrors, formErrorClass, lengthError, requiredError, TEXT_ERRORS, textLength, urlError } from './forms.ts'

// ---------------------------------------------------------------------------
// Options, ranges and defaults

export const CHATBOT_POSITIONS = ['bottom-right', 'bottom-left'] as const
export type ChatbotPosition = (typeof CHATBOT_POSITIONS)[number]

export const CHATBOT_MODELS = ['gpt-3.5-turbo', 'gpt-4'] as const
export type ChatbotModel = (typeof CHATBOT_MODELS)[number]

export const CHATBOT_TEMPERATURE_MIN = 0
export const CHATBOT_TEMPERATURE_MAX = 1
export const CHATBOT_TEMPERATURE_STEP = 0.1
export const CHATBOT_MAX_TOKENS_MIN = 100
export const CHATBOT_MAX_TOKENS_MAX = 4000

export const DEFAULT_CHATBOT_ENABLED = false
export const DEFAULT_CHATBOT_COLOR = '#3B82F6'
export const DEFAULT_CHATBOT_POSITION: ChatbotPosition = 'bottom-right'
export const DEFAULT_CHATBOT_MODEL: ChatbotModel = 'gpt-3.5-turbo'
export const DEFAULT_CHATBOT_TEMPERATURE = 0.7
export const DEFAULT_CHATBOT_MAX_TOKENS = 1000

/** The columns' default texts, word for word, so a new form saves what the table would have filled in. */
export const DEFAULT_CHATBOT_BOT_NAME = 'Asistan'
export const DEFAULT_CHATBOT_WELCOME_MESSAGE = 'Merhaba! Size nasıl yardımcı olabilirim?'
export const DEFAULT_CHATBOT_BOT_DESCRIPTION =
  'Ürünlerimiz, fiyatlarımız ve randevularınız hakkındaki sorularınızı yanıtlayan yapay zekâ asistanı.'
/** `{business_name}` is replaced with the profile's business name by the assistant. */
export const DEFAULT_CHATBOT_SYSTEM_PROMPT =
  'Sen {business_name} işletmesinin nazik ve yardımsever müşteri asistanısın. ' +
  'Müşterilerin sorularını kısa, açık ve kibar bir dille yanıtla. ' +
  'Ürünler, fiyatlar, stok ve randevular hakkında yalnızca sana verilen bilgilere dayan; ' +
  'bilmediğin bir konuda tahmin yürütme, müşteriyi işletmeyle iletişime geçmeye yönlendir. ' +
  'Müşteri hangi dilde yazıyorsa o dilde yanıt ver.'

// The spec sets no lengths. These keep the widget's header and bubble
// readable and the prompt (sent with every message, so paid for every time)
// bounded; the URL limit is what browsers reliably handle. Lengths are in
// characters (code points), as Postgres's char_length counts them, so an
// emoji is one character here and in the database alike.
export const CHATBOT_BOT_NAME_MAX = 50
export const CHATBOT_WELCOME_MESSAGE_MAX = 500
export const CHATBOT_BOT_DESCRIPTION_MAX = 1000
export const CHATBOT_SYSTEM_PROMPT_MAX = 4000
export const CHATBOT_WEBSITE_URL_MAX = 2048
/** Distinct allowed domains; far more than a shop has, few enough to check on every widget request. */
export const CHATBOT_ALLOWED_DOMAINS_MAX = 50
/**
 * One allowed-domain entry as stored (lower-cased, `*.` and all): the longest
 * host name DNS allows. A wildcard loses nothing by it, since whatever
 * `*.parent` matches is at least two characters longer than the parent.
 */
export const CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX = 253

/** How long the copy button says "copied" (spec §9). */
export const CHATBOT_COPIED_MS = 2000

// ---------------------------------------------------------------------------
// Settings form

/**
 * The form as the screen holds it. Temperature and max tokens are numbers or
 * the text as typed (a NumberInput gives either); allowed domains are the
 * comma-separated text the owner types.
 */
export type ChatbotFormValues = {
  enabled: boolean
  bot_name: string
  welcome_message: string
  bot_description: string
  system_prompt: string
  primary_color: string
  position: string
  openai_model: string
  temperature: number | string
  max_tokens: number | string
  website_url: string
  allowed_domains: string
}

export type ChatbotFormField = keyof ChatbotFormValues

export const CHATBOT_FORM_ERRORS = [
  ...TEXT_ERRORS,
  'invalid_color',
  'invalid_option',
  'not_a_number',
  'not_an_integer',
  'invalid_step',
  'out_of_range',
  'invalid_url',
  'invalid_domain',
  'too_many',
] as const
export type ChatbotFormError = (typeof CHATBOT_FORM_ERRORS)[number]

export type ChatbotFormErrors = Partial<Record<ChatbotFormField, ChatbotFormError>>

/** chatbot_configs as read from the data API; the nullable text columns may be null. */
export type ChatbotConfigRow = {
  enabled: boolean
  bot_name: string | null
  welcome_message: string | null
  bot_description: string | null
  system_prompt: string | null
  primary_color: string
  position: string
  openai_model: string
  /** numeric(2, 1): a number from the data API, text from some drivers. */
  temperature: number | string
  max_tokens: number
  website_url: string | null
  allowed_domains: readonly string[] | null
}

/** The columns the screen writes (the caller adds user_id for the upsert). */
export type ChatbotConfigPayload = {
  enabled: boolean
  bot_name: string
  welcome_message: string | null
  bot_description: string | null
  system_prompt: string | null
  /** `#rrggbb` */
  primary_color: string
  position: ChatbotPosition
  openai_model: ChatbotModel
  temperature: number
  max_tokens: number
  website_url: string | null
  /** Lower-case, distinct, in the order written. */
  allowed_domains: string[]
}

export function emptyChatbotForm(): ChatbotFormValues {
  return {
    enabled: DEFAULT_CHATBOT_ENABLED,
    bot_name: DEFAULT_CHATBOT_BOT_NAME,
    welcome_message: DEFAULT_CHATBOT_WELCOME_MESSAGE,
    bot_description: DEFAULT_CHATBOT_BOT_DESCRIPTION,
    system_prompt: DEFAULT_CHATBOT_SYSTEM_PROMPT,
    primary_color: DEFAULT_CHATBOT_COLOR,
    position: DEFAULT_CHATBOT_POSITION,
    openai_model: DEFAULT_CHATBOT_MODEL,
    temperature: DEFAULT_CHATBOT_TEMPERATURE,
    max_tokens: DEFAULT_CHATBOT_MAX_TOKENS,
    website_url: '',
    allowed_domains: '',
  }
}

/**
 * The form for a stored configuration, or the defaults when the owner has
 * none yet. A null text column is shown blank: the owner cleared it, and
 * putting the default back would undo that on the next save.
 */
export function chatbotConfigToForm(row: ChatbotConfigRow | null | undefined): ChatbotFormValues {
  if (!row) return emptyChatbotForm()
  const temperature = Number(row.temperature)
  return {
    enabled: row.enabled,
    bot_name: row.bot_name ?? '',
    welcome_message: row.welcome_message ?? '',
    bot_description: row.bot_description ?? '',
    system_prompt: row.system_prompt ?? '',
    primary_color: row.primary_color,
    position: row.position,
    openai_model: row.openai_model,
    temperature: Number.isFinite(temperature) ? temperature : String(row.temperature),
    max_tokens: row.max_tokens,
    website_url: row.website_url ?? '',
    allowed_domains: (row.allowed_domains ?? []).join(', '),
  }
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim())
}

/** `#abc` → `#aabbcc`, `#3B82F6` → `#3b82f6`; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const text = value.trim()
  if (!HEX_COLOR.test(text)) return null
  const hex = text.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`
}

/** The entries of the comma-separated field, trimmed, blanks dropped (spec §5). */
export function splitAllowedDomains(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

// What an owner may type for a host: letters of any script (shops have
// Turkish domains), digits, combining marks, dots and hyphens. Anything else
// is a scheme, port, path, user, space or a misplaced `*`; chatbot-origin
// would quietly drop some of those, the form says so instead.
const HOST_TEXT = /^[\p{L}\p{M}\p{N}.-]+$/u
// A host after hostOf (lower-case, punycoded): labels of 1–63 letters,
// digits and inner hyphens, 253 characters in all.
const ASCII_HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/

/** The host chatbot-origin will compare with (hostOf), if the text is a plain host name and nothing else. */
function plainHost(text: string): string | null {
  if (!HOST_TEXT.test(text)) return null
  const host = hostOf(text)
  if (host === null || !ASCII_HOST.test(host)) return null
  // The URL parser rewrites numbers as IPv4 ("123" → "0.0.0.123"): an ASCII
  // entry must come back as written, or the owner typed something else than
  // what would be matched.
  if (/^[\x20-\x7e]*$/.test(text) && host !== text.toLowerCase().replace(/\.$/, '')) return null
  return host
}

/**
 * What one allowed-domain entry matches, as a comparable key (`example.com`,
 * `*.example.com`), or null when it is not a host name. Agrees with
 * chatbot-origin: hosts are compared as hostOf reads them, and a wildcard
 * needs a parent with a dot (`*.com` would let any site in). A dotless host
 * other than localhost cannot be a public site, so it is taken as a typo.
 */
export function allowedDomainKey(entry: string): string | null {
  const text = entry.trim()
  // Measured as stored: marks the URL parser ignores (U+FE0F…) would
  // otherwise let any length through behind a short host.
  if (textLength(text.toLowerCase()) > CHATBOT_ALLOWED_DOMAIN_LENGTH_MAX) return null
  const wildcard = text.startsWith('*.')
  const host = plainHost(wildcard ? text.slice(2) : text)
  if (host === null) return null
  if (wildcard) return host.includes('.') ? `*.${host}` : null
  return host.includes('.') || host === 'localhost' ? host : null
}

/** The entries the domains field cannot accept, as typed (trimmed), each once: for the screen to name them. */
export function invalidAllowedDomains(text: string): string[] {
  return [...new Set(splitAllowedDomains(text).filter((entry) => allowedDomainKey(entry) === null))]
}

/** The valid entries, lower-cased, the first of each that match the same hosts kept, in order. */
function distinctAllowedDomains(text: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const entry of splitAllowedDomains(text)) {
    const key = allowedDomainKey(entry)
    if (key === null || seen.has(key)) continue
    seen.add(key)
    out.push(entry.toLowerCase())
  }
  return out
}

// A decimal as typed, with "." or "," (Turkish keyboards); as products.ts reads prices.
const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/

/** A number typed or given; undefined when blank, NaN when not a number. */
function numberInput(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN
  if (typeof value !== 'string') return Number.NaN
  const text = value.trim()
  if (text === '') return undefined
  return DECIMAL_TEXT.test(text) ? Number(text.replace(',', '.')) : Number.NaN
}

// A tenth typed as a float (0.1 + 0.2) is off by far less than this.
const onTenthStep = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9

function temperatureError(value: unknown): ChatbotFormError | undefined {
  const n = numberInput(value)
  if (n === undefined) return 'required'
  if (Number.isNaN(n)) return 'not_a_number'
  if (n < CHATBOT_TEMPERATURE_MIN || n > CHATBOT_TEMPERATURE_MAX) return 'out_of_range'
  // numeric(2, 1) would round 0.75 silently; the owner should pick the value that is kept.
  if (!onTenthStep(n)) return 'invalid_step'
  return undefined
}

const optionError = (options: readonly string[], value: string): ChatbotFormError | undefined => (options.includes(value) ? undefined : 'invalid_option')

function allowedDomainsError(text: string): ChatbotFormError | undefined {
  if (invalidAllowedDomains(text).length > 0) return 'invalid_domain'
  return distinctAllowedDomains(text).length > CHATBOT_ALLOWED_DOMAINS_MAX ? 'too_many' : undefined
}

function maxTokensError(value: unknown): ChatbotFormError | undefined {
  const n = numberInput(value)
  if (n === undefined) return 'required'
  if (Number.isNaN(n)) return 'not_a_number'
  if (!Number.isInteger(n)) return 'not_an_integer'
  if (n < CHATBOT_MAX_TOKENS_MIN || n > CHATBOT_MAX_TOKENS_MAX) return 'out_of_range'
  return undefined
}

/**
 * Field → error code for every field that is wrong; `{}` when the form can be
 * saved. Every field is judged whether or not the chatbot is enabled, since
 * the save writes them all; a screen that hides them while disabled shows
 * the codes with `errorText`.
 */
export function validateChatbotForm(values: ChatbotFormValues): ChatbotFormErrors {
  return fieldErrors<ChatbotFormErrors>({
    bot_name: requiredError(values.bot_name) ?? lengthError(values.bot_name, CHATBOT_BOT_NAME_MAX),
    welcome_message: lengthError(values.welcome_message, CHATBOT_WELCOME_MESSAGE_MAX),
    bot_description: lengthError(values.bot_description, CHATBOT_BOT_DESCRIPTION_MAX),
    system_prompt: lengthError(values.system_prompt, CHATBOT_SYSTEM_PROMPT_MAX),
    primary_color: requiredError(values.primary_color) ?? (isHexColor(values.primary_color) ? undefined : 'invalid_color'),
    position: optionError(CHATBOT_POSITIONS, values.position),
    openai_model: optionError(CHATBOT_MODELS, values.openai_model),
    temperature: temperatureError(values.temperature),
    max_tokens: maxTokensError(values.max_tokens),
    website_url: lengthError(values.website_url, CHATBOT_WEBSITE_URL_MAX) ?? urlError(values.website_url),
    allowed_domains: allowedDomainsError(values.allowed_domains),
  })
}

export const InvalidChatbotFormError = formErrorClass<ChatbotFormErrors>('InvalidChatbotFormError', 'chatbot form')
export type InvalidChatbotFormError = InstanceType<typeof InvalidChatbotFormError>

/**
 * The columns to upsert for a valid form: text trimmed, blank nullable text
 * as null, the colour as `#rrggbb`, numbers parsed (temperature to its
 * tenth), allowed domains lower-cased without repeats. Throws
 * InvalidChatbotFormError when the form does not validate.
 */
export function chatbotPayloadFromForm(values: ChatbotFormValues): ChatbotConfigPayload {
  assertValid(validateChatbotForm(values), InvalidChatbotFormError)
  return {
    enabled: values.enabled,
    bot_name: values.bot_name.trim(),
    welcome_message: blankToNull(values.welcome_message),
    bot_description: blankToNull(values.bot_description),
    system_prompt: blankToNull(values.system_prompt),
    primary_color: normalizeHexColor(values.primary_color)!,
    position: values.position as ChatbotPosition,
    openai_model: values.openai_model as ChatbotModel,
    temperature: Math.round(numberInput(values.temperature)! * 10) / 10,
    max_tokens: numberInput(values.max_tokens)!,
    website_url: blankToNull(values.website_url),
    allowed_domains: distinctAllowedDomains(values.allowed_domains),
  }
}

// ---------------------------------------------------------------------------
// Embed snippet

/** The spec names no global; the widget script reads this one. */
export const WIDGET_CONFIG_GLOBAL = 'ChatbotConfig'
/** Served from the app's own origin. */
export const WIDGET_SCRIPT_PATH = '/chatbot-widget.js'

export type WidgetSnippetInput = {
  userId: string
  /** chatbot-api's URL. */
  apiUrl: string
  /** The widget script's absolute http(s) URL, e.g. widgetScriptUrl(location.origin). */
  scriptUrl: string
  enabled: boolean
  botName: string | null
  welcomeMessage: string | null
  primaryColor: string
  position: ChatbotPosition
}

/** What the widget script finds in `window.ChatbotConfig`. */
export type WidgetConfig = Omit<WidgetSnippetInput, 'scriptUrl'> & { animation: true; theme: 'light' }

export const WIDGET_SNIPPET_ERRORS = ['invalid_script_url', 'invalid_api_url'] as const
export type WidgetSnippetError = (typeof WIDGET_SNIPPET_ERRORS)[number]

export class InvalidWidgetSnippetError extends Error {
  constructor(readonly code: WidgetSnippetError) {
    super(`cannot build the widget snippet: ${code}`)
    this.name = 'InvalidWidgetSnippetError'
  }
}

/** The widget script's URL on the app at `appUrl` (an origin or any page of it). */
export function widgetScriptUrl(appUrl: string): string {
  return new URL(WIDGET_SCRIPT_PATH, appUrl).href
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * JSON that stays data inside an inline <script> of any page: `<` and `>`
 * escaped so no `</script>` or `<!--` can end or bend the element, `&` for
 * pages served as XHTML, U+2028/2029 for engines that predate them being
 * legal in strings, `'` because the spec asks quotes to be escaped. These
 * characters occur only inside JSON strings, where \u escapes mean the same.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[<>&'\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const HTML_ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' }

export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => HTML_ATTRIBUTE_ESCAPES[c]!)
}

/**
 * The exact text the owner pastes into their page: a script that sets
 * `window.ChatbotConfig` (animation on, light theme), then the widget script,
 * deferred so it runs after the config exists and does not hold up the page.
 * Every value is data, never markup or code, whatever the owner typed.
 * Throws InvalidWidgetSnippetError when either URL is not http(s).
 */
export function widgetSnippet(input: WidgetSnippetInput): string {
  const scriptUrl = httpUrl(input.scriptUrl)
  if (scriptUrl === null) throw new InvalidWidgetSnippetError('invalid_script_url')
  if (httpUrl(input.apiUrl) === null) throw new InvalidWidgetSnippetError('invalid_api_url')
  const config: WidgetConfig = {
    userId: input.userId,
    apiUrl: input.apiUrl.trim(),
    enabled: input.enabled,
    botName: input.botName,
    welcomeMessage: input.welcomeMessage,
    primaryColor: input.primaryColor,
    position: input.position,
    animation: true,
    theme: 'light',
  }
  return [
    '<script>',
    `window.${WIDGET_CONFIG_GLOBAL} = ${scriptSafeJson(config)};`,
    '</script>',
    `<script src="${escapeHtmlAttribute(scriptUrl)}" defer></script>`,
  ].join('\n')
}
