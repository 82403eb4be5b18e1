// Authentication as the product uses it (spec section 7), checked against what
// hosted GoTrue answers, plus the profile rows its sign-up trigger creates.
import { describe, expect, it } from 'vitest'
import { isAuthWeakPasswordError } from '@supabase/supabase-js'
import { BACKENDS, DEFAULT_PASSWORD, useOwner, useTestStack } from '../support/stack.ts'
import { businessName, uniqueEmail, uniquePhone } from '../support/factories.ts'

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

/** An auth call GoTrue refused with this status and code, leaving no session. */
function expectRefused(result: { data: { session: unknown }; error: { status?: number; code?: string } | null }, status: number, code: string) {
  expect(result.data.session).toBeNull()
  expect(result.error?.status).toBe(status)
  expect(result.error?.code).toBe(code)
}

describe.each(BACKENDS)('auth on %s', (backend) => {
  const stack = useTestStack(backend)

  describe('sign-up', () => {
    it('returns a session whose user carries the profile data', async () => {
      const email = uniqueEmail()
      const phone = uniquePhone()
      const name = businessName()
      const client = stack.anon()
      const { data, error } = await client.auth.signUp({
        email,
        password: DEFAULT_PASSWORD,
        options: { data: { business_name: name, phone_number: phone } },
      })
      expect(error).toBeNull()
      const session = data.session!
      expect(session).toBeTruthy()
      expect(session.token_type).toBe('bearer')
      expect(session.expires_in).toBeGreaterThan(0)
      expect(session.refresh_token).toEqual(expect.any(String))
      expect(session.user.id).toBe(data.user!.id)
      expect(data.user).toMatchObject({
        email,
        aud: 'authenticated',
        role: 'authenticated',
        user_metadata: expect.objectContaining({ business_name: name, phone_number: phone }),
      })
      expect(claimsOf(session.access_token)).toMatchObject({
        sub: data.user!.id,
        role: 'authenticated',
        aud: 'authenticated',
        email,
        session_id: expect.any(String),
      })

      const { data: current, error: sessionError } = await client.auth.getSession()
      expect(sessionError).toBeNull()
      expect(current.session?.access_token).toBe(session.access_token)
      const { data: me, error: userError } = await client.auth.getUser()
      expect(userError).toBeNull()
      expect(me.user?.id).toBe(data.user!.id)
    })

    it('creates the profile and a zeroed credits row, readable by the new owner', async () => {
      const owner = await stack.signUpOwner()
      const { data: profile, error } = await owner.client.from('users').select('*').eq('id', owner.user.id).single()
      expect(error).toBeNull()
      expect(profile).toMatchObject({
        id: owner.user.id,
        email: owner.email,
        business_name: owner.businessName,
        phone_number: owner.phone,
        phone_verified: false,
      })

      const { data: credits, error: creditsError } = await owner.client
        .from('credits')
        .select('*')
        .eq('user_id', owner.user.id)
        .maybeSingle()
      expect(creditsError).toBeNull()
      expect(credits).toMatchObject({ user_id: owner.user.id, amount: 0, used: 0, remaining: 0 })
    })

    it('refuses a weak password with 422 weak_password', async () => {
      const result = await stack.anon().auth.signUp({
        email: uniqueEmail(),
        password: '123',
        options: { data: { business_name: businessName(), phone_number: uniquePhone() } },
      })
      expectRefused(result, 422, 'weak_password')
      const { error } = result
      expect(isAuthWeakPasswordError(error)).toBe(true)
      if (isAuthWeakPasswordError(error)) expect(error.reasons).toContain('length')
    })

    it('refuses a registered e-mail with 422 user_already_exists', async () => {
      const owner = await stack.signUpOwner()
      const result = await stack.anon().auth.signUp({
        email: owner.email,
        password: DEFAULT_PASSWORD,
        options: { data: { business_name: businessName(), phone_number: uniquePhone() } },
      })
      expectRefused(result, 422, 'user_already_exists')
    })
  })

  describe('sign-in', () => {
    const owner = useOwner(stack)

    it('returns a session for the right password', async () => {
      const client = stack.anon()
      const { data, error } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password })
      expect(error).toBeNull()
      expect(data.user?.id).toBe(owner.user.id)
      expect(data.session?.access_token).toEqual(expect.any(String))
      const { data: profile, error: profileError } = await client.from('users').select('*').eq('id', owner.user.id).maybeSingle()
      expect(profileError).toBeNull()
      expect(profile?.business_name).toBe(owner.businessName)
    })

    it('refuses a wrong password with 400 invalid_credentials', async () => {
      const result = await stack.anon().auth.signInWithPassword({ email: owner.email, password: 'yanlis-sifre' })
      expectRefused(result, 400, 'invalid_credentials')
      expect(result.error?.message).toBe('Invalid login credentials')
    })

    it('refuses an unknown e-mail the same way', async () => {
      const { error } = await stack.anon().auth.signInWithPassword({ email: uniqueEmail('yok'), password: DEFAULT_PASSWORD })
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
    })
  })

  describe('session lifecycle', () => {
    it('refreshes: the rotated session works and carries a new refresh token', async () => {
      const owner = await stack.signUpOwner()
      const { data, error } = await owner.client.auth.refreshSession()
      expect(error).toBeNull()
      const fresh = data.session!
      expect(fresh.refresh_token).not.toBe(owner.session.refresh_token)
      expect(fresh.user.id).toBe(owner.user.id)

      const { data: me, error: userError } = await stack.anon().auth.getUser(fresh.access_token)
      expect(userError).toBeNull()
      expect(me.user?.id).toBe(owner.user.id)
      // The client now sends the new token to the data API.
      const { data: profile, error: profileError } = await owner.client.from('users').select('id').eq('id', owner.user.id).single()
      expect(profileError).toBeNull()
      expect(profile?.id).toBe(owner.user.id)
    })

    it('signs out: the old access token and refresh token are refused afterwards', async () => {
      const owner = await stack.signUpOwner()
      const { access_token, refresh_token } = owner.session
      const { error } = await owner.client.auth.signOut()
      expect(error).toBeNull()
      const { data: after } = await owner.client.auth.getSession()
      expect(after.session).toBeNull()

      // GoTrue answers 403 session_not_found, which auth-js surfaces as AuthSessionMissingError.
      const { data: me, error: userError } = await stack.anon().auth.getUser(access_token)
      expect(me.user).toBeNull()
      expect(userError?.name).toBe('AuthSessionMissingError')
      const raw = await fetch(`${stack.url}/auth/v1/user`, {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${access_token}`, 'x-supabase-api-version': '2024-01-01' },
      })
      expect(raw.status).toBe(403)
      expect(((await raw.json()) as { code?: string }).code).toBe('session_not_found')

      expectRefused(await stack.anon().auth.refreshSession({ refresh_token }), 400, 'refresh_token_not_found')
    })
  })

  describe('duplicate phone check', () => {
    const owner = useOwner(stack)

    const check = async (phone: string) => {
      const { data, error } = await stack.anon().functions.invoke('check-phone', { body: { phoneNumber: phone } })
      expect(error).toBeNull()
      return (data as { exists: boolean }).exists
    }

    it('check-phone answers true for a taken phone, with the anon key', async () => {
      expect(await check(owner.phone)).toBe(true)
    })

    it('check-phone answers false for a free phone', async () => {
      expect(await check(uniquePhone())).toBe(false)
    })

    it('a sign-up with a taken phone fails and creates nothing', async () => {
      const email = uniqueEmail('ayni-telefon')
      const { data, error } = await stack.anon().auth.signUp({
        email,
        password: DEFAULT_PASSWORD,
        options: { data: { business_name: businessName(), phone_number: owner.phone } },
      })
      // GoTrue answers 500 "Database error saving new user" when its trigger fails.
      expect(error).not.toBeNull()
      expect(error?.status).toBe(500)
      expect(data.session).toBeNull()
      expect(data.user).toBeNull()

      const { rows: authRows } = await stack.db.query('select id from auth.users where email = $1', [email])
      expect(authRows).toHaveLength(0)
      const { data: profiles, error: profilesError } = await stack.service().from('users').select('id').eq('email', email)
      expect(profilesError).toBeNull()
      expect(profiles).toHaveLength(0)
      const { error: signInError } = await stack.anon().auth.signInWithPassword({ email, password: DEFAULT_PASSWORD })
      expect(signInError?.code).toBe('invalid_credentials')
    })
  })
})
