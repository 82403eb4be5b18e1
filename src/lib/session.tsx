import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { AuthChangeEvent, AuthError, Session as AuthSession, SupabaseClient, User } from '@supabase/supabase-js'
import type { QueryClient } from '@tanstack/react-query'
import { getSupabase, hasStoredAuthSession, isAuthStorageKey, onSupabaseCreated } from './supabase.ts'

export type Profile = {
  id: string
  email: string | null
  business_name: string | null
  phone_number: string | null
  phone_verified: boolean
  avatar_url: string | null
  updated_at: string | null
}

/**
 * The only columns of users the app asks for, reads and caches. Named one by
 * one rather than `*` so a column added to users later (a secret, say) never
 * reaches the browser or its storage by default.
 */
export const PROFILE_COLUMNS = [
  'id',
  'email',
  'business_name',
  'phone_number',
  'phone_verified',
  'avatar_url',
  'updated_at',
] as const satisfies ReadonlyArray<keyof Profile>
const PROFILE_SELECT = PROFILE_COLUMNS.join(',')

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in'
export type Session = {
  status: SessionStatus
  user: User | null
  /** null while loading or when missing */
  profile: Profile | null
  profileLoading: boolean
  /** Served from the profile kept for 5 minutes per user unless force */
  refreshProfile(opts?: { force?: boolean }): Promise<Profile | null>
  clearProfileCache(): void
  /** Errors are logged only; clears profile and cache. */
  signOut(): Promise<void>
}

export const PROFILE_CACHE_TTL_MS = 5 * 60_000
export const PROFILE_FETCH_TIMEOUT_MS = 30_000
/** Every profile cache key, of any format, starts with this; sign-out clears them all. */
const CACHE_FAMILY = 'profile-cache:'
/**
 * The profile query kept by TanStack Query's persister, one entry per user
 * (`profile-cache:v2:<userId>`). Entries of the first format
 * (`profile-cache:<userId>`) held the whole users row, WhatsApp credentials
 * included: they are never read, and removed when the store starts. An entry
 * of the hand-written cache that came before the persister, under this same
 * prefix, has no persister timestamp: the restore removes it unread.
 */
export const PROFILE_CACHE_PREFIX = `${CACHE_FAMILY}v2:`
/** The persister's write delay: one write per burst of the query client's events, whichever query they concern. */
const PROFILE_WRITE_DELAY_MS = 1_000
/**
 * What a screen keeps of the signed-in owner's data on the device (the
 * inbox's cached conversations, a reply's draft) starts with this, so
 * signing out removes it with the profile and the next person on the device
 * reads none of it.
 */
export const OWNER_DATA_PREFIX = 'owner-data:'

/** Exactly the listed columns, whatever else the row or an old cache entry carries. */
function pickProfile(row: Profile): Profile {
  return Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, row[c] ?? null])) as Profile
}

export type SessionStoreDeps = {
  getClient: () => Promise<SupabaseClient>
  /**
   * When given and false, the store settles as signed out without creating the
   * client, and attaches once something else creates it (the sign-in screen)
   * or another tab signs in.
   */
  hasStoredSession?: () => boolean
  onClientCreated?: (listener: (client: SupabaseClient) => void) => () => void
  /**
   * The app's query client (lib/query-client.ts) unless given. Asked for
   * with the first profile read, so a visitor nobody signed in as never
   * downloads TanStack Query.
   */
  getQueryClient?: () => QueryClient | Promise<QueryClient>
  storage?: Storage
  isOnline?: () => boolean
  fetchTimeoutMs?: number
  /** PROFILE_WRITE_DELAY_MS unless given. */
  profileWriteDelayMs?: number
}

export type SessionStore = {
  getSnapshot(): Session
  subscribe(listener: () => void): () => void
  /** Resolves once the session and, for a signed-in user, the profile have settled (cache first when offline). */
  ready(): Promise<Session>
}

function isInvalidRefreshToken(error: AuthError): boolean {
  return error.code === 'refresh_token_not_found' || /invalid refresh token/i.test(error.message)
}

const appQueryClient = () => import('./query-client.ts').then((m) => m.queryClient)
type Persistence = typeof import('./persisted-query.ts')

