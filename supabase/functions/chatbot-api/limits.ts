// The widget's per-address limits, apart from index.ts so they can be tested
// without serving the function.
import { addressGroup } from '../_shared/client-address.ts'
import { limitSetting, readEnv, type EnvReader } from '../_shared/env.ts'
import { RATE_LIMITS, rateCheck, type RateCheck } from '../_shared/rate-limits.ts'

/**
 * Per client address (IPv6 by /64): a minute across all owners, and a share
 * of this owner's day, so one visitor cannot spend an owner's allowance
 * alone. The share is CHATBOT_API_ADDRESS_DAILY_LIMIT when the deployment
 * sets it; by default 100, and never more than half the owner's daily
 * allowance (a free plan's whole day is less than 100). None when the
 * deployment gives no address.
 */
export function addressChecks(address: string | null, ownerId: string, dailyMessageLimit: number | null, env: EnvReader = readEnv): RateCheck[] {
  if (!address) return []
  const limit = RATE_LIMITS.chatbotAddressDaily
  const daily = rateCheck(limit, `chatbot:address-day:${ownerId}:${addressGroup(address)}`, env)
  const chosen = limitSetting(env, limit.setting, 0) > 0
  const half = dailyMessageLimit !== null && dailyMessageLimit > 0 ? Math.ceil(dailyMessageLimit / 2) : limit.max
  return [addressMinute(address, env), chosen ? daily : { ...daily, max: Math.min(limit.max, half) }]
}

/** One client address's messages a minute, to any owner; previews count too. */
export function addressMinute(address: string, env: EnvReader = readEnv): RateCheck {
  return rateCheck(RATE_LIMITS.chatbotAddress, `chatbot:address:${addressGroup(address)}`, env)
}
