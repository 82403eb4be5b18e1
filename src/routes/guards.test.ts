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

describe('requireVerifiedOwner (dashboard)', () => {
  it('sends a visitor with no user to /auth', () => {
    expect(outcome(requireVerifiedOwner, signedOut)).toEqual({ to: '/auth', replace: true })
  })

  it('sends an owner whose phone is not verified to /phone-verify', () => {
    expect(outcome(requireVerifiedOwner, unverified)).toEqual({ to: '/phone-verify', replace: true })
  })

  it('sends a user without a profile row to /phone-verify', () => {
    expect(outcome(requireVerifiedOwner, noProfile)).toEqual({ to: '/phone-verify', replace: true })
  })

  it('lets a verified owner through', () => {
    expect(outcome(requireVerifiedOwner, verified)).toBeUndefined()
  })
})

describe('redirectSignedIn (/auth)', () => {
  it('lets a signed-out visitor through', () => {
    expect(outcome(redirectSignedIn, signedOut)).toBeUndefined()
  })

  it('sends a signed-in user with a profile to /dashboard', () => {
    expect(outcome(redirectSignedIn, verified)).toEqual({ to: '/dashboard', replace: true })
    expect(outcome(redirectSignedIn, unverified)).toEqual({ to: '/dashboard', replace: true })
  })

  it('keeps a signed-in user without a profile row on /auth, or the guards would bounce them back and forth', () => {
    expect(outcome(redirectSignedIn, noProfile)).toBeUndefined()
  })

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
  it('sends a visitor with no user to /auth', () => {
    expect(outcome(guardPhoneVerify, signedOut)).toEqual({ to: '/auth', replace: true })
  })

  it('sends an already verified owner to /dashboard', () => {
    expect(outcome(guardPhoneVerify, verified)).toEqual({ to: '/dashboard', replace: true })
  })

  it('sends a profile without a phone number to /auth', () => {
    expect(outcome(guardPhoneVerify, noPhone)).toEqual({ to: '/auth', replace: true })
  })

  it('sends a user without a profile row to /auth', () => {
    expect(outcome(guardPhoneVerify, noProfile)).toEqual({ to: '/auth', replace: true })
  })

  it('lets an unverified owner with a phone number through', () => {
    expect(outcome(guardPhoneVerify, unverified)).toBeUndefined()
  })
})

describe('guardDataRights (/data-rights)', () => {
  it('sends a visitor with no user to /auth', () => {
    expect(outcome(guardDataRights, signedOut)).toEqual({ to: '/auth', replace: true })
  })

  it('lets any signed-in owner whose phone is not verified through, with or without a phone number or profile row', () => {
    expect(outcome(guardDataRights, unverified)).toBeUndefined()
    expect(outcome(guardDataRights, noPhone)).toBeUndefined()
    expect(outcome(guardDataRights, noProfile)).toBeUndefined()
  })

  it('sends a verified owner to the settings screen, where the same card is', () => {
    expect(outcome(guardDataRights, verified)).toEqual({ to: '/dashboard/settings', replace: true })
  })
})
