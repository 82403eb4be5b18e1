// Per-function settings from supabase/config.toml, the file the Supabase CLI
// deploys with: only the [functions.<name>] tables, and in them only the keys
// the runner honours. A full TOML parser would be a dependency for two keys.
import { readFileSync } from 'node:fs'

export type FunctionSettings = {
  /** Default true, as on hosted Supabase. */
  verifyJwt: boolean
  /** `enabled = false` keeps a function from being served. */
  enabled: boolean
}

const DEFAULTS: FunctionSettings = { verifyJwt: true, enabled: true }

export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const out = new Map<string, FunctionSettings>()
  let current: FunctionSettings | undefined
  for (const raw of toml.split(/\r?\n/)) {
    const line = stripComment(raw).trim()
    if (!line) continue
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line)
    if (table) {
      const m = /^functions\.(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))$/.exec(table[1]!)
      const name = m ? (m[1] ?? m[2] ?? m[3])! : undefined
      current = name ? (out.get(name) ?? { ...DEFAULTS }) : undefined
      if (name && current) out.set(name, current)
      continue
    }
    if (!current) continue
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*(true|false)$/.exec(line)
    if (!kv) continue
    if (kv[1] === 'verify_jwt') current.verifyJwt = kv[2] === 'true'
    if (kv[1] === 'enabled') current.enabled = kv[2] === 'true'
  }
  return out
}

export function settingsFor(all: Map<string, FunctionSettings>, name: string): FunctionSettings {
  return all.get(name) ?? DEFAULTS
}

export function readFunctionSettings(file: string): Map<string, FunctionSettings> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return new Map()
  }
  return parseFunctionSettings(text)
}

/** A # starts a comment unless it is inside a quoted string. */
function stripComment(line: string): string {
  let quote: string | undefined
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quote) {
      if (ch === '\\' && quote === '"') i++
      else if (ch === quote) quote = undefined
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '#') return line.slice(0, i)
  }
  return line
}
