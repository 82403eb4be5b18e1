// supabase/functions/_shared pieces that must agree with the rest of the
// project: the CORS headers supabase-js sends, the verification code helpers,
// and config.toml parsing of the runner.
import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors'
import { describe, expect, it } from 'vitest'
import { corsHeaders } from '../../functions/_shared/cors.ts'
import { constantTimeEqual, generateCode, hashCode } from '../../functions/_shared/phone-verification.ts'
import { parseFunctionSettings, readFunctionSettings, settingsFor } from './function-settings.ts'
import { CONFIG_TOML } from './index.ts'

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
    expect(constantTimeEqual(h, h)).toBe(true)
    expect(constantTimeEqual(h, h.slice(0, -1) + (h.endsWith('0') ? '1' : '0'))).toBe(false)
    expect(constantTimeEqual(h, h.slice(0, -1))).toBe(false)
  })
})

describe('function settings from config.toml', () => {
  it('reads verify_jwt and enabled of [functions.<name>] tables only', () => {
    const all = parseFunctionSettings(`
project_id = "x"
[auth]
verify_jwt = false
[functions.health]
verify_jwt = false # monitors hold no key
[functions."quoted-name"]
enabled = false
[functions.other]
import_map = "./functions/other/deno.json"
[functions.health.env]
verify_jwt = true
[db]
enabled = false
`)
    expect(settingsFor(all, 'health')).toEqual({ verifyJwt: false, enabled: true })
    expect(settingsFor(all, 'quoted-name')).toEqual({ verifyJwt: true, enabled: false })
    expect(settingsFor(all, 'other')).toEqual({ verifyJwt: true, enabled: true })
    expect(settingsFor(all, 'missing')).toEqual({ verifyJwt: true, enabled: true })
    expect(all.has('auth')).toBe(false)
  })

  it('matches what the project config says about its functions', () => {
    const all = readFunctionSettings(CONFIG_TOML)
    expect(settingsFor(all, 'health').verifyJwt).toBe(false)
    expect(settingsFor(all, 'send-verification').verifyJwt).toBe(true)
    expect(settingsFor(all, 'verify-phone').verifyJwt).toBe(true)
  })
})
