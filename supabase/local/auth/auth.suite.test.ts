// The auth API's behaviour, checked through supabase-js without a network
// port (the client's fetch goes straight into the Hono app). The same suite
// runs over PGlite and over a real PostgreSQL.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type StackConfig } from '../config.ts'
import { openDatabase, type Database, type DbTarget } from '../db.ts'
import { signJwt } from '../jwt.ts'
import { createAuthApp } from './index.ts'
import { withBrokenSignature } from '../../../tests/support/jwt.ts'
import { TEST_STACK_CONFIG, wsTransport } from '../../../tests/support/stack.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const BASE_URL = 'http://local.test'

export type AuthHarness = {
  db: Database
  config: StackConfig
  /** Raw requests to `/auth/v1…`, for what supabase-js does not expose (status, headers, exact bodies). */
  request(pathAndQuery: string, init?: RequestInit & { apiVersion?: boolean }): Promise<Response>
  client(key?: string): SupabaseClient
  close(): Promise<void>
}

/** `config` goes over the local defaults, which here carry roomy rate limits (the suite signs in far more than 30 times). */
export async function startAuthHarness(target: DbTarget, opts: { config?: Partial<StackConfig> } = {}): Promise<AuthHarness> {
  const db = await openDatabase(target)
  await db.exec(await readFile(path.join(here, '..', 'bootstrap.sql'), 'utf8'))
  const config = { ...loadConfig({}), ...TEST_STACK_CONFIG, ...opts.config }
  const app = new Hono().route('/auth/v1', createAuthApp({ db, config }))
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => app.request(new Request(input, init))
  return {
    db,
    config,
    request(pathAndQuery, init = {}) {
      const { apiVersion = true, ...rest } = init
      const headers = new Headers(rest.headers)
      if (!headers.has('apikey')) headers.set('apikey', config.anonKey)
      if (apiVersion) headers.set('X-Supabase-Api-Version', '2024-01-01')
      if (rest.body && !headers.has('content-type')) headers.set('content-type', 'application/json')
      return fetch(`${BASE_URL}/auth/v1${pathAndQuery}`, { ...rest, headers })
    },
    client(key = config.anonKey) {
      return createClient(BASE_URL, key, {
        global: { fetch },
        realtime: { transport: wsTransport },
        auth: { persistSession: false, autoRefreshToken: false },
      })
    },
    close: () => db.close(),
  }
}

