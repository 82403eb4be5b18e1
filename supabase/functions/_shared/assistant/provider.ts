// Which responder answers customers, chosen by the deployment: the built-in
// one (the default, no model at all) or an OpenAI-compatible model server.
// As with message providers (deployment.ts), a setting that would make every
// answer silently fall back to the built-in one is refused where it is
// certainly wrong, a hosted project, so the owner learns it from the logs.
import { isHosted, isLoopbackUrl, ProviderConfigError, UnknownProviderError } from '../deployment.ts'
import type { EnvReader } from '../env.ts'
import { DEFAULT_TIMEOUT_MS, modelResponder } from './openai.ts'
import type { Responder } from './types.ts'

export const ASSISTANT_PROVIDERS = ['builtin', 'openai'] as const

/** Ollama's OpenAI-compatible API: where a model is expected on this machine when no URL is set. */
export const LOCAL_MODEL_URL = 'http://localhost:11434/v1'

/** The columns of chatbot_configs the model uses; numeric columns may arrive as text. */
export type ModelConfig = {
  openai_model: string
  temperature: number | string
  max_tokens: number | string
  system_prompt: string | null
}

export type ChooseResponderDeps = { fetch?: typeof fetch; onFallback?: (reason: string) => void }

/** Throws ProviderConfigError when the settings cannot reach a model (see deployment.ts). */
export function chooseResponder(env: EnvReader, config: ModelConfig, fallback: Responder, deps: ChooseResponderDeps = {}): Responder {
  const choice = env('ASSISTANT_PROVIDER') ?? 'builtin'
  if (!(ASSISTANT_PROVIDERS as readonly string[]).includes(choice)) throw new UnknownProviderError('ASSISTANT_PROVIDER', choice)
  if (choice === 'builtin') return fallback
  return modelResponder({
    ...modelSettings(env),
    // The owner picks among the models the schema allows; a local server names its own (ASSISTANT_MODEL).
    model: env('ASSISTANT_MODEL') ?? config.openai_model,
    temperature: Number(config.temperature),
    maxTokens: Number(config.max_tokens),
    systemPrompt: config.system_prompt ?? '',
    fallback,
    ...deps,
  })
}

/** ASSISTANT_API_URL, ASSISTANT_API_KEY and ASSISTANT_TIMEOUT_MS, checked. */
export function modelSettings(env: EnvReader): { url: string; apiKey?: string; timeoutMs: number } {
  const hosted = isHosted(env)
  const url = env('ASSISTANT_API_URL')
  if (url === undefined && hosted) {
    throw new ProviderConfigError(
      'ASSISTANT_API_URL',
      `ASSISTANT_PROVIDER=openai needs ASSISTANT_API_URL on a hosted project (SUPABASE_URL ${env('SUPABASE_URL')}), e.g. https://api.openai.com/v1`,
    )
  }
  const chosen = url ?? LOCAL_MODEL_URL
  let parsed: URL
  try {
    parsed = new URL(chosen)
  } catch {
    throw new ProviderConfigError('ASSISTANT_API_URL', `ASSISTANT_API_URL=${chosen} is not a URL`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ProviderConfigError('ASSISTANT_API_URL', `ASSISTANT_API_URL=${chosen} is not an http(s) URL`)
  }
  // Hosted functions have no model server beside them: every answer would fall back.
  if (hosted && isLoopbackUrl(chosen)) {
    throw new ProviderConfigError(
      'ASSISTANT_API_URL',
      `ASSISTANT_API_URL=${chosen} is this machine's address, but the functions run on a hosted project (SUPABASE_URL ${env('SUPABASE_URL')})`,
    )
  }
  const apiKey = env('ASSISTANT_API_KEY')
  if (apiKey === undefined && parsed.hostname === 'api.openai.com') {
    throw new ProviderConfigError('ASSISTANT_API_KEY', 'ASSISTANT_API_URL is OpenAI, which needs ASSISTANT_API_KEY')
  }
  const timeoutText = env('ASSISTANT_TIMEOUT_MS')
  const timeoutMs = timeoutText === undefined ? DEFAULT_TIMEOUT_MS : Number(timeoutText)
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new ProviderConfigError('ASSISTANT_TIMEOUT_MS', `ASSISTANT_TIMEOUT_MS=${timeoutText} is not a positive whole number of milliseconds`)
  }
  return apiKey === undefined ? { url: chosen, timeoutMs } : { url: chosen, apiKey, timeoutMs }
}
