// Where the API lives is decided at run time, not build time: the server that
// serves the app answers /config.json, so one build works against any stack
// (local or hosted). A static host without that file falls back to the
// VITE_SUPABASE_* values baked in at build time.
export type RuntimeConfig = { supabaseUrl: string; supabaseAnonKey: string }

export type RuntimeConfigError = 'config_unavailable'

let cached: Promise<RuntimeConfig> | undefined

function fromBuild(): RuntimeConfig | undefined {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined
  return url && key ? { supabaseUrl: url, supabaseAnonKey: key } : undefined
}

export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  cached ??= (async () => {
    try {
      const res = await fetchImpl('/config.json', { cache: 'no-cache' })
      if (res.ok) {
        const body = (await res.json()) as Partial<RuntimeConfig>
        if (body.supabaseUrl && body.supabaseAnonKey) {
          return { supabaseUrl: body.supabaseUrl, supabaseAnonKey: body.supabaseAnonKey }
        }
      }
    } catch {
      // Offline with no cached copy: fall through to the build-time values.
    }
    const built = fromBuild()
    if (built) return built
    cached = undefined
    throw Object.assign(new Error('config_unavailable'), { code: 'config_unavailable' as RuntimeConfigError })
  })()
  return cached
}
