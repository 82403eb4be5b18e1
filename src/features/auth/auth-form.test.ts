import { describe, expect, it } from 'vitest'
import { emptyAuthForm, turkishPhoneError, validateAuthForm, validateCodeForm, validatePhoneChangeForm, type AuthFormValues } from './auth-form.ts'

const filled: AuthFormValues = { businessName: 'Kuaför Ayşe', phoneDigits: '5321234567', email: 'ayse@example.com', password: 'gizli-sifre' }

describe('validateAuthForm', () => {
  it('asks sign-in for an e-mail address and a password only', () => {
    expect(validateAuthForm('sign-in', emptyAuthForm())).toEqual({ email: 'required', password: 'required' })
    expect(validateAuthForm('sign-in', { ...emptyAuthForm(), email: ' demo@example.com ', password: 'x' })).toEqual({})
    expect(validateAuthForm('sign-in', { ...emptyAuthForm(), email: 'demo@', password: 'x' })).toEqual({ email: 'invalid_email' })
  })

  it('asks sign-up for every field, all ten phone digits and a password the server takes', () => {
    expect(validateAuthForm('sign-up', emptyAuthForm())).toEqual({ businessName: 'required', phoneDigits: 'required', email: 'required', password: 'required' })
    expect(validateAuthForm('sign-up', filled)).toEqual({})
    expect(validateAuthForm('sign-up', { ...filled, businessName: '  ', phoneDigits: '532123', password: '12345' })).toEqual({
      businessName: 'required',
      phoneDigits: 'phone_incomplete',
      password: 'password_too_short',
    })
    expect(validateAuthForm('sign-up', { ...filled, password: '123456' })).toEqual({})
  })
})

describe('the phone and code fields', () => {
  it('wants the ten digits after +90', () => {
    expect(turkishPhoneError('')).toBe('required')
    expect(turkishPhoneError('532 123')).toBe('phone_incomplete')
    expect(turkishPhoneError('(532) 123 45 67')).toBeUndefined()
    expect(validatePhoneChangeForm({ digits: '53212345' })).toEqual({ digits: 'phone_incomplete' })
    expect(validatePhoneChangeForm({ digits: '5321234567' })).toEqual({})
  })

  it('wants all six digits of the code', () => {
    expect(validateCodeForm({ code: '' })).toEqual({ code: 'code_incomplete' })
    expect(validateCodeForm({ code: '12345' })).toEqual({ code: 'code_incomplete' })
    expect(validateCodeForm({ code: '123456' })).toEqual({})
  })
})
