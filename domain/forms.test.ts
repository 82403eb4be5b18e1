import { describe, expect, it } from 'vitest'
import { blankToNull, formErrorClass, InvalidFormError } from './forms.ts'

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
})
