// The runner's reading of config.toml: which functions it serves and with what settings.
import { describe, expect, it } from 'vitest'
import { parseFunctionSettings, readFunctionSettings, settingsFor } from './function-settings.ts'
import { CONFIG_TOML } from './index.ts'

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
