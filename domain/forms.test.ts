import { describe, expect, it } from 'vitest'
import {
  assertValid,
  blankToNull,
  fieldErrors,
  formErrorClass,
  hasErrors,
  InvalidFormError,
  lengthError,
  nestedErrors,
  requiredError,
  textLength,
  urlError,
} from './forms.ts'

describe('forms', () => {
  it('stores blank text as null and trims the rest', () => {
    expect(blankToNull('   ')).toBeNull()
    expect(blankToNull('')).toBeNull()
    expect(blankToNull('  Moda Cad.  ')).toBe('Moda Cad.')
  })

  it('gives each form an error class of its own, carrying the field errors', () => {
    const ProductError = formErrorClass<{ name?: string }>('InvalidProductFormError', 'product form')
    const CustomerError = formErrorClass<{ phone?: string }>('InvalidCustomerFormError', 'customer form')
    const error = new ProductError({ name: 'required' })
    expect(error).toBeInstanceOf(ProductError)
    expect(error).toBeInstanceOf(InvalidFormError)
    expect(error).not.toBeInstanceOf(CustomerError)
    expect(error.name).toBe('InvalidProductFormError')
    expect(error.message).toBe('invalid product form: name')
    expect(error.errors).toEqual({ name: 'required' })
  })

  it('measures text in code points, as char_length does', () => {
    expect(textLength('çay')).toBe(3)
    expect(textLength('👍🏽')).toBe(2)
    expect('👍🏽'.length).toBe(4)
  })

  it('judges a text: blank where required, too long once trimmed, an address that is not http(s)', () => {
    expect(requiredError('  ')).toBe('required')
    expect(requiredError(' a ')).toBeUndefined()
    expect(lengthError(' ab ', 2)).toBeUndefined()
    expect(lengthError('abc', 2)).toBe('too_long')
    expect(lengthError('😀😀', 2)).toBeUndefined()
    expect(urlError(' ')).toBeUndefined()
    expect(urlError(' https://ornek.com ')).toBeUndefined()
    expect(urlError('ornek.com')).toBe('invalid_url')
  })

  it('gathers the fields that failed, nested ones under their path, and throws the form class when any did', () => {
    type Errors = { name?: 'required'; email?: 'invalid_email'; notes?: 'too_long' }
    const errors = fieldErrors<Errors>({ name: 'required', email: undefined, notes: undefined })
    expect(errors).toEqual({ name: 'required' })
    expect(Object.keys(errors)).toEqual(['name'])
    expect(hasErrors(errors)).toBe(true)
    expect(hasErrors(fieldErrors<Errors>({ name: undefined }))).toBe(false)
    expect(nestedErrors('newCustomer', { phone_number: 'invalid_phone' })).toEqual({ 'newCustomer.phone_number': 'invalid_phone' })

    const FormError = formErrorClass<Errors>('InvalidTestFormError', 'test form')
    expect(() => assertValid({}, FormError)).not.toThrow()
    expect(() => assertValid(errors, FormError)).toThrow(FormError)
  })
})
