// Whether the stack may start on the address it was asked to listen on. On
// loopback only this machine reaches it, so the Supabase CLI's published
// keys, the demo account and the developer pages under /__local are fine.
// Anywhere else (a shop's own box on its network, 0.0.0.0, ::) the published
// keys would make anyone who has read Supabase's docs the project's admin,
// and /__local would show every verification code and take payments for
// anyone, so the stack refuses the keys and leaves the pages and the demo
// account out unless the box's owner asks for them.
import { BlockList, isIP } from 'node:net'
import { KEY_ENV_VARS, PUBLIC_DEFAULT_SECRETS, type StackConfig } from './config.ts'
import type { Queryable } from './db.ts'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** 127.0.0.0/8, ::1 (and IPv4-mapped loopback) and the name `localhost`; 0.0.0.0 and :: listen on every interface. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (h === 'localhost') return true
  const family = isIP(h)
  if (family === 4) return loopback.check(h, 'ipv4')
  if (family === 6) return loopback.check(h, 'ipv6')
  return false
}

/** GoTrue and hosted Supabase want at least this much secret behind HS256. */
export const MIN_JWT_SECRET_LENGTH = 32

export const EXPOSE_LOCAL_TOOLS_FLAG = '--expose-local-tools'

export type ExposureInput = {
  host: string
  config: Pick<StackConfig, keyof typeof KEY_ENV_VARS>
  /** The owner asked for /__local and the demo seed off loopback. */
  exposeLocalTools: boolean
  /** Seeding was asked for (not `--no-seed`). */
  seed: boolean
}

export type ExposurePlan =
  | { ok: true; localTools: boolean; seed: boolean; warning?: string }
  | { ok: false; message: string }

/**
 * The one decision, kept pure so it can be tested: refuse published keys or a
 * short secret off loopback; off loopback, /__local and the demo seed only on
 * request, with a warning. The opt-in never excuses published keys: those
 * would hand the database to anyone on the network whatever else is mounted.
 */
export function planExposure({ host, config, exposeLocalTools, seed }: ExposureInput): ExposurePlan {
  if (isLoopbackHost(host)) return { ok: true, localTools: true, seed }
  const published = (Object.keys(KEY_ENV_VARS) as (keyof typeof KEY_ENV_VARS)[]).filter(
    (k) => PUBLIC_DEFAULT_SECRETS.has(config[k]),
  )
  const problems: string[] = []
  if (published.length > 0) {
    problems.push(
      `these are the Supabase CLI's published defaults: ${published.map((k) => KEY_ENV_VARS[k]).join(', ')}`,
    )
  }
  if (config.jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET is shorter than ${MIN_JWT_SECRET_LENGTH} characters`)
  }
  if (problems.length > 0) {
    return {
      ok: false,
      message:
        `refusing to listen on ${host}: it is reachable from other machines, and ${problems.join('; ')}.\n` +
        `Set JWT_SECRET to a secret of your own (at least ${MIN_JWT_SECRET_LENGTH} characters); ANON_KEY, SERVICE_ROLE_KEY, ` +
        `PUBLISHABLE_KEY and SECRET_KEY are derived from it unless set. ` +
        `\`npm run stack -- keys\` prints a new secret and its keys. Or listen on 127.0.0.1.`,
    }
  }
  if (!exposeLocalTools) return { ok: true, localTools: false, seed: false }
  return {
    ok: true,
    localTools: true,
    seed,
    warning:
      `WARNING: ${EXPOSE_LOCAL_TOOLS_FLAG} on ${host}: anyone who can reach this address can read every SMS and ` +
      `WhatsApp message the stack sends, verification codes included (/__local/outbox), and complete any ` +
      `local checkout without paying (/__local/checkout)` +
      (seed ? `; a fresh database also gets the demo account demo@example.com / demo1234` : '') +
      `. Use it only on a network you trust, never on a shop's real data.`,
  }
}

/**
 * The seeded demo account with its published password, left over from a
 * start on loopback: off loopback it would be an open door, so the stack
 * refuses to start while it exists.
 */
export async function demoAccountIsOpen(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `select exists (
       select 1 from auth.users
        where email = 'demo@example.com' and encrypted_password is not null
          and encrypted_password = extensions.crypt('demo1234', encrypted_password)
     ) as open`,
  )
  return rows[0]?.open === true
}

export const DEMO_ACCOUNT_OPEN_MESSAGE =
  'refusing to listen off loopback: this database still has the demo account demo@example.com with its published ' +
  'password demo1234. Start once on 127.0.0.1 and change its password or delete the account ' +
  '(DELETE /auth/v1/admin/users/d0000000-0000-4000-8000-000000000001 with the service role key), ' +
  `or start with ${EXPOSE_LOCAL_TOOLS_FLAG} if this box is a demo on a network you trust.`
