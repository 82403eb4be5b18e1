// Where a function runs: on this machine (the local stack, where the local
// providers have somewhere to put what they "send") or on a hosted project,
// where a provider left at its local default would silently send nothing.
import { MissingEnvError, type EnvReader } from './env.ts'
import { CodedError } from './http.ts'

/** 127.0.0.0/8, ::1 and localhost (RFC 6761 keeps *.localhost on this machine too). */
export function isLoopbackUrl(value: string): boolean {
  let host: string
  try {
    host = new URL(value).hostname.toLowerCase()
  } catch {
    return false
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true
  return /^127(\.\d{1,3}){3}$/.test(host)
}

/** A project reached at an address other than this machine's. */
export function isHosted(env: EnvReader): boolean {
  const url = env('SUPABASE_URL')
  return url !== undefined && !isLoopbackUrl(url)
}

/**
 * The deployment's settings cannot deliver a message: no provider chosen on a
 * hosted project, an unknown one, or one without its credentials. Functions
 * answer `500 provider_not_configured` and log the message, which names the
 * setting to fix.
 */
export class ProviderConfigError extends CodedError<'provider_not_configured'> {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super('provider_not_configured', 500, message)
    this.name = 'ProviderConfigError'
  }
}

/** A provider name the deployment does not know. */
export class UnknownProviderError extends ProviderConfigError {
  constructor(variable: string, value: string) {
    super(variable, `${variable}=${value} is not a known provider`)
    this.name = 'UnknownProviderError'
  }
}

/**
 * The message provider `variable` names. `local` (also the default) is
 * accepted only where its messages can be read: on this machine, or where the
 * local stack says it serves its outbox (LOCAL_OUTBOX_URL). On a hosted
 * project an unset variable is a configuration error, not a silent outbox
 * nobody reads.
 */
export function chooseMessageProvider(env: EnvReader, variable: string, realProviders: readonly string[]): string {
  const choice = env(variable)
  if (choice !== undefined && choice !== 'local') {
    if (!realProviders.includes(choice)) throw new UnknownProviderError(variable, choice)
    return choice
  }
  if (!isHosted(env) || env('LOCAL_OUTBOX_URL')) return 'local'
  const options = realProviders.join(' or ')
  throw new ProviderConfigError(
    variable,
    choice === undefined
      ? `${variable} is not set on a hosted project (SUPABASE_URL ${env('SUPABASE_URL')}): set it to ${options}`
      : `${variable}=local on a hosted project (SUPABASE_URL ${env('SUPABASE_URL')}): the local outbox exists only in the local stack; set it to ${options}`,
  )
}

/** A provider's own settings, with a missing one reported as the configuration error it is. */
export function providerSettings<T>(variable: string, choice: string, read: () => T): T {
  try {
    return read()
  } catch (e) {
    if (e instanceof MissingEnvError) throw new ProviderConfigError(variable, `${variable}=${choice} needs ${e.variable}`)
    throw e
  }
}