let counter = 0
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`
const PASSWORD = 'correct-horse-1'

export function defineAuthSuite(label: string, target: () => Promise<{ target: DbTarget; stop?: () => Promise<void> }>) {
  describe(label, () => {
    let h: AuthHarness
    let stop: (() => Promise<void>) | undefined

    beforeAll(async () => {
      const t = await target()
      stop = t.stop
      h = await startAuthHarness(t.target)
    })
    afterAll(async () => {
      await h?.close()
      await stop?.()
    })

    async function signUp(email = uniqueEmail(), data: Record<string, unknown> = {}) {
      const supabase = h.client()
      const res = await supabase.auth.signUp({ email, password: PASSWORD, options: { data } })
      expect(res.error).toBeNull()
      return { supabase, email, session: res.data.session!, user: res.data.user! }
    }

    describe('signup', () => {
      it('creates a confirmed user and returns a session with the user and its metadata', async () => {
        const email = uniqueEmail('Signup')
        const supabase = h.client()
        const { data, error } = await supabase.auth.signUp({
          email,
          password: PASSWORD,
          options: { data: { business_name: 'Kuaför Ayşe', phone_number: '+905551112233' } },
        })
        expect(error).toBeNull()
        const { session, user } = data
        expect(session).not.toBeNull()
        expect(session!.token_type).toBe('bearer')
        expect(session!.expires_in).toBe(3600)
        expect(session!.refresh_token).toMatch(/^[a-z2-7]{12}$/)
        expect(user!.email).toBe(email.toLowerCase())
        expect(user!.aud).toBe('authenticated')
        expect(user!.role).toBe('authenticated')
        expect(user!.phone).toBe('')
        expect(user!.email_confirmed_at).toBeTruthy()
        expect(user!.confirmed_at).toBeTruthy()
        expect(user!.last_sign_in_at).toBeTruthy()
        expect(user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
        expect(user!.user_metadata).toEqual({
          business_name: 'Kuaför Ayşe',
          email_verified: true,
          phone_number: '+905551112233',
        })
        expect(user!.is_anonymous).toBe(false)
        expect(user!.identities).toHaveLength(1)
        expect(user!.identities![0]).toMatchObject({
          id: user!.id,
          user_id: user!.id,
          provider: 'email',
          email: email.toLowerCase(),
          identity_data: {
            sub: user!.id,
            email: email.toLowerCase(),
            email_verified: false,
            phone_verified: false,
            business_name: 'Kuaför Ayşe',
          },
        })
        expect(user!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
        // The client is signed in right away.
        expect((await supabase.auth.getSession()).data.session?.access_token).toBe(session!.access_token)
      })

      it('stores the user, a GoTrue-compatible bcrypt hash and the session rows', async () => {
        const { user, session } = await signUp()
        const row = await h.db.query<{ encrypted_password: string; role: string; instance_id: string }>(
          'select encrypted_password, role, instance_id::text from auth.users where id = $1',
          [user.id],
        )
        // bcrypt at the stack's cost: GoTrue's 10 by default (password-hash.test.ts), cheaper in test stacks.
        const cost = String(h.config.authPasswordHashCost).padStart(2, '0')
        expect(row.rows[0]!.encrypted_password).toMatch(new RegExp(`^\\$2a\\$${cost}\\$[./A-Za-z0-9]{53}$`))
        expect(row.rows[0]!.instance_id).toBe('00000000-0000-0000-0000-000000000000')
        const claims = decodeJwt(session.access_token)
        const sessions = await h.db.query('select aal from auth.sessions where id = $1 and user_id = $2', [
          claims.session_id,
          user.id,
        ])
        expect(sessions.rows).toEqual([{ aal: 'aal1' }])
        const tokens = await h.db.query('select revoked, parent from auth.refresh_tokens where token = $1', [
          session.refresh_token,
        ])
        expect(tokens.rows).toEqual([{ revoked: false, parent: null }])
      })

      it('issues an access token with exactly GoTrue claims, and auth.uid() resolves its sub', async () => {
        const { user, session, email } = await signUp(undefined, { business_name: 'Berber' })
        const claims = decodeJwt(session.access_token)
        expect(Object.keys(claims)).toEqual([
          'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata',
          'role', 'aal', 'amr', 'session_id', 'is_anonymous',
        ])
        expect(claims).toMatchObject({
          iss: `${BASE_URL}/auth/v1`,
          sub: user.id,
          aud: 'authenticated',
          email,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: { business_name: 'Berber', email_verified: true },
          role: 'authenticated',
          aal: 'aal1',
          is_anonymous: false,
        })
        expect(claims.exp! - claims.iat!).toBe(3600)
        expect(session.expires_at).toBe(claims.exp)
        expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
        expect(Math.abs((claims.amr as { timestamp: number }[])[0]!.timestamp - claims.iat!)).toBeLessThan(5)
        const uid = await h.db.transaction(async (tx) => {
          await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)])
          return (await tx.query<{ uid: string }>('select auth.uid()::text as uid')).rows[0]!.uid
        })
        expect(uid).toBe(user.id)
      })

      it('rejects a second signup with the same e-mail (422 user_already_exists)', async () => {
        const { email } = await signUp()
        const { data, error } = await h.client().auth.signUp({ email: email.toUpperCase(), password: PASSWORD })
        expect(error?.name).toBe('AuthApiError')
        expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
        expect(data.session).toBeNull()
      })

      it('rejects a weak password with AuthWeakPasswordError and its reasons', async () => {
        const { error } = await h.client().auth.signUp({ email: uniqueEmail(), password: '12345' })
        expect(error?.name).toBe('AuthWeakPasswordError')
        expect(error).toMatchObject({
          status: 422,
          code: 'weak_password',
          message: 'Password should be at least 6 characters.',
          reasons: ['length'],
        })
      })

      it('rejects an invalid e-mail and a missing password (400 validation_failed)', async () => {
        const bad = await h.client().auth.signUp({ email: 'not-an-email', password: PASSWORD })
        expect(bad.error).toMatchObject({
          status: 400,
          code: 'validation_failed',
          message: 'Unable to validate email address: invalid format',
        })
        const noPassword = await h.client().auth.signUp({ email: uniqueEmail(), password: '' })
        expect(noPassword.error).toMatchObject({
          status: 400,
          code: 'validation_failed',
          message: 'Signup requires a valid password',
        })
        // Without any e-mail GoTrue treats the request as an anonymous sign-up.
        const noEmail = await h.client().auth.signUp({ email: '', password: PASSWORD })
        expect(noEmail.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' })
      })

      it('answers in the legacy error shape without the API version header', async () => {
        const res = await h.request('/signup', {
          method: 'POST',
          apiVersion: false,
          body: JSON.stringify({ email: 'nope', password: PASSWORD }),
        })
        expect(res.status).toBe(400)
        expect(res.headers.get('x-supabase-api-version')).toBeNull()
        expect(await res.json()).toEqual({
          code: 400,
          error_code: 'validation_failed',
          msg: 'Unable to validate email address: invalid format',
        })
        const weak = await h.request('/signup', {
          method: 'POST',
          apiVersion: false,
          body: JSON.stringify({ email: uniqueEmail(), password: '1' }),
        })
        expect(await weak.json()).toEqual({
          code: 422,
          error_code: 'weak_password',
          msg: 'Password should be at least 6 characters.',
          weak_password: { reasons: ['length'] },
        })
      })

      it('echoes the API version and uses {code, message} with it', async () => {
        const res = await h.request('/signup', { method: 'POST', body: JSON.stringify({ email: 'x', password: PASSWORD }) })
        expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
        expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' })
        const ok = await h.request('/settings')
        expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01')
        const badJson = await h.request('/signup', { method: 'POST', body: '{"email": 1}' })
        expect(badJson.status).toBe(400)
        expect(await badJson.json()).toEqual({
          code: 'bad_json',
          message:
            'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
        })
      })

      it('creates nothing and answers 500 unexpected_failure when an auth.users trigger fails', async () => {
        await h.db.exec(`
          create or replace function public.fail_new_user() returns trigger language plpgsql as $$
          begin
            if new.email like 'trigger-fail%' then
              raise exception 'duplicate phone number' using errcode = 'P0001';
            end if;
            return new;
          end $$;
          create trigger fail_new_user after insert on auth.users for each row execute function public.fail_new_user();
        `)
        try {
          const email = uniqueEmail('trigger-fail')
          const res = await h.request('/signup', {
            method: 'POST',
            body: JSON.stringify({ email, password: PASSWORD, data: { phone_number: '1' } }),
          })
          expect(res.status).toBe(500)
          expect(await res.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' })
          const legacy = await h.request('/signup', {
            method: 'POST',
            apiVersion: false,
            body: JSON.stringify({ email, password: PASSWORD }),
          })
          expect(await legacy.json()).toMatchObject({
            code: 500,
            error_code: 'unexpected_failure',
            msg: 'Database error saving new user',
            error_id: expect.any(String),
          })
          // supabase-js treats any 5xx as a retryable failure.
          const { data, error } = await h.client().auth.signUp({ email, password: PASSWORD })
          expect(error?.name).toBe('AuthRetryableFetchError')
          expect(error?.status).toBe(500)
          expect(data.user).toBeNull()
          const rows = await h.db.query('select 1 from auth.users where email = $1', [email])
          expect(rows.rows).toHaveLength(0)
          const identities = await h.db.query('select 1 from auth.identities where email = $1', [email])
          expect(identities.rows).toHaveLength(0)
        } finally {
          await h.db.exec('drop trigger fail_new_user on auth.users; drop function public.fail_new_user();')
        }
      })
    })

    describe('password sign-in', () => {
      it('signs in with the right password, case-insensitively on the e-mail', async () => {
        const { email, user } = await signUp()
        const supabase = h.client()
        const { data, error } = await supabase.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD })
        expect(error).toBeNull()
        expect(data.user!.id).toBe(user.id)
        expect(data.session!.access_token).toBeTruthy()
        expect(data.user!.identities).toHaveLength(1)
        expect(decodeJwt(data.session!.access_token).session_id).not.toBe(decodeJwt(data.session!.access_token).sub)
        const raw = await h.request('/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD }),
        })
        const body = (await raw.json()) as Record<string, unknown>
        expect(Object.keys(body)).toEqual([
          'access_token', 'token_type', 'expires_in', 'expires_at', 'refresh_token', 'user', 'weak_password',
        ])
        expect(body.weak_password).toBeNull()
      })

      it('rejects a wrong password and an unknown e-mail alike (400 invalid_credentials)', async () => {
        const { email } = await signUp()
        for (const attempt of [
          { email, password: 'wrong-password' },
          { email: uniqueEmail('nobody'), password: PASSWORD },
        ]) {
          const { data, error } = await h.client().auth.signInWithPassword(attempt)
          expect(error?.name).toBe('AuthApiError')
          expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
          expect(data.session).toBeNull()
        }
      })

      it('refuses an unknown grant type', async () => {
        const res = await h.request('/token?grant_type=magic', { method: 'POST', body: '{}' })
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
      })
    })

    describe('refresh tokens', () => {
      it('rotates the refresh token and issues a new access token for the same session', async () => {
        const { supabase, session } = await signUp()
        const { data, error } = await supabase.auth.refreshSession()
        expect(error).toBeNull()
        expect(data.session!.refresh_token).not.toBe(session.refresh_token)
        expect(data.session!.refresh_token).toMatch(/^[a-z2-7]{12}$/)
        const before = decodeJwt(session.access_token)
        const after = decodeJwt(data.session!.access_token)
        expect(after.session_id).toBe(before.session_id)
        expect(after.amr).toEqual(before.amr)
        const rows = await h.db.query<{ token: string; revoked: boolean; parent: string | null }>(
          'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
          [before.session_id],
        )
        expect(rows.rows).toEqual([
          { token: session.refresh_token, revoked: true, parent: null },
          { token: data.session!.refresh_token, revoked: false, parent: session.refresh_token },
        ])
        const refreshed = await h.db.query('select refreshed_at is not null as refreshed from auth.sessions where id = $1', [
          before.session_id,
        ])
        expect(refreshed.rows).toEqual([{ refreshed: true }])
      })

      it('tolerates reuse of a rotated token and revokes the session family on reuse after the window', async () => {
        const { session } = await signUp()
        const supabase = h.client()
        const r0 = session.refresh_token
        const first = await supabase.auth.refreshSession({ refresh_token: r0 })
        const r1 = first.data.session!.refresh_token
        // The client lost the answer and retries with the parent: it gets the current child back.
        const again = await h.client().auth.refreshSession({ refresh_token: r0 })
        expect(again.error).toBeNull()
        expect(again.data.session!.refresh_token).toBe(r1)
        const second = await h.client().auth.refreshSession({ refresh_token: r1 })
        const r2 = second.data.session!.refresh_token
        // An older token is still accepted within 10 s of its issue.
        const old = await h.client().auth.refreshSession({ refresh_token: r0 })
        expect(old.error).toBeNull()
        expect([r0, r1, r2]).not.toContain(old.data.session!.refresh_token)
        // Past the window, presenting it again is treated as theft: every token of the session dies.
        await h.db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [r1])
        const reused = await h.client().auth.refreshSession({ refresh_token: r1 })
        expect(reused.error?.name).toBe('AuthApiError')
        expect(reused.error).toMatchObject({
          status: 400,
          code: 'refresh_token_already_used',
          message: 'Invalid Refresh Token: Already Used',
        })
        const sessionId = decodeJwt(session.access_token).session_id
        const live = await h.db.query('select 1 from auth.refresh_tokens where session_id = $1 and not revoked', [sessionId])
        expect(live.rows).toHaveLength(0)
      })

      it('rejects an unknown refresh token (400 refresh_token_not_found)', async () => {
        const { error } = await h.client().auth.refreshSession({ refresh_token: 'doesnotexist' })
        expect(error).toMatchObject({
          status: 400,
          code: 'refresh_token_not_found',
          message: 'Invalid Refresh Token: Refresh Token Not Found',
        })
      })
    })

    describe('user', () => {
      it('returns the user of an access token', async () => {
        const { session, user } = await signUp(undefined, { business_name: 'X' })
        const { data, error } = await h.client().auth.getUser(session.access_token)
        expect(error).toBeNull()
        expect(data.user).toEqual(user)
      })

      it('rejects requests without a user JWT or with a bad one', async () => {
        const none = await h.request('/user', { headers: {} })
        expect(none.status).toBe(401)
        expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a Bearer token' })
        const anon = await h.request('/user', { headers: { authorization: `Bearer ${h.config.anonKey}` } })
        expect(anon.status).toBe(403)
        expect(await anon.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
        const garbage = await h.client().auth.getUser('not.a.jwt')
        expect(garbage.error).toMatchObject({ status: 403, code: 'bad_jwt' })
        expect(garbage.error!.message).toMatch(/^invalid JWT: unable to parse or verify signature, token is malformed/)
        const { session } = await signUp()
        const forged = withBrokenSignature(session.access_token)
        const wrong = await h.client().auth.getUser(forged)
        expect(wrong.error?.message).toBe(
          'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
        )
        const claims = decodeJwt(session.access_token)
        const expired = await signJwt(h.config, { ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
        const late = await h.client().auth.getUser(expired)
        expect(late.error).toMatchObject({
          status: 403,
          code: 'bad_jwt',
          message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
        })
      })

      it('merges metadata on update, a null value removing its key', async () => {
        const { supabase } = await signUp(undefined, { business_name: 'Old', city: 'Izmir', keep: 1 })
        const { data, error } = await supabase.auth.updateUser({ data: { business_name: 'New', city: null, extra: { a: 1 } } })
        expect(error).toBeNull()
        expect(data.user!.user_metadata).toEqual({ business_name: 'New', email_verified: true, extra: { a: 1 }, keep: 1 })
        const { data: again } = await supabase.auth.getUser()
        expect(again.user!.user_metadata).toEqual(data.user!.user_metadata)
      })

      it('changes the password, refuses the same one, and signs in with the new one', async () => {
        const { supabase, email } = await signUp()
        const other = h.client()
        await other.auth.signInWithPassword({ email, password: PASSWORD })
        const same = await supabase.auth.updateUser({ password: PASSWORD })
        expect(same.error).toMatchObject({
          status: 422,
          code: 'same_password',
          message: 'New password should be different from the old password.',
        })
        const weak = await supabase.auth.updateUser({ password: 'abc' })
        expect(weak.error?.name).toBe('AuthWeakPasswordError')
        const changed = await supabase.auth.updateUser({ password: 'brand-new-secret' })
        expect(changed.error).toBeNull()
        const oldLogin = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
        expect(oldLogin.error?.code).toBe('invalid_credentials')
        const newLogin = await h.client().auth.signInWithPassword({ email, password: 'brand-new-secret' })
        expect(newLogin.error).toBeNull()
        // The other device's session ended with the password change; this one lives on.
        expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
        expect((await supabase.auth.getUser()).error).toBeNull()
      })

      it('refuses an e-mail that another user has (422 email_exists) and applies a free one', async () => {
        const { email: taken } = await signUp()
        const { supabase, user } = await signUp()
        const clash = await supabase.auth.updateUser({ email: taken })
        expect(clash.error).toMatchObject({
          status: 422,
          code: 'email_exists',
          message: 'A user with this email address has already been registered',
        })
        const fresh = uniqueEmail('moved')
        const moved = await supabase.auth.updateUser({ email: fresh })
        expect(moved.error).toBeNull()
        expect(moved.data.user!.email).toBe(fresh)
        expect(moved.data.user!.identities![0]!.identity_data!.email).toBe(fresh)
        const login = await h.client().auth.signInWithPassword({ email: fresh, password: PASSWORD })
        expect(login.data.user?.id).toBe(user.id)
      })

      it('refuses app_metadata updates from the user itself', async () => {
        const { session } = await signUp()
        const res = await h.request('/user', {
          method: 'PUT',
          headers: { authorization: `Bearer ${session.access_token}` },
          body: JSON.stringify({ app_metadata: { plan: 'pro' } }),
        })
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' })
      })
    })

    describe('logout', () => {
      it('ends the session so the old access token finds no session (403 session_not_found)', async () => {
        const { supabase, session } = await signUp()
        const { error } = await supabase.auth.signOut()
        expect(error).toBeNull()
        expect((await supabase.auth.getSession()).data.session).toBeNull()
        const after = await h.client().auth.getUser(session.access_token)
        expect(after.error?.name).toBe('AuthSessionMissingError')
        const raw = await h.request('/user', { headers: { authorization: `Bearer ${session.access_token}` } })
        expect(raw.status).toBe(403)
        expect(await raw.json()).toEqual({
          code: 'session_not_found',
          message: 'Session from session_id claim in JWT does not exist',
        })
        const refresh = await h.client().auth.refreshSession({ refresh_token: session.refresh_token })
        expect(refresh.error?.code).toBe('refresh_token_not_found')
      })

      it('honours the local and others scopes', async () => {
        const { email, session: first } = await signUp()
        const second = h.client()
        const third = h.client()
        await second.auth.signInWithPassword({ email, password: PASSWORD })
        await third.auth.signInWithPassword({ email, password: PASSWORD })
        expect((await second.auth.signOut({ scope: 'others' })).error).toBeNull()
        expect((await h.client().auth.getUser(first.access_token)).error?.name).toBe('AuthSessionMissingError')
        expect((await third.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
        expect((await second.auth.getUser()).error).toBeNull()
        const token = (await second.auth.getSession()).data.session!.access_token
        const bad = await h.request('/logout?scope=everywhere', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
        expect(bad.status).toBe(400)
        expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everywhere"' })
        const res = await h.request('/logout?scope=local', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
        expect(res.status).toBe(204)
        expect(await res.text()).toBe('')
        expect((await second.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
      })
    })

    describe('admin', () => {
      it('creates, reads, lists, updates and deletes users with the service role', async () => {
        const admin = h.client(h.config.serviceRoleKey)
        const email = uniqueEmail('admin-made')
        const created = await admin.auth.admin.createUser({
          email,
          password: PASSWORD,
          email_confirm: true,
          user_metadata: { business_name: 'Admin Co' },
        })
        expect(created.error).toBeNull()
        const user = created.data.user!
        expect(user.email).toBe(email)
        expect(user.email_confirmed_at).toBeTruthy()
        expect(user.user_metadata).toEqual({ business_name: 'Admin Co', email_verified: true })
        expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
        expect(user.identities).toHaveLength(1)

        const fetched = await admin.auth.admin.getUserById(user.id)
        expect(fetched.data.user).toEqual(user)

        const signedIn = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
        expect(signedIn.error).toBeNull()

        const dup = await admin.auth.admin.createUser({ email, password: PASSWORD })
        expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' })

        const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
        expect(listed.error).toBeNull()
        expect(listed.data.users.length).toBeLessThanOrEqual(2)
        expect((listed.data as { total?: number }).total).toBeGreaterThan(2)

        const updated = await admin.auth.admin.updateUserById(user.id, {
          user_metadata: { business_name: 'Renamed', extra: true },
          app_metadata: { plan: 'pro' },
        })
        expect(updated.error).toBeNull()
        expect(updated.data.user!.user_metadata).toEqual({ business_name: 'Renamed', email_verified: true, extra: true })
        expect(updated.data.user!.app_metadata).toEqual({ plan: 'pro', provider: 'email', providers: ['email'] })

        const deleted = await admin.auth.admin.deleteUser(user.id)
        expect(deleted.error).toBeNull()
        const gone = await admin.auth.admin.getUserById(user.id)
        expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' })
        const rows = await h.db.query('select 1 from auth.users where id = $1', [user.id])
        expect(rows.rows).toHaveLength(0)
      })

      it('leaves a user created without email_confirm unconfirmed', async () => {
        const admin = h.client(h.config.serviceRoleKey)
        const email = uniqueEmail('pending')
        const created = await admin.auth.admin.createUser({ email, password: PASSWORD })
        expect(created.data.user!.email_confirmed_at).toBeUndefined()
        const login = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
        expect(login.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })
      })

      it('confirms an unconfirmed user on sign-up without touching its password, as GoTrue does', async () => {
        const admin = h.client(h.config.serviceRoleKey)
        const email = uniqueEmail('unconfirmed')
        const created = await admin.auth.admin.createUser({ email, password: 'first-password' })
        const { data, error } = await h.client().auth.signUp({ email, password: PASSWORD })
        expect(error).toBeNull()
        expect(data.user!.id).toBe(created.data.user!.id)
        expect(data.user!.email_confirmed_at).toBeTruthy()
        expect((await h.client().auth.signInWithPassword({ email, password: 'first-password' })).error).toBeNull()
        expect((await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials')
      })

      it('bans a user until the ban is lifted', async () => {
        const admin = h.client(h.config.serviceRoleKey)
        const { user, email } = await signUp()
        const banned = await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' })
        expect(banned.data.user!.banned_until).toBeTruthy()
        const refused = await h.client().auth.signInWithPassword({ email, password: PASSWORD })
        expect(refused.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' })
        const lifted = await admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })
        expect(lifted.data.user!.banned_until).toBeUndefined()
        expect((await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      })

      it('refuses admin endpoints to anyone but the service role (403 not_admin)', async () => {
        const { session } = await signUp()
        for (const token of [h.config.anonKey, session.access_token]) {
          const res = await h.request('/admin/users', { headers: { authorization: `Bearer ${token}` } })
          expect(res.status).toBe(403)
          expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' })
        }
        const { error } = await h.client().auth.admin.listUsers()
        expect(error).toMatchObject({ status: 403, code: 'not_admin' })
        const secret = await h.request('/admin/users', {
          headers: { apikey: h.config.secretKey, authorization: `Bearer ${h.config.secretKey}` },
        })
        expect(secret.status).toBe(200)
        expect(secret.headers.get('x-total-count')).toMatch(/^\d+$/)
        expect(secret.headers.get('link')).toContain('rel="last"')
      })
    })

    describe('gateway and service endpoints', () => {
      it('requires a project key and serves health and settings', async () => {
        const missing = await h.request('/health', { headers: { apikey: '' } })
        expect(missing.status).toBe(401)
        const wrong = await h.request('/health', { headers: { apikey: 'sb_publishable_wrong' } })
        expect(wrong.status).toBe(401)
        const health = await h.request('/health')
        expect(await health.json()).toMatchObject({ name: 'GoTrue' })
        const settings = (await (await h.request('/settings', { headers: { apikey: h.config.publishableKey } })).json()) as {
          external: Record<string, boolean>
          disable_signup: boolean
          mailer_autoconfirm: boolean
        }
        expect(settings.external.email).toBe(true)
        expect(settings.external.google).toBe(false)
        expect(settings.disable_signup).toBe(false)
        expect(settings.mailer_autoconfirm).toBe(true)
      })
    })
  })
}
