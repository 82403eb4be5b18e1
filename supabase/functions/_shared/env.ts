// Functions read their configuration only through Deno.env: hosted Supabase
// fills it from project secrets, the local stack from its own keys and the
// process environment. An empty value counts as unset, as a blank secret does.

export type EnvReader = (name: string) => string | undefined

export const readEnv: EnvReader = (name) => {
  const value = Deno.env.get(name)
  return value === undefined || value === '' ? undefined : value
}

export class MissingEnvError extends Error {
  constructor(readonly variable: string) {
    super(`environment variable ${variable} is not set`)
    this.name = 'MissingEnvError'
  }
}

export function requireEnv(name: string, env: EnvReader = readEnv): string {
  const value = env(name)
  if (value === undefined) throw new MissingEnvError(name)
  return value
}

/** A positive whole number from the environment, else the default. */
export function limitSetting(env: EnvReader, name: string, fallback: number): number {
  const value = Number(env(name))
  return Number.isInteger(value) && value > 0 ? value : fallback
}
