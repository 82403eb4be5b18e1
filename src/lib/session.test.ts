import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthChangeEvent, AuthError, Session as AuthSession, SupabaseClient, User } from '@supabase/supabase-js'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { MemoryStorage } from '../../tests/support/memory-storage.ts'
import {
  createSessionStore,
  OWNER_DATA_PREFIX,
  PROFILE_CACHE_PREFIX,
  PROFILE_CACHE_TTL_MS,
  PROFILE_COLUMNS,
  profileQueryKey,
  type Profile,
  type SessionStore,
  type SessionStoreDeps,
} from './session.tsx'

const MINUTE = 60_000

function profileOf(id: string, patch: Partial<Profile> = {}): Profile {
  return {
    id,
    email: `${id}@example.com`,
    business_name: `Business ${id}`,
    phone_number: '+905321234567',
    phone_verified: true,
    avatar_url: null,
    updated_at: null,
    ...patch,
  }
}

function authSession(userId: string, token = 'access-1'): AuthSession {
  return {
    access_token: token,
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: userId, email: `${userId}@example.com` } as User,
  }
}

function authError(code: string | undefined, message: string): AuthError {
  return Object.assign(new Error(message), { name: 'AuthApiError', code, status: 400 }) as unknown as AuthError
}

/** A users row as a server of any schema version may answer it: possibly more than the profile. */
type ServerRow = Profile & Record<string, unknown>
type ProfileAnswer = { data: ServerRow | null; error: unknown }
type Deferred<T> = { promise: Promise<T>; resolve(value: T): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** Just enough of supabase-js for the session store: auth events, getSession, signOut and the profile query. */
class FakeClient {
  listeners: Array<(event: AuthChangeEvent, session: AuthSession | null) => void> = []
  getSessionResult: { data: { session: AuthSession | null }; error: AuthError | null } = { data: { session: null }, error: null }
  signOutCalls: Array<{ scope?: string } | undefined> = []
  signOutResult: () => Promise<{ error: AuthError | null }> = async () => ({ error: null })
  /** What the server holds; a missing key is a missing row. */
  profiles = new Map<string, ServerRow>()
  profileQueries: string[] = []
  /** The select list of every profile query. */
  selects: string[] = []
  /** The abort signal of every profile query. */
  signals: AbortSignal[] = []
  /** When set, each profile query waits here for the test to answer it (or for its signal). */
  held: Array<{ userId: string; answer: Deferred<ProfileAnswer> }> | undefined

  readonly auth = {
    onAuthStateChange: (cb: (event: AuthChangeEvent, session: AuthSession | null) => void) => {
      this.listeners.push(cb)
      // As supabase-js does: every new listener hears INITIAL_SESSION, with no session when retrieval failed.
      queueMicrotask(() => cb('INITIAL_SESSION', this.getSessionResult.error ? null : this.getSessionResult.data.session))
      return { data: { subscription: { unsubscribe: () => undefined } } }
    },
    getSession: async () => this.getSessionResult,
    signOut: async (opts?: { scope?: string }) => {
      this.signOutCalls.push(opts)
      return this.signOutResult()
    },
  }

  from(table: string) {
    expect(table).toBe('users')
    return {
      select: (columns: string) => {
        this.selects.push(columns)
        return {
          eq: (column: string, userId: string) => {
            expect(column).toBe('id')
            let signal: AbortSignal | undefined
            const query = {
              abortSignal: (s: AbortSignal) => {
                signal = s
                return query
              },
              maybeSingle: (): Promise<ProfileAnswer> => {
                this.profileQueries.push(userId)
                if (signal) this.signals.push(signal)
                if (this.held) {
                  const answer = deferred<ProfileAnswer>()
                  this.held.push({ userId, answer })
                  // As supabase-js does: an aborted request answers with an error rather than throwing.
                  signal?.addEventListener('abort', () => answer.resolve({ data: null, error: { message: 'AbortError: The operation was aborted.' } }))
                  return answer.promise
                }
                return Promise.resolve({ data: this.profiles.get(userId) ?? null, error: null })
              },
            }
            return query
          },
        }
      },
    }
  }

  emit(event: AuthChangeEvent, session: AuthSession | null) {
    for (const l of this.listeners) l(event, session)
  }

  asClient(): SupabaseClient {
    return this as unknown as SupabaseClient
  }
}

const cachedProfileKeys = (storage: MemoryStorage) => storage.keysStartingWith('profile-cache:')

/** A profile kept as the session keeps it: TanStack Query's persisted client, holding the one profile query, read `updatedAt`. */
function cacheProfile(storage: Storage, profile: ServerRow, updatedAt: number, buster = PROFILE_COLUMNS.join(',')) {
  const client = new QueryClient()
  client.setQueryData(profileQueryKey(profile.id), profile, { updatedAt })
  const persisted: PersistedClient = { buster, timestamp: updatedAt, clientState: dehydrate(client) }
  storage.setItem(`${PROFILE_CACHE_PREFIX}${profile.id}`, JSON.stringify(persisted))
}

/** The profile kept for `userId` and when it was read, or null when none is. */
function keptProfile(storage: Storage, userId: string): { profile: unknown; updatedAt: number } | null {
  const raw = storage.getItem(`${PROFILE_CACHE_PREFIX}${userId}`)
  if (!raw) return null
  const queries = (JSON.parse(raw) as PersistedClient).clientState.queries
  expect(queries.map((q) => q.queryKey)).toEqual([['profile', userId]])
  return { profile: queries[0]!.state.data, updatedAt: queries[0]!.state.dataUpdatedAt }
}

/** What the first cache format stored: the whole users row, under `profile-cache:<id>`. */
function cacheLegacyProfile(storage: Storage, profile: ServerRow, fetchedAt: number) {
  storage.setItem(`profile-cache:${profile.id}`, JSON.stringify({ profile, fetchedAt }))
}

const CREDENTIALS = {
  whatsapp_api_key: 'EAAG-gizli-erisim-anahtari-1234',
  whatsapp_client_id: '109876543210987',
  whatsapp_client_secret: 'uygulama-sirri-abcdef0123456789',
}

/** Every stored value that mentions a credential by name or by value. */
function leakedCredentials(storage: MemoryStorage): string[] {
  return [...storage.map.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .filter((entry) => /whatsapp/i.test(entry) || Object.values(CREDENTIALS).some((secret) => entry.includes(secret)))
}

/** Lets timers queued with a zero delay (the store defers profile loads out of auth callbacks; the kept copy is written after its delay) run. */
async function flush() {
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0))
}

