// Why a sync attempt failed, as a code the UI translates.
export type SyncErrorCode = 'network' | 'auth' | 'rejected' | 'unknown'
export type SyncError = { code: SyncErrorCode; message: string }

export class SyncFailure extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'SyncFailure'
  }
}

type Described = { code?: unknown; message?: unknown; status?: unknown; name?: unknown }

const CODES: readonly string[] = ['network', 'auth', 'rejected', 'unknown'] satisfies SyncErrorCode[]

export function toSyncFailure(error: unknown): SyncFailure {
  if (error instanceof SyncFailure) return error
  const e = (error ?? {}) as Described
  const message = typeof e.message === 'string' ? e.message : String(error)
  const code = typeof e.code === 'string' ? e.code : ''
  // RxDB hands a handler's error on as plain JSON (name, message, code): the class is gone, the code is not.
  if (e.name === 'SyncFailure' && CODES.includes(code)) return new SyncFailure(code as SyncErrorCode, message)
  // supabase-js turns a failed fetch into an error whose message is the TypeError's.
  if (/fetch failed|failed to fetch|networkerror|network request failed|load failed|ECONNREFUSED|ECONNRESET|socket hang up/i.test(message)
    || e.name === 'AuthRetryableFetchError' || (error instanceof TypeError)) {
    return new SyncFailure('network', message)
  }
  // PostgREST: PGRST301..303 are JWT problems; auth-js errors carry a status.
  if (/^PGRST30\d$/.test(code) || /jwt|refresh token|not signed in|session/i.test(message) || e.status === 401) {
    return new SyncFailure('auth', message)
  }
  // Constraint, permission or input errors: the server refused the data itself.
  if (/^(23|42|22)/.test(code)) return new SyncFailure('rejected', message)
  return new SyncFailure('unknown', message)
}

/**
 * Why the server refused one document of a push (the rest of the push went
 * on). `invalid`: a value the server does not accept (a check, a missing
 * value, a malformed one). `duplicate`: its id is taken, by a row this owner
 * cannot see. `reference`: it points at a row that is not on the server.
 * `forbidden`: row-level security refused it (e.g. it points at another
 * business's row, or at one not pushed yet). `other`: any other refusal the
 * push function reports.
 */
export type RefusalReason = 'invalid' | 'duplicate' | 'reference' | 'forbidden' | 'other'

/** The reason for a refusal the push function reported with this SQLSTATE. */
export function refusalReason(sqlstate: string): RefusalReason {
  if (sqlstate === '23505') return 'duplicate'
  if (sqlstate === '23503') return 'reference'
  if (sqlstate === '42501') return 'forbidden'
  // Class 23: integrity constraints (check, not null); class 22: data exceptions (malformed or out of range).
  if (/^2[23]/.test(sqlstate)) return 'invalid'
  return 'other'
}
