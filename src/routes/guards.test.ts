import { describe, expect, it } from 'vitest'
import { isRedirect } from '@tanstack/react-router'
import type { User } from '@supabase/supabase-js'
import type { Profile, Session } from '../lib/session.tsx'
import { guardDataRights, guardPhoneVerify, redirectSignedIn, requireVerifiedOwner } from './guards.ts'

const user = { id: 'u1', email: 'owner@example.com' } as User

function profile(patch: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    email: 'owner@example.com',
    business_name: 'Kuaför Ayşe',
    phone_number: '+905321234567',
    phone_verified: false,
    avatar_url: null,
    updated_at: null,
    ...patch,
  }
}

function session(patch: Partial<Session>): Session {
  return {
    status: patch.user ? 'signed-in' : 'signed-out',
    user: null,
    profile: null,
    profileLoading: false,
    refreshProfile: async () => null,
    clearProfileCache: () => undefined,
    signOut: async () => undefined,
    ...patch,
  }
}

const signedOut = session({})
const noProfile = session({ user })
const unverified = session({ user, profile: profile() })
const verified = session({ user, profile: profile({ phone_verified: true }) })
const noPhone = session({ user, profile: profile({ phone_number: null }) })

/** The redirect a guard throws; a guard that lets the visitor through gives undefined. */
function outcome(guard: (s: Session) => void, s: Session): { to: unknown; replace: unknown } | undefined {
  try {
    guard(s)
    return undefined
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown
    return { to: thrown.options.to, replace: thrown.options.replace }
  }
}

/** Where a guard sends each session (null: it lets the visitor through), one test a case. */
function sends(guard: (s: Session) => void, cases: Array<[what: string, session: Session, to: string | null]>) {
  it.each(cases)('%s', (_what, s, to) => {
    expect(outcome(guard, s)).toEqual(to === null ? undefined : { to, replace: true })
  })
}

describe('requireVerifiedOwner (dashboard)', () => {
  sends(requireVerifiedOwner, [
    ['sends a visitor with no user to /auth', signedOut, '/auth'],
    ['sends an owner whose phone is not verified to /phone-verify', unverified, '/phone-verify'],
    ['sends a user without a profile row to /phone-verify', noProfile, '/phone-verify'],
    ['lets a verified owner through', verified, null],
  ])
})

describe('redirectSignedIn (/auth)', () => {
  sends(redirectSignedIn, [
    ['lets a signed-out visitor through', signedOut, null],
    ['sends a signed-in user with a profile to /dashboard (verified)', verified, '/dashboard'],
    ['sends a signed-in user with a profile to /dashboard (not verified)', unverified, '/dashboard'],
    ['keeps a signed-in user without a profile row on /auth, or the guards would bounce them back and forth', noProfile, null],
  ])

  it('keeps a signed-in user whose profile has no phone number on /auth, for the same reason', () => {
    // /dashboard → /phone-verify (unverified) → /auth (no phone) would otherwise never end.
    expect(outcome(requireVerifiedOwner, noPhone)?.to).toBe('/phone-verify')
    expect(outcome(guardPhoneVerify, noPhone)?.to).toBe('/auth')
    expect(outcome(redirectSignedIn, noPhone)).toBeUndefined()
  })

  it('still sends a verified owner to /dashboard whatever their phone number, since the dashboard lets them in', () => {
    const verifiedNoPhone = session({ user, profile: profile({ phone_number: null, phone_verified: true }) })
    expect(outcome(requireVerifiedOwner, verifiedNoPhone)).toBeUndefined()
    expect(outcome(redirectSignedIn, verifiedNoPhone)).toEqual({ to: '/dashboard', replace: true })
  })
})

describe('guardPhoneVerify (/phone-verify)', () => {
  sends(guardPhoneVerify, [
    ['sends a visitor with no user to /auth', signedOut, '/auth'],
    ['sends an already verified owner to /dashboard', verified, '/dashboard'],
    ['sends a profile without a phone number to /auth', noPhone, '/auth'],
    ['sends a user without a profile row to /auth', noProfile, '/auth'],
    ['lets an unverified owner with a phone number through', unverified, null],
  ])
})

describe('guardDataRights (/data-rights)', () => {
  sends(guardDataRights, [
    ['sends a visitor with no user to /auth', signedOut, '/auth'],
    ['lets an owner whose phone is not verified through', unverified, null],
    ['lets an owner whose profile has no phone number through', noPhone, null],
    ['lets a signed-in owner without a profile row through', noProfile, null],
    ['sends a verified owner to the settings screen, where the same card is', verified, '/dashboard/settings'],
  ])
})
