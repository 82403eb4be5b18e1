// supabase/functions/_shared pieces that must agree with the rest of the
// project: the CORS headers supabase-js sends, the verification code helpers,
// the client address, the rate limits and the widget's limits per address.
import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors'
import { describe, expect, it } from 'vitest'
import { corsHeaders } from './cors.ts'
import { addressGroup, clientAddress, normalizeAddress } from './client-address.ts'
import { bytesEqual, secretsEqual } from './constant-time.ts'
import { limitSetting } from './env.ts'
import { generateCode, hashCode } from './phone-verification.ts'
import { RATE_LIMITS, rateCheck } from './rate-limits.ts'
import { addressChecks } from '../chatbot-api/limits.ts'

describe('shared function code', () => {
  it('allows every header supabase-js sends to a function', () => {
    const ours = corsHeaders['Access-Control-Allow-Headers'].split(',').map((h) => h.trim())
    const sdk = (sdkCorsHeaders['Access-Control-Allow-Headers'] ?? '').split(',').map((h) => h.trim())
    expect(sdk.length).toBeGreaterThan(3)
    for (const h of sdk) expect(ours).toContain(h)
  })

  it('makes 6-digit codes and keyed hashes bound to the phone number', async () => {
    const codes = Array.from({ length: 200 }, generateCode)
    for (const c of codes) expect(c).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(190)
    const h = await hashCode('secret', '+905321234567', '123456')
    expect(h).toMatch(/^[0-9a-f]{64}$/)
    expect(await hashCode('secret', '+905321234567', '123456')).toBe(h)
    expect(await hashCode('secret', '+905321234568', '123456')).not.toBe(h)
    expect(await hashCode('other', '+905321234567', '123456')).not.toBe(h)
    expect(await secretsEqual(h, h)).toBe(true)
    expect(await secretsEqual(h, h.slice(0, -1) + (h.endsWith('0') ? '1' : '0'))).toBe(false)
    expect(await secretsEqual(h, h.slice(0, -1))).toBe(false)
    expect(await secretsEqual('', '')).toBe(true)
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true)
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false)
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false)
  })
})

describe('the client address', () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name]
  const request = (headers: Record<string, string>) => new Request('http://x/', { headers })

  it('reads only the deployment\'s header, never one a client can write by default', () => {
    const forged = { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.8' }
    expect(clientAddress(request(forged), env({}))).toBeNull()
    expect(clientAddress(request({ ...forged, 'cf-connecting-ip': '203.0.113.9' }), env({}))).toBe('203.0.113.9')
    expect(clientAddress(request(forged), env({ CLIENT_ADDRESS_HEADER: 'X-Real-IP' }))).toBe('198.51.100.8')
    // A proxy that appends: its own entry is the last.
    expect(clientAddress(request({ 'x-forwarded-for': '1.2.3.4, 203.0.113.5' }), env({ CLIENT_ADDRESS_HEADER: 'x-forwarded-for' }))).toBe('203.0.113.5')
    expect(clientAddress(request({ 'cf-connecting-ip': 'not an address' }), env({}))).toBeNull()
  })

  it('normalises addresses and groups IPv6 by /64', () => {
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8:0:0:0:0:0:1')
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(normalizeAddress('[2001:db8::1]')).toBe('2001:db8:0:0:0:0:0:1')
    expect(normalizeAddress('2001:db8::1::2')).toBeNull()
    expect(normalizeAddress('256.1.1.1')).toBeNull()
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1')
    expect(addressGroup(normalizeAddress('2001:db8:aa:bb:1:2:3:4')!)).toBe('2001:db8:aa:bb::/64')
    expect(addressGroup(normalizeAddress('2001:db8:aa:bb::ffff')!)).toBe(addressGroup(normalizeAddress('2001:db8:aa:bb:1:2:3:4')!))
    expect(addressGroup(normalizeAddress('2001:db8:aa:bc::1')!)).not.toBe(addressGroup(normalizeAddress('2001:db8:aa:bb::1')!))
  })
})

describe('rate limits', () => {
  it('takes a limit from its setting when that is a positive whole number, else its default', () => {
    const env = (vars: Record<string, string>) => (name: string) => vars[name]
    expect(limitSetting(env({ X: '7' }), 'X', 3)).toBe(7)
    for (const bad of ['0', '-1', '1.5', 'many']) expect(limitSetting(env({ X: bad }), 'X', 3)).toBe(3)
    const daily = RATE_LIMITS.chatbotAddressDaily
    expect(rateCheck(daily, 'k', env({}))).toEqual({ name: 'address_daily', key: 'k', max: 100, window: 86_400 })
    expect(rateCheck(daily, 'k', env({ CHATBOT_API_ADDRESS_DAILY_LIMIT: '5' })).max).toBe(5)
  })

  it('names a setting at most once for each meaning', () => {
    // Two limits may share a setting only when they are the same limit applied in two places.
    const bySetting = new Map<string, { max: number; windowSeconds: number }>()
    for (const limit of Object.values(RATE_LIMITS) as { setting?: string; max: number; windowSeconds: number }[]) {
      if (!limit.setting) continue
      const seen = bySetting.get(limit.setting)
      if (seen) expect(seen).toEqual({ max: limit.max, windowSeconds: limit.windowSeconds })
      else bySetting.set(limit.setting, { max: limit.max, windowSeconds: limit.windowSeconds })
    }
  })
})

describe("the widget's limits per client address", () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name]
  const owner = 'd0000000-0000-4000-8000-000000000001'

  it('count one IPv6 subscriber (a /64) as one address, per owner for the day', () => {
    const [minute, day] = addressChecks('2001:db8:aa:bb:1:2:3:4', owner, 1000, env({}))
    const [minute2, day2] = addressChecks('2001:db8:aa:bb:ffff::9', owner, 1000, env({}))
    expect(minute!.key).toBe(minute2!.key)
    expect(day!.key).toBe(day2!.key)
    expect(day!.key).toContain(owner)
    expect(addressChecks('2001:db8:aa:bc::1', owner, 1000, env({}))[1]!.key).not.toBe(day!.key)
    expect(addressChecks('2001:db8:aa:bb::1', 'd0000000-0000-4000-8000-000000000002', 1000, env({}))[1]!.key).not.toBe(day!.key)
    expect(addressChecks(null, owner, 1000, env({}))).toEqual([])
  })

  it("allow one address 100 messages of an owner's day, never more than half of it, unless the deployment says otherwise", () => {
    expect(addressChecks('192.0.2.1', owner, 1000, env({}))[1]!.max).toBe(100)
    expect(addressChecks('192.0.2.1', owner, 50, env({}))[1]!.max).toBe(25)
    expect(addressChecks('192.0.2.1', owner, 7, env({}))[1]!.max).toBe(4)
    expect(addressChecks('192.0.2.1', owner, null, env({}))[1]!.max).toBe(100)
    expect(addressChecks('192.0.2.1', owner, 50, env({ CHATBOT_API_ADDRESS_DAILY_LIMIT: '40' }))[1]!.max).toBe(40)
  })
})