describe('createSessionStore', () => {
  let client: FakeClient
  let storage: MemoryStorage
  let clock: number
  let online: boolean
  let getClient: ReturnType<typeof vi.fn<() => Promise<SupabaseClient>>>
  let queryClient: QueryClient

  beforeEach(() => {
    client = new FakeClient()
    // A page load's own: nothing a test leaves in it reaches the next.
    queryClient = new QueryClient()
    storage = new MemoryStorage()
    // TanStack Query dates reads with Date.now(): only the date is faked, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] })
    clock = Date.UTC(2026, 10, 22, 9)
    vi.setSystemTime(clock)
    online = true
    getClient = vi.fn(async () => client.asClient())
    // Failures are logged on purpose; keep the output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  afterEach(() => {
    queryClient.clear()
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  function makeStore(overrides: Partial<SessionStoreDeps> = {}): SessionStore {
    return createSessionStore({
      getClient, getQueryClient: () => queryClient, storage, isOnline: () => online, profileWriteDelayMs: 0, ...overrides,
    })
  }

  function advance(ms: number) {
    clock += ms
    vi.setSystemTime(clock)
  }

  /** A new page load with the same storage: its own query client, empty until the kept profile is read back. */
  function newPageLoad() {
    queryClient = new QueryClient()
  }

  /** What is kept for `userId` once the persister's pending write has landed. */
  async function kept(userId = 'u1') {
    await flush()
    return keptProfile(storage, userId)
  }

  async function signedInStore(userId = 'u1', overrides: Partial<SessionStoreDeps> = {}) {
    client.profiles.set(userId, profileOf(userId))
    client.getSessionResult = { data: { session: authSession(userId) }, error: null }
    const store = makeStore(overrides)
    const s = await store.ready()
    expect(s.status).toBe('signed-in')
    return store
  }

  describe('auth events', () => {
    it('settles signed out on INITIAL_SESSION without a session, without asking for a profile', async () => {
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-out', user: null, profile: null, profileLoading: false })
      expect(client.profileQueries).toEqual([])
    })

    it('on INITIAL_SESSION with a session, settles only once the profile is loaded and keeps it', async () => {
      client.profiles.set('u1', profileOf('u1'))
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, profile: profileOf('u1'), profileLoading: false })
      expect(client.profileQueries).toEqual(['u1'])
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock })
    })

    it('leaves the profile empty when the user has no profile row, and keeps nothing', async () => {
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, profile: null, profileLoading: false })
      await flush()
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it('on SIGNED_IN marks the profile as loading with the user, then loads it', async () => {
      const store = makeStore()
      expect((await store.ready()).status).toBe('signed-out')
      client.profiles.set('u1', profileOf('u1'))
      client.emit('SIGNED_IN', authSession('u1'))
      // A guard reading the session now must wait rather than see a user without a profile.
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, profile: null, profileLoading: true })
      const s = await store.ready()
      expect(s).toMatchObject({ status: 'signed-in', profile: profileOf('u1'), profileLoading: false })
    })

    it('on SIGNED_OUT clears the user, the profile and every cached profile', async () => {
      const store = await signedInStore()
      cacheProfile(storage, profileOf('someone-else'), clock)
      storage.setItem('language', 'en')
      client.emit('SIGNED_OUT', null)
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', user: null, profile: null, profileLoading: false })
      expect(cachedProfileKeys(storage)).toEqual([])
      await flush()
      expect(cachedProfileKeys(storage)).toEqual([])
      expect(storage.getItem('language')).toBe('en')
    })

    it('on USER_UPDATED refetches the profile even when the cached copy is fresh', async () => {
      const store = await signedInStore()
      client.profiles.set('u1', profileOf('u1', { business_name: 'Renamed' }))
      client.emit('USER_UPDATED', authSession('u1'))
      expect(store.getSnapshot().profileLoading).toBe(true)
      const s = await store.ready()
      expect(client.profileQueries).toEqual(['u1', 'u1'])
      expect(s.profile?.business_name).toBe('Renamed')
    })

    it.each(['TOKEN_REFRESHED', 'PASSWORD_RECOVERY'] as const)('on %s keeps the profile without refetching it', async (event) => {
      const store = await signedInStore()
      client.profiles.set('u1', profileOf('u1', { business_name: 'Changed on the server' }))
      client.emit(event, authSession('u1', 'access-2'))
      const s = store.getSnapshot()
      expect(s).toMatchObject({ status: 'signed-in', profile: profileOf('u1'), profileLoading: false })
      await flush()
      expect(client.profileQueries).toEqual(['u1'])
      expect(store.getSnapshot().profile).toEqual(profileOf('u1'))
    })

    it('loads the new profile when another user signs in', async () => {
      const store = await signedInStore('u1')
      client.profiles.set('u2', profileOf('u2'))
      client.emit('SIGNED_IN', authSession('u2'))
      const s = await store.ready()
      expect(s.user?.id).toBe('u2')
      expect(s.profile).toEqual(profileOf('u2'))
      expect(client.profileQueries).toEqual(['u1', 'u2'])
    })
  })

  describe('profile cache', () => {
    it('serves a profile fetched less than 5 minutes ago from the kept copy, in a new page load', async () => {
      await signedInStore()
      await kept()
      advance(PROFILE_CACHE_TTL_MS - 1)
      client.profiles.set('u1', profileOf('u1', { business_name: 'Newer' }))
      newPageLoad()
      const s = await makeStore().ready()
      expect(s.profile).toEqual(profileOf('u1'))
      expect(client.profileQueries).toEqual(['u1'])
    })

    it('refetches once the kept copy is 5 minutes old', async () => {
      const store = await signedInStore()
      advance(PROFILE_CACHE_TTL_MS)
      client.profiles.set('u1', profileOf('u1', { business_name: 'Newer' }))
      expect(await store.getSnapshot().refreshProfile()).toEqual(profileOf('u1', { business_name: 'Newer' }))
      expect(store.getSnapshot().profile?.business_name).toBe('Newer')
      expect(client.profileQueries).toEqual(['u1', 'u1'])
      expect(await kept()).toEqual({ profile: profileOf('u1', { business_name: 'Newer' }), updatedAt: clock })
    })

    it('refetches in a new page load once the kept copy is 5 minutes old', async () => {
      cacheProfile(storage, profileOf('u1'), clock - PROFILE_CACHE_TTL_MS)
      client.profiles.set('u1', profileOf('u1', { business_name: 'Newer' }))
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(client.profileQueries).toEqual(['u1'])
      expect(s.profile?.business_name).toBe('Newer')
    })

    it('refetches within 5 minutes when forced', async () => {
      const store = await signedInStore()
      advance(MINUTE)
      client.profiles.set('u1', profileOf('u1', { business_name: 'Newer' }))
      expect(await store.getSnapshot().refreshProfile()).toEqual(profileOf('u1'))
      expect(client.profileQueries).toEqual(['u1'])
      expect(await store.getSnapshot().refreshProfile({ force: true })).toEqual(profileOf('u1', { business_name: 'Newer' }))
      expect(client.profileQueries).toEqual(['u1', 'u1'])
      expect(store.getSnapshot().profile?.business_name).toBe('Newer')
    })

    it('keeps one entry per user', async () => {
      cacheProfile(storage, profileOf('u2'), clock)
      const s = await (await signedInStore('u1')).ready()
      expect(s.profile?.id).toBe('u1')
      expect(client.profileQueries).toEqual(['u1'])
      expect((await kept('u1'))?.profile).toEqual(profileOf('u1'))
      expect(keptProfile(storage, 'u2')?.profile).toEqual(profileOf('u2'))
    })

    it('keeps no query but the profile: not the owner\'s other server state, not another user\'s profile', async () => {
      const store = await signedInStore('u1')
      queryClient.setQueryData(['credits', 'u1'], { remaining: 250 })
      queryClient.setQueryData(profileQueryKey('u2'), profileOf('u2'))
      await kept()
      expect(cachedProfileKeys(storage)).toEqual([`${PROFILE_CACHE_PREFIX}u1`])
      // keptProfile checks that the entry holds the one query.
      expect(keptProfile(storage, 'u1')?.profile).toEqual(store.getSnapshot().profile)
      expect([...storage.map.values()].some((v) => v.includes('credits') || v.includes('remaining'))).toBe(false)
    })

    it('clearProfileCache forgets kept profiles, so the next refresh asks the server', async () => {
      const store = await signedInStore()
      await kept()
      cacheLegacyProfile(storage, { ...profileOf('u2'), ...CREDENTIALS }, clock)
      store.getSnapshot().clearProfileCache()
      expect(cachedProfileKeys(storage)).toEqual([])
      await store.getSnapshot().refreshProfile()
      expect(client.profileQueries).toEqual(['u1', 'u1'])
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock })
    })

    it('answers refreshProfile with null when nobody is signed in', async () => {
      const store = makeStore()
      await store.ready()
      expect(await store.getSnapshot().refreshProfile({ force: true })).toBeNull()
      expect(client.profileQueries).toEqual([])
    })
  })

  describe('no credential reaches the browser', () => {
    it('asks for the profile columns by name, never *', async () => {
      await signedInStore()
      expect(client.selects).toEqual(['id,email,business_name,phone_number,phone_verified,avatar_url,updated_at'])
      // The fixture is a complete Profile, so this also proves the list misses no field of the type.
      expect([...PROFILE_COLUMNS].sort()).toEqual(Object.keys(profileOf('u1')).sort())
    })

    it('keeps fields the server sends beyond the profile columns out of the session and the storage', async () => {
      client.profiles.set('u1', { ...profileOf('u1'), ...CREDENTIALS })
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(s.profile).toEqual(profileOf('u1'))
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock })
      expect(leakedCredentials(storage)).toEqual([])
    })

    it('never serves a cache entry of the old format, and removes it on start', async () => {
      cacheLegacyProfile(storage, { ...profileOf('u1', { business_name: 'Old format' }), ...CREDENTIALS }, clock)
      client.profiles.set('u1', profileOf('u1'))
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      // Fresh by its date, yet the server was asked.
      expect(client.profileQueries).toEqual(['u1'])
      expect(s.profile).toEqual(profileOf('u1'))
      expect(storage.getItem('profile-cache:u1')).toBeNull()
      await flush()
      expect(cachedProfileKeys(storage)).toEqual([`${PROFILE_CACHE_PREFIX}u1`])
      expect(leakedCredentials(storage)).toEqual([])
    })

    it('does not fall back to an old-format entry offline either', async () => {
      online = false
      cacheLegacyProfile(storage, { ...profileOf('u1'), ...CREDENTIALS }, clock)
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      client.held = []
      const s = await makeStore({ fetchTimeoutMs: 20 }).ready()
      expect(s).toMatchObject({ status: 'signed-in', profile: null, profileLoading: false })
      expect(leakedCredentials(storage)).toEqual([])
    })

    it('removes old-format entries on start even when nobody is signed in', async () => {
      cacheLegacyProfile(storage, { ...profileOf('u1'), ...CREDENTIALS }, clock)
      storage.setItem('language', 'en')
      expect((await makeStore({ hasStoredSession: () => false }).ready()).status).toBe('signed-out')
      expect(cachedProfileKeys(storage)).toEqual([])
      expect(storage.getItem('language')).toBe('en')
    })

    it('serves a current-format entry without any field beyond the profile columns', async () => {
      cacheProfile(storage, { ...profileOf('u1'), ...CREDENTIALS }, clock)
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(client.profileQueries).toEqual([])
      expect(s.profile).toEqual(profileOf('u1'))
      expect(queryClient.getQueryData(profileQueryKey('u1'))).toEqual(profileOf('u1'))
    })

    it.each([
      ['the hand-written cache that came before (profile and fetchedAt)', () =>
        storage.setItem(`${PROFILE_CACHE_PREFIX}u1`, JSON.stringify({ profile: profileOf('u1', { business_name: 'Old' }), fetchedAt: clock }))],
      ['another set of columns', () => cacheProfile(storage, profileOf('u1', { business_name: 'Old' }), clock, 'id,email')],
      ['no format at all', () => storage.setItem(`${PROFILE_CACHE_PREFIX}u1`, '{not json')],
    ])('asks the server rather than serve an entry of %s, and replaces it', async (_, write) => {
      write()
      client.profiles.set('u1', profileOf('u1'))
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(client.profileQueries).toEqual(['u1'])
      expect(s.profile).toEqual(profileOf('u1'))
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock })
    })
  })

  describe('slow or missing network', () => {
    it('falls back to the cached profile when the fetch times out', async () => {
      cacheProfile(storage, profileOf('u1'), clock - 10 * MINUTE)
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      client.held = []
      const s = await makeStore({ fetchTimeoutMs: 20 }).ready()
      expect(s).toMatchObject({ status: 'signed-in', profile: profileOf('u1'), profileLoading: false })
      expect(client.profileQueries).toEqual(['u1'])
      // The stale copy is not dated as fresh: the next load asks again.
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock - 10 * MINUTE })
    })

    it('waits 30 s by default before giving up on the profile', async () => {
      vi.useFakeTimers()
      // Fake timers do not drive AbortSignal.timeout: the same signal, on the faked clock.
      const timeouts: number[] = []
      vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
        timeouts.push(ms)
        const controller = new AbortController()
        setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms)
        return controller.signal
      })
      try {
        cacheProfile(storage, profileOf('u1'), clock - 10 * MINUTE)
        client.getSessionResult = { data: { session: authSession('u1') }, error: null }
        client.held = []
        const store = makeStore()
        let settled = false
        void store.ready().then(() => (settled = true))
        await vi.advanceTimersByTimeAsync(29_999)
        expect(client.profileQueries).toEqual(['u1'])
        expect(settled).toBe(false)
        await vi.advanceTimersByTimeAsync(1)
        expect(settled).toBe(true)
        expect(store.getSnapshot().profile).toEqual(profileOf('u1'))
        expect(timeouts).toEqual([30_000])
      } finally {
        vi.useRealTimers()
      }
    })

    it('aborts the request that timed out rather than leaving it open', async () => {
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      client.held = []
      await makeStore({ fetchTimeoutMs: 20 }).ready()
      expect(client.signals).toHaveLength(1)
      expect(client.signals[0]!.aborted).toBe(true)
    })

    it('settles with no profile when the fetch times out and nothing is cached', async () => {
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      client.held = []
      const s = await makeStore({ fetchTimeoutMs: 20 }).ready()
      expect(s).toMatchObject({ status: 'signed-in', profile: null, profileLoading: false })
    })

    it('falls back to the cached profile when the query fails', async () => {
      cacheProfile(storage, profileOf('u1'), clock - 10 * MINUTE)
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      client.held = []
      const store = makeStore()
      const ready = store.ready()
      await vi.waitFor(() => expect(client.held).toHaveLength(1))
      client.held[0]!.answer.resolve({ data: null, error: { message: 'network down' } })
      expect((await ready).profile).toEqual(profileOf('u1'))
      expect(await kept()).toEqual({ profile: profileOf('u1'), updatedAt: clock - 10 * MINUTE })
    })

    it('starts offline from a stale kept profile, however old, without asking the server', async () => {
      online = false
      cacheProfile(storage, profileOf('u1'), clock - 30 * 24 * 60 * MINUTE)
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-in', profile: profileOf('u1'), profileLoading: false })
      expect(client.profileQueries).toEqual([])
    })
  })

  describe('invalid refresh token', () => {
    it.each([
      ['the error code', authError('refresh_token_not_found', 'Refresh Token Not Found')],
      ['the message', authError(undefined, 'Invalid Refresh Token: Already Used')],
    ])('signs out and clears profile and cache when getSession reports it by %s', async (_, error) => {
      cacheProfile(storage, profileOf('u1'), clock)
      client.getSessionResult = { data: { session: null }, error }
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-out', user: null, profile: null, profileLoading: false })
      expect(client.signOutCalls).toEqual([undefined])
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it('does not sign out on another session error', async () => {
      cacheProfile(storage, profileOf('u1'), clock)
      client.getSessionResult = { data: { session: null }, error: authError('unexpected_failure', 'Database error') }
      const s = await makeStore().ready()
      expect(s.status).toBe('signed-out')
      expect(client.signOutCalls).toEqual([])
    })
  })

  describe('signOut', () => {
    it('clears every cached profile, of either format, and the session', async () => {
      const store = await signedInStore()
      cacheProfile(storage, profileOf('u2'), clock)
      // As another tab still running the previous version might write it.
      cacheLegacyProfile(storage, { ...profileOf('u3'), ...CREDENTIALS }, clock)
      await store.getSnapshot().signOut()
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', user: null, profile: null })
      expect(client.signOutCalls).toEqual([undefined])
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it("removes the owner's data kept on the device, which a profile refresh keeps", async () => {
      const store = await signedInStore()
      storage.setItem(`${OWNER_DATA_PREFIX}inbox-draft:c1`, 'Merhaba')
      storage.setItem('language', 'tr')
      store.getSnapshot().clearProfileCache()
      expect(storage.getItem(`${OWNER_DATA_PREFIX}inbox-draft:c1`)).toBe('Merhaba')
      await store.getSnapshot().signOut()
      expect(storage.getItem(`${OWNER_DATA_PREFIX}inbox-draft:c1`)).toBeNull()
      expect(storage.getItem('language')).toBe('tr')
    })

    it('forgets the session on this device and clears every cached profile when the server cannot be told', async () => {
      const store = await signedInStore()
      cacheProfile(storage, profileOf('u2'), clock)
      client.signOutResult = async () =>
        client.signOutCalls.length === 1 ? { error: authError(undefined, 'Failed to fetch') } : { error: null }
      await store.getSnapshot().signOut()
      expect(client.signOutCalls).toEqual([undefined, { scope: 'local' }])
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', user: null, profile: null })
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it('still signs out locally when the sign-out call throws', async () => {
      const store = await signedInStore()
      client.signOutResult = async () => {
        throw new TypeError('Failed to fetch')
      }
      await store.getSnapshot().signOut()
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', user: null, profile: null })
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it("forgets the owner's server state (credits, profile) on sign-out and when another user signs in", async () => {
      const store = await signedInStore('u1')
      queryClient.setQueryData(['credits', 'u1'], { remaining: 250 })
      client.profiles.set('u2', profileOf('u2'))
      client.emit('SIGNED_IN', authSession('u2'))
      expect(queryClient.getQueryData(['credits', 'u1'])).toBeUndefined()
      await store.ready()
      queryClient.setQueryData(['credits', 'u2'], { remaining: 5 })
      await store.getSnapshot().signOut()
      expect(queryClient.getQueryCache().getAll()).toEqual([])
    })

    it('does not keep a profile answer that arrives after signing out', async () => {
      const store = await signedInStore()
      client.held = []
      const late = store.getSnapshot().refreshProfile({ force: true })
      await store.getSnapshot().signOut()
      client.held[0]!.answer.resolve({ data: profileOf('u1'), error: null })
      await late
      await flush()
      expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', profile: null })
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it('lets no write of the kept profile that was still waiting land after signing out', async () => {
      const store = await signedInStore('u1', { profileWriteDelayMs: 20 })
      expect(cachedProfileKeys(storage)).toEqual([])
      await store.getSnapshot().signOut()
      await new Promise((r) => setTimeout(r, 40))
      expect(cachedProfileKeys(storage)).toEqual([])
    })

    it('keeps the next owner who signs in on this page', async () => {
      const store = await signedInStore('u1')
      await store.getSnapshot().signOut()
      client.profiles.set('u2', profileOf('u2'))
      client.emit('SIGNED_IN', authSession('u2'))
      expect((await store.ready()).profile).toEqual(profileOf('u2'))
      expect(await kept('u2')).toEqual({ profile: profileOf('u2'), updatedAt: clock })
      expect(cachedProfileKeys(storage)).toEqual([`${PROFILE_CACHE_PREFIX}u2`])
    })
  })

  describe('concurrent profile loads', () => {
    it('never lets a slow answer to an older request overwrite a newer one, in the session or in the cache', async () => {
      const store = await signedInStore()
      client.held = []
      const older = store.getSnapshot().refreshProfile({ force: true })
      const newer = store.getSnapshot().refreshProfile({ force: true })
      expect(client.held).toHaveLength(2)
      client.held[1]!.answer.resolve({ data: profileOf('u1', { business_name: 'Newer' }), error: null })
      await newer
      expect(store.getSnapshot().profile?.business_name).toBe('Newer')
      client.held[0]!.answer.resolve({ data: profileOf('u1', { business_name: 'Older' }), error: null })
      await older
      expect(store.getSnapshot().profile?.business_name).toBe('Newer')
      // The next load within the cache lifetime must not resurrect the older answer either.
      expect(await store.getSnapshot().refreshProfile()).toMatchObject({ business_name: 'Newer' })
      expect(store.getSnapshot().profile?.business_name).toBe('Newer')
      // The older request was cancelled, not merely ignored; the newer one ran to its end.
      expect(client.signals.slice(1).map((signal) => signal.aborted)).toEqual([true, false])
    })

    it('shares one request between overlapping unforced loads', async () => {
      const store = await signedInStore()
      advance(PROFILE_CACHE_TTL_MS)
      client.held = []
      const a = store.getSnapshot().refreshProfile()
      const b = store.getSnapshot().refreshProfile()
      expect(client.held).toHaveLength(1)
      client.held[0]!.answer.resolve({ data: profileOf('u1'), error: null })
      expect(await a).toEqual(await b)
    })
  })

  describe('before anyone has signed in on this browser', () => {
    it('settles signed out without creating the client, then follows the client once the sign-in screen creates it', async () => {
      let created: ((c: SupabaseClient) => void) | undefined
      const onClientCreated = vi.fn((listener: (c: SupabaseClient) => void) => {
        created = listener
        return () => undefined
      })
      const store = makeStore({ hasStoredSession: () => false, onClientCreated })
      const seen: string[] = []
      store.subscribe(() => seen.push(store.getSnapshot().status))
      expect((await store.ready()).status).toBe('signed-out')
      expect(getClient).not.toHaveBeenCalled()
      expect(onClientCreated).toHaveBeenCalledTimes(1)

      created!(client.asClient())
      await vi.waitFor(() => expect(client.listeners).toHaveLength(1))
      client.profiles.set('u1', profileOf('u1'))
      client.emit('SIGNED_IN', authSession('u1'))
      const s = await store.ready()
      expect(s).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, profile: profileOf('u1') })
      expect(seen).toContain('signed-in')
      expect(getClient).not.toHaveBeenCalled()
    })

    it('connects when another tab signs in', async () => {
      const handlers: Array<(event: Pick<StorageEvent, 'key' | 'newValue'>) => void> = []
      vi.stubGlobal('addEventListener', (type: string, handler: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void) => {
        if (type === 'storage') handlers.push(handler)
      })
      vi.stubGlobal('removeEventListener', () => undefined)
      const stop = vi.fn()
      const store = makeStore({ hasStoredSession: () => false, onClientCreated: () => stop })
      expect((await store.ready()).status).toBe('signed-out')
      expect(handlers).toHaveLength(1)

      handlers[0]!({ key: 'language', newValue: 'en' })
      handlers[0]!({ key: 'sb-127-auth-token', newValue: null })
      expect(getClient).not.toHaveBeenCalled()

      client.profiles.set('u1', profileOf('u1'))
      client.getSessionResult = { data: { session: authSession('u1') }, error: null }
      handlers[0]!({ key: 'sb-127-auth-token', newValue: JSON.stringify(authSession('u1')) })
      expect(getClient).toHaveBeenCalledTimes(1)
      expect(stop).toHaveBeenCalled()
      await vi.waitFor(() => expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', profile: profileOf('u1') }))
    })

    it('settles signed out when the client cannot be created', async () => {
      getClient.mockRejectedValue(new Error('config_unavailable'))
      const s = await makeStore().ready()
      expect(s).toMatchObject({ status: 'signed-out', user: null, profile: null })
    })
  })
})
