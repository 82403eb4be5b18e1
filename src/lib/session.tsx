import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { AuthChangeEvent, AuthError, Session as AuthSession, SupabaseClient, User } from '@supabase/supabase-js'
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
  /** 5-minute cache per user unless force */
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
 * Entries of the first format (`profile-cache:<userId>`) held the whole users
 * row, WhatsApp credentials included: they are never read, and removed when
 * the store starts.
 */
export const PROFILE_CACHE_PREFIX = `${CACHE_FAMILY}v2:`

/** Exactly the listed columns, whatever else the row or an old cache entry carries. */
function pickProfile(row: Profile): Profile {
  return Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, row[c] ?? null])) as Profile
}

type CacheEntry = { profile: Profile; fetchedAt: number }

export type SessionStoreDeps = {
  getClient: () => Promise<SupabaseClient>
  /**
   * When given and false, the store settles as signed out without creating the
   * client, and attaches once something else creates it (the sign-in screen)
   * or another tab signs in.
   */
  hasStoredSession?: () => boolean
  onClientCreated?: (listener: (client: SupabaseClient) => void) => () => void
  storage?: Storage
  now?: () => number
  isOnline?: () => boolean
  fetchTimeoutMs?: number
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

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const storage = deps.storage ?? globalThis.localStorage
  const now = deps.now ?? Date.now
  const isOnline = deps.isOnline ?? (() => globalThis.navigator?.onLine !== false)
  const timeoutMs = deps.fetchTimeoutMs ?? PROFILE_FETCH_TIMEOUT_MS

  const listeners = new Set<() => void>()
  let waiters: Array<(s: Session) => void> = []
  let started = false
  let client: SupabaseClient | undefined
  // Each profile load gets a ticket so a slow answer for an older request never overwrites a newer one.
  let ticket = 0
  const inflight = new Map<string, Promise<Profile | null>>()

  const methods = {
    refreshProfile: (opts?: { force?: boolean }) => {
      const id = state.user?.id
      return id ? loadProfile(id, opts?.force ?? false) : Promise.resolve(null)
    },
    clearProfileCache: () => clearCache(),
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

  function readCache(userId: string): CacheEntry | undefined {
    try {
      const raw = storage?.getItem(PROFILE_CACHE_PREFIX + userId)
      if (!raw) return undefined
      const entry = JSON.parse(raw) as CacheEntry
      return { profile: pickProfile(entry.profile), fetchedAt: entry.fetchedAt }
    } catch {
      return undefined
    }
  }

  function writeCache(userId: string, profile: Profile | null) {
    try {
      if (profile) storage?.setItem(PROFILE_CACHE_PREFIX + userId, JSON.stringify({ profile: pickProfile(profile), fetchedAt: now() }))
      else storage?.removeItem(PROFILE_CACHE_PREFIX + userId)
    } catch {
      // Storage full or blocked: the cache is an optimisation only.
    }
  }

  /** Removes cached profiles: all of them, or only those of older formats. */
  function clearCache(opts: { legacyOnly?: boolean } = {}) {
    try {
      if (!storage) return
      const keys: string[] = []
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i)
        if (k?.startsWith(CACHE_FAMILY) && !(opts.legacyOnly && k.startsWith(PROFILE_CACHE_PREFIX))) keys.push(k)
      }
      for (const k of keys) storage.removeItem(k)
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }

  async function fetchProfile(userId: string): Promise<{ profile: Profile | null } | 'failed'> {
    const c = client ?? (await deps.getClient())
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))
    try {
      const result = await Promise.race([c.from('users').select(PROFILE_SELECT).eq('id', userId).maybeSingle(), timeout])
      if (result === 'timeout') {
        console.warn(`profile fetch timed out after ${timeoutMs} ms`)
        return 'failed'
      }
      if (result.error) {
        console.error('profile fetch failed', result.error)
        return 'failed'
      }
      const row = result.data as Profile | null
      return { profile: row ? pickProfile(row) : null }
    } catch (error) {
      console.error('profile fetch failed', error)
      return 'failed'
    } finally {
      clearTimeout(timer)
    }
  }

  function loadProfile(userId: string, force: boolean): Promise<Profile | null> {
    const cached = readCache(userId)
    if (!force && cached && now() - cached.fetchedAt < PROFILE_CACHE_TTL_MS) {
      if (state.user?.id === userId) set({ profile: cached.profile, profileLoading: false })
      return Promise.resolve(cached.profile)
    }
    // Offline a stale cache beats no profile: guards must still let the owner into the shell.
    if (!isOnline() && cached) {
      if (state.user?.id === userId) set({ profile: cached.profile, profileLoading: false })
      return Promise.resolve(cached.profile)
    }
    const existing = inflight.get(userId)
    if (existing && !force) return existing
    const mine = ++ticket
    set({ profileLoading: true, profile: cached?.profile ?? (state.profile?.id === userId ? state.profile : null) })
    const p = fetchProfile(userId).then((result) => {
      if (inflight.get(userId) === p) inflight.delete(userId)
      const profile = result === 'failed' ? (cached?.profile ?? null) : result.profile
      // A superseded answer (newer request, or signed out since) must not reach the cache either.
      if (result !== 'failed' && mine === ticket) writeCache(userId, profile)
      if (mine === ticket && state.user?.id === userId) set({ profile, profileLoading: false })
      return profile
    })
    inflight.set(userId, p)
    return p
  }

  function signedOut() {
    ticket++
    inflight.clear()
    clearCache()
    set({ status: 'signed-out', user: null, profile: null, profileLoading: false })
  }

  function onAuthEvent(event: AuthChangeEvent, session: AuthSession | null) {
    const user = session?.user ?? null
    if (!user) {
      if (event === 'SIGNED_OUT' || state.status !== 'signed-out') signedOut()
      return
    }
    const sameUser = state.user?.id === user.id
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
    clearCache({ legacyOnly: true })
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
