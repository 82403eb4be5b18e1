import { describe, expect, it } from 'vitest'
import {
  AVATAR_MAX_BYTES, avatarFileError, avatarPath, BUSINESS_NAME_MAX, credentialsErrorField, isAccessToken, isAppSecret,
  isPhoneNumberId, ownerEndpoints, settingsChanges, settingsToForm, validatePasswordConfirmation, validateSettingsForm, type SettingsFormValues,
} from './settings.ts'

const form = (over: Partial<SettingsFormValues> = {}): SettingsFormValues => ({
  business_name: 'Demo Butik',
  access_token: { value: '', clear: false },
  phone_number_id: '',
  app_secret: { value: '', clear: false },
  ...over,
})

describe('avatar files', () => {
  it('takes the bucket\'s raster types up to exactly 2 MB', () => {
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull()
    expect(avatarFileError({ type: 'image/jpeg', size: 1 })).toBeNull()
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('too_large')
    expect(avatarFileError({ type: 'image/svg+xml', size: 10 })).toBe('not_an_image')
    expect(avatarFileError({ type: 'application/pdf', size: AVATAR_MAX_BYTES + 1 })).toBe('not_an_image')
    expect(avatarFileError({ type: '', size: 10 })).toBe('not_an_image')
  })

  it('stores in the owner\'s folder under a new name each time', () => {
    expect(avatarPath('u1', 'image/jpeg', 1700000000000)).toBe('u1/1700000000000.jpg')
    expect(avatarPath('u1', 'image/webp', 5)).toBe('u1/5.webp')
  })
})

describe('settings form', () => {
  it('never fills in a secret, only the phone number id', () => {
    const values = settingsToForm('Demo', { access_token_set: true, access_token_last4: 'abcd', phone_number_id: '1098765', app_secret_set: true, app_secret_last4: 'wxyz', updated_at: null })
    expect(values).toEqual({ business_name: 'Demo', access_token: { value: '', clear: false }, phone_number_id: '1098765', app_secret: { value: '', clear: false } })
    expect(settingsToForm(null, null).business_name).toBe('')
  })

  it('checks what the database checks', () => {
    expect(isAccessToken('EAAG' + 'x'.repeat(16))).toBe(true)
    expect(isAccessToken('EAAG' + 'x'.repeat(15))).toBe(false)
    expect(isAccessToken(' EAAG' + 'x'.repeat(16) + '\n')).toBe(true)
    expect(isAccessToken('EAAG xxxxxxxxxxxxxxxxxxxx')).toBe(false)
    expect(isPhoneNumberId('12345')).toBe(true)
    expect(isPhoneNumberId('1234')).toBe(false)
    expect(isPhoneNumberId('12 345')).toBe(false)
    expect(isAppSecret('a'.repeat(16))).toBe(true)
    expect(isAppSecret('a'.repeat(15))).toBe(false)
    expect(isAppSecret('ç'.repeat(20))).toBe(false)
  })

  it('names each wrong field; blank secrets and id are fine', () => {
    expect(validateSettingsForm(form())).toEqual({})
    expect(validateSettingsForm(form({ business_name: '  ' }))).toEqual({ business_name: 'required' })
    expect(validateSettingsForm(form({ business_name: 'x'.repeat(BUSINESS_NAME_MAX + 1) }))).toEqual({ business_name: 'too_long' })
    expect(
      validateSettingsForm(form({ access_token: { value: 'short', clear: false }, phone_number_id: 'abc', app_secret: { value: 'short', clear: false } })),
    ).toEqual({ 'access_token.value': 'invalid_access_token', phone_number_id: 'invalid_phone_number_id', 'app_secret.value': 'invalid_app_secret' })
  })

  it('changes only what differs: null keeps, empty clears, text replaces', () => {
    const saved = { businessName: 'Demo Butik', phoneNumberId: '1098765' }
    expect(settingsChanges(form({ phone_number_id: '1098765' }), saved)).toEqual({ businessName: null, credentials: null })
    expect(settingsChanges(form({ business_name: ' Yeni Ad ', phone_number_id: '1098765' }), saved)).toEqual({ businessName: 'Yeni Ad', credentials: null })
    expect(settingsChanges(form({ phone_number_id: '', access_token: { value: '', clear: true }, app_secret: { value: ' sekiz-sekiz-1234 ', clear: false } }), saved)).toEqual({
      businessName: null,
      credentials: { p_access_token: '', p_phone_number_id: '', p_app_secret: 'sekiz-sekiz-1234' },
    })
  })

  it('reads the database\'s refusals as field errors', () => {
    expect(credentialsErrorField('invalid_app_secret')).toEqual(['app_secret.value', 'invalid_app_secret'])
    expect(credentialsErrorField('something else')).toBeNull()
  })
})

describe('owner endpoints', () => {
  it('are the functions at the owner\'s id', () => {
    expect(ownerEndpoints('https://abc.supabase.co/', 'u-1')).toEqual({
      whatsappWebhook: 'https://abc.supabase.co/functions/v1/whatsapp-webhook/u-1',
      automation: 'https://abc.supabase.co/functions/v1/automation-webhook/u-1',
      products: 'https://abc.supabase.co/functions/v1/products-api/u-1',
      user: 'https://abc.supabase.co/functions/v1/user-api/u-1',
    })
  })
})

describe('password confirmation', () => {
  it('asks for something typed and leaves judging it to the server', () => {
    expect(validatePasswordConfirmation({ password: '' })).toEqual({ password: 'required' })
    expect(validatePasswordConfirmation({ password: ' ' })).toEqual({})
    expect(validatePasswordConfirmation({ password: 'Guclu-Sifre-2026' })).toEqual({})
  })
})
