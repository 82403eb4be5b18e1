import { describe, expect, it } from 'vitest'
import {
  CHECKOUT_ERRORS,
  CHECKOUT_SESSION_PLACEHOLDER,
  checkoutReturnUrl,
  DELETE_ACCOUNT_ERRORS,
  EXPORT_DATA_ERRORS,
  isCode,
  OWNER_REFUSALS,
  PAYMENT_WEBHOOK_ERRORS,
  PROCESS_PAYMENT_ERRORS,
  SEND_SMS_ERRORS,
  SEND_VERIFICATION_ERRORS,
  VERIFY_PHONE_ERRORS,
} from './functions.ts'

const LISTS = { CHECKOUT_ERRORS, PROCESS_PAYMENT_ERRORS, PAYMENT_WEBHOOK_ERRORS, SEND_VERIFICATION_ERRORS, VERIFY_PHONE_ERRORS, SEND_SMS_ERRORS }

describe('the functions contract', () => {
  it('lists each code once, with what every function answers by itself', () => {
    for (const [name, codes] of Object.entries(LISTS)) {
      expect(new Set(codes).size, name).toBe(codes.length)
      expect(codes, name).toContain('invalid_request')
      expect(codes, name).toContain('server_error')
    }
    for (const codes of [CHECKOUT_ERRORS, PROCESS_PAYMENT_ERRORS, SEND_SMS_ERRORS]) {
      for (const refusal of OWNER_REFUSALS) expect(codes).toContain(refusal)
    }
  })

  it('serves the data rights to any signed-in owner: unauthorized, but never phone_not_verified', () => {
    for (const codes of [EXPORT_DATA_ERRORS, DELETE_ACCOUNT_ERRORS]) {
      expect(codes).toContain('unauthorized')
      expect(codes).not.toContain('phone_not_verified')
    }
  })

  it('reads a code only when it is one of the list', () => {
    expect(isCode(SEND_SMS_ERRORS, 'no_phone')).toBe(true)
    expect(isCode(SEND_SMS_ERRORS, 'invalid_code')).toBe(false)
    expect(isCode(SEND_SMS_ERRORS, null)).toBe(false)
    expect(isCode(SEND_SMS_ERRORS, 42)).toBe(false)
  })

  it("uses Stripe's template variable for the session id, replaced wherever it stands", () => {
    expect(CHECKOUT_SESSION_PLACEHOLDER).toBe('{CHECKOUT_SESSION_ID}')
    expect(checkoutReturnUrl('https://a.test/dashboard/success?session_id={CHECKOUT_SESSION_ID}', 'cs_1')).toBe('https://a.test/dashboard/success?session_id=cs_1')
    expect(checkoutReturnUrl('https://a.test/{CHECKOUT_SESSION_ID}?s={CHECKOUT_SESSION_ID}', 'cs_1')).toBe('https://a.test/cs_1?s=cs_1')
    expect(checkoutReturnUrl('https://a.test/dashboard', 'cs_1')).toBe('https://a.test/dashboard')
  })
})