const PROFILE_QUERY = 'profile'
/** The profile read's query key; every owner's server state is forgotten together on sign-out. */
export const profileQueryKey = (userId: string) => [PROFILE_QUERY, userId] as const

/** Aborted when either is; by hand, as AbortSignal.any needs Safari 17.4. */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const controller = new AbortController()
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason)
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
  }
  return controller.signal
}

/** One read of the profile row; a failure, a timeout included, throws. */
async function requestProfile(client: SupabaseClient, userId: string, signal: AbortSignal, timeoutMs: number): Promise<Profile | null> {
  const timeout = AbortSignal.timeout(timeoutMs)
  // supabase-js aborts the request itself, so a timed-out read does not linger on a slow connection.
  const result = await client.from('users').select(PROFILE_SELECT).eq('id', userId).abortSignal(eitherSignal(signal, timeout)).maybeSingle()
  if (timeout.aborted) throw new Error(`profile fetch timed out after ${timeoutMs} ms`, { cause: timeout.reason })
  if (result.error) throw new Error('profile fetch failed', { cause: result.error })
  const row = result.data as Profile | null
  return row ? pickProfile(row) : null
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const storage = deps.storage ?? globalThis.localStorage
  // The browser's own signal, as sync's browserConnectivity reads it (lib/use-online.ts); not
  // imported from there, which would bring sync/ into the landing page's first load.
  const isOnline = deps.isOnline ?? (() => globalThis.navigator?.onLine !== false)
  const timeoutMs = deps.fetchTimeoutMs ?? PROFILE_FETCH_TIMEOUT_MS
  const getQueryClient = deps.getQueryClient ?? appQueryClient

  const listeners = new Set<() => void>()
  let waiters: Array<(s: Session) => void> = []
  let started = false
  let client: SupabaseClient | undefined
  let queries: QueryClient | undefined
  let persistence: Persistence | undefined
  /** Whose profile query is kept in storage, and whether their kept copy has been read back. */
  let kept: { userId: string; restored: boolean; stop(): void } | undefined

  const methods = {
    refreshProfile: (opts?: { force?: boolean }) => {
      const id = state.user?.id
      return id ? loadProfile(id, opts?.force ?? false) : Promise.resolve(null)
    },
    clearProfileCache: () => clearProfileCache(),
    signOut: () => signOut(),
  }
  let state: Omit<Session, keyof typeof methods> = { status: 'loading', user: null, profile: null, profileLoading: false }
  let snapshot: Session = { ...state, ...methods }

  function settled(s: Session) {
    return s.status !== 'loading' && !s.profileLoading
  }

  function set(patch: Partial<typeof state>) {
    state = { ...state, ...patch }
    snapshot = { ...state, ...methods }
    for (const l of listeners) l()
    if (settled(snapshot)) {
      const w = waiters
      waiters = []
      for (const resolve of w) resolve(snapshot)
    }
  }

  /** Removes stored profiles (all, or only those of older formats), and on sign-out the owner's data kept on the device. */
  function clearStorage(opts: { legacyOnly?: boolean; ownerData?: boolean } = {}) {
    try {
      if (!storage) return
      const keys: string[] = []
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i)
        if (k?.startsWith(CACHE_FAMILY) && !(opts.legacyOnly && k.startsWith(PROFILE_CACHE_PREFIX))) keys.push(k)
        else if (k?.startsWith(OWNER_DATA_PREFIX) && opts.ownerData) keys.push(k)
      }
      for (const k of keys) storage.removeItem(k)
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }

  function loadQueryClient(): Promise<QueryClient> {
    if (queries && persistence) return Promise.resolve(queries)
    return Promise.all([getQueryClient(), import('./persisted-query.ts')]).then(([q, p]) => {
      persistence = p
      return (queries = q)
    })
  }

  /** Starts keeping `userId`'s profile query in storage (and stops keeping anyone else's); settles once their kept copy is read back. */
  function keepProfile(q: QueryClient, p: Persistence, userId: string): Promise<void> {
    if (kept?.userId === userId) return Promise.resolve()
    stopKeeping()
    const persisted = p.persistQuery<Profile>({
      queryClient: q,
      queryKey: profileQueryKey(userId),
      storage,
      storageKey: PROFILE_CACHE_PREFIX + userId,
      // A change of the columns changes what a kept copy must hold: older copies are thrown away.
      buster: PROFILE_SELECT,
      sanitize: pickProfile,
      writeDelayMs: deps.profileWriteDelayMs ?? PROFILE_WRITE_DELAY_MS,
    })
    const entry = { userId, restored: false, stop: persisted.stop }
    kept = entry
    return persisted.restored.then(() => {
      entry.restored = true
    })
  }

  function stopKeeping() {
    kept?.stop()
    kept = undefined
  }

  /**
   * Reads the profile through the query client, which shares one request
   * between overlapping reads. A forced read cancels the one on its way
   * (that one may predate the change the caller wants to see) and the
   * cancelled read then resolves with the new one's answer, so an older
   * answer never lands after a newer one.
   */
  function queryProfile(c: SupabaseClient, q: QueryClient, userId: string, force: boolean): Promise<Profile | null> {
    const queryKey = profileQueryKey(userId)
    if (force) void q.cancelQueries({ queryKey, exact: true }, { silent: true })
    return q.query({
      queryKey,
      queryFn: ({ signal }) => requestProfile(c, userId, signal, timeoutMs),
      // Only asked when the store has decided to ask (readProfile): a fresh kept copy never gets here.
      staleTime: 0,
      // Guards wait for this read: one attempt, then the kept copy.
      retry: false,
      // Offline it fails at once into the kept copy instead of waiting for the network.
      networkMode: 'always',
    })
  }

  /** The client, the query client and the owner's kept profile, read back; fails when the client cannot be had. */
  function prepare(userId: string): Promise<[SupabaseClient, QueryClient]> {
    return Promise.all([client ?? deps.getClient(), loadQueryClient()]).then(async ([c, q]) => {
      if (state.user?.id === userId) await keepProfile(q, persistence!, userId)
      return [c, q]
    })
  }

  /** Every owner's server state (profile, credits) goes with the owner, and their profile is no longer kept. */
  function forgetServerState() {
    // First, so that a write still waiting never lands.
    stopKeeping()
    queries?.clear()
  }

  function clearProfileCache() {
    // The next read asks the server. The persister would remove the kept copy after its write delay: storage is cleared now.
    queries?.removeQueries({ queryKey: [PROFILE_QUERY] })
    clearStorage()
  }

  function loadProfile(userId: string, force: boolean): Promise<Profile | null> {
    // Everything at hand after the first read: the request then starts in this very call.
    if (client && queries && kept?.userId === userId && kept.restored) return readProfile(client, queries, userId, force)
    return prepare(userId).then(
      ([c, q]) => readProfile(c, q, userId, force),
      (error: unknown) => {
        console.error('the profile could not be read', error)
        if (state.user?.id !== userId) return null
        const known = state.profile?.id === userId ? state.profile : null
        set({ profile: known, profileLoading: false })
        return known
      },
    )
  }

  function readProfile(c: SupabaseClient, q: QueryClient, userId: string, force: boolean): Promise<Profile | null> {
    // Signed out (or another user signed in) since: the answer reaches neither the session nor storage.
    const current = () => state.user?.id === userId
    if (!current()) return Promise.resolve(null)
    const query = q.getQueryCache().find<Profile | null>({ queryKey: profileQueryKey(userId), exact: true })
    const copy = query?.state.data ?? null
    // Offline a stale copy beats no profile: guards must still let the owner into the shell.
    if (query && copy && ((!force && !query.isStaleByTime(PROFILE_CACHE_TTL_MS)) || !isOnline())) {
      set({ profile: copy, profileLoading: false })
      return Promise.resolve(copy)
    }
    const known = copy ?? (state.profile?.id === userId ? state.profile : null)
    set({ profileLoading: true, profile: known })
    return queryProfile(c, q, userId, force).then(
      (profile) => {
        if (!current()) return null
        set({ profile, profileLoading: false })
        return profile
      },
      // The query client logs the failure; the copy at hand stands in.
      () => {
        if (!current()) return null
        set({ profile: known, profileLoading: false })
        return known
      },
    )
  }

  function signedOut() {
    // Also cancels a profile read on its way, whose answer then never arrives.
    forgetServerState()
    clearStorage({ ownerData: true })
    set({ status: 'signed-out', user: null, profile: null, profileLoading: false })
  }

  function onAuthEvent(event: AuthChangeEvent, session: AuthSession | null) {
    const user = session?.user ?? null
    if (!user) {
      if (event === 'SIGNED_OUT' || state.status !== 'signed-out') signedOut()
      return
    }
    const sameUser = state.user?.id === user.id
    if (!sameUser && state.user) forgetServerState()
    const needsProfile = !sameUser || event === 'USER_UPDATED' || (state.profile === null && !state.profileLoading)
    // Mark the profile as loading in the same tick as the user so a guard never sees a user without a settled profile.
    set({ status: 'signed-in', user, ...(needsProfile ? { profileLoading: true } : {}) })
    if (needsProfile) {
      // supabase-js holds a lock while it notifies; querying from inside the callback would wait on it.
      setTimeout(() => void loadProfile(user.id, event === 'USER_UPDATED'), 0)
    }
  }

  async function signOut() {
    const c = client ?? (await deps.getClient().catch(() => undefined))
    if (c) {
      try {
        const { error } = await c.auth.signOut()
        if (error) {
          console.error('sign-out failed', error)
          // The server could not be told (offline): still forget the session on this device.
          await c.auth.signOut({ scope: 'local' })
        }
      } catch (error) {
        console.error('sign-out failed', error)
      }
    }
    signedOut()
  }

  async function attach(c: SupabaseClient) {
    if (client) return
    client = c
    // Someone is (or is about to be) signed in: fetch the query client alongside the session.
    void loadQueryClient().catch((error: unknown) => console.error('the query client could not be loaded', error))
    client.auth.onAuthStateChange(onAuthEvent)
    try {
      const { data, error } = await client.auth.getSession()
      if (error) {
        if (isInvalidRefreshToken(error)) {
          await signOut()
          return
        }
        console.error('session retrieval failed', error)
      }
      if (state.status === 'loading') onAuthEvent('INITIAL_SESSION', data.session)
    } catch (error) {
      console.error('session retrieval failed', error)
      if (state.status === 'loading') set({ status: 'signed-out' })
    }
  }

  async function connect() {
    try {
      await attach(await deps.getClient())
    } catch (error) {
      console.error('session unavailable', error)
      if (state.status === 'loading') set({ status: 'signed-out' })
    }
  }

  function start() {
    if (!deps.hasStoredSession || deps.hasStoredSession()) {
      void connect()
      return
    }
    // Nobody is signed in on this browser: settle at once and keep supabase-js
    // off the page until it is needed.
    set({ status: 'signed-out' })
    const stop = deps.onClientCreated?.((c) => void attach(c))
    const onStorage = (event: StorageEvent) => {
      if (!isAuthStorageKey(event.key) || event.newValue === null) return
      globalThis.removeEventListener?.('storage', onStorage)
      stop?.()
      void connect()
    }
    globalThis.addEventListener?.('storage', onStorage)
  }

  function ensureStarted() {
    if (started) return
    started = true
    clearStorage({ legacyOnly: true })
    start()
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      ensureStarted()
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ready() {
      ensureStarted()
      return settled(snapshot) ? Promise.resolve(snapshot) : new Promise((resolve) => waiters.push(resolve))
    },
  }
}

let appStore: SessionStore | undefined
/** The one session of the app; the router reads it for guards, components through useSession. */
export function getSessionStore(): SessionStore {
  appStore ??= createSessionStore({
    getClient: getSupabase,
    hasStoredSession: () => hasStoredAuthSession(),
    onClientCreated: onSupabaseCreated,
  })
  return appStore
}

const SessionContext = createContext<SessionStore | null>(null)

export function SessionProvider(props: { children: ReactNode; store?: SessionStore }) {
  return <SessionContext.Provider value={props.store ?? getSessionStore()}>{props.children}</SessionContext.Provider>
}

export function useSession(): Session {
  const store = useContext(SessionContext)
  if (!store) throw new Error('useSession needs a SessionProvider')
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
