import { redirect } from '@tanstack/react-router'
import type { Session } from '../lib/session.tsx'

// Guards wait for the session's first resolution; offline that is the cached
// profile, never the network.

export function requireVerifiedOwner(session: Session) {
  if (!session.user) throw redirect({ to: '/auth', replace: true })
  if (!session.profile?.phone_verified) throw redirect({ to: '/phone-verify', replace: true })
}

export function redirectSignedIn(session: Session) {
  // With no profile row, or one without a phone number, the dashboard would
  // send the user to phone verification and from there back here; staying on
  // /auth (where they can sign out or sign up again) breaks that loop.
  if (session.user && (session.profile?.phone_verified || session.profile?.phone_number)) {
    throw redirect({ to: '/dashboard', replace: true })
  }
}

export function guardPhoneVerify(session: Session) {
  if (!session.user) throw redirect({ to: '/auth', replace: true })
  if (session.profile?.phone_verified) throw redirect({ to: '/dashboard', replace: true })
  if (!session.profile?.phone_number) throw redirect({ to: '/auth', replace: true })
}

/**
 * The owner's data rights outside the dashboard (/data-rights): any signed-in
 * owner may download or erase their data, phone verified or not. A verified
 * owner has them on the settings screen, among the rest of the account.
 */
export function guardDataRights(session: Session) {
  if (!session.user) throw redirect({ to: '/auth', replace: true })
  if (session.profile?.phone_verified) throw redirect({ to: '/dashboard/settings', replace: true })
}
