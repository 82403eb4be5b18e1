import { describe, expect, it } from 'vitest'
import type { ProductRecord } from '../records.ts'
import {
  emptyProductForm, InvalidProductFormError, productChangesFromForm, productFieldsFromForm, productToForm, validateProductForm, type ProductFormValues,
} from './form.ts'
import { isHttpUrl } from './links.ts'
import { PRICE_MAX, STOCK_MAX } from './numbers.ts'

describe('product form', () => {
  it('starts a new product in TRY', () => {
    expect(emptyProductForm().currency).toBe('TRY')
  })

  const valid: ProductFormValues = {
    name: '  Seramik Vazo ',
    description: ' El yapımı ',
    price: '149,90',
    currency: 'TRY',
    stock: '12',
    product_link: ' https://ornek.com/vazo ',
  }

  it('accepts a complete form', () => {
    expect(validateProductForm(valid)).toEqual({})
    expect(validateProductForm({ ...valid, price: 0, stock: 0, description: '', product_link: '' })).toEqual({})
    expect(validateProductForm({ ...valid, price: 12.5, stock: 3 })).toEqual({})
    expect(validateProductForm({ ...valid, price: '12.50' })).toEqual({})
  })

  it('requires name, price and stock', () => {
    expect(validateProductForm({ ...valid, name: '   ', price: '', stock: ' ' })).toEqual({
      name: 'required',
      price: 'required',
      stock: 'required',
    })
  })

  it('wants a price of at least 0 with at most two decimals', () => {
    expect(validateProductForm({ ...valid, price: 'abc' }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: '1.250,00' }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: -1 }).price).toBe('negative')
    expect(validateProductForm({ ...valid, price: '12.345' }).price).toBe('too_many_decimals')
    expect(validateProductForm({ ...valid, price: 12.345 }).price).toBe('too_many_decimals')
    expect(validateProductForm({ ...valid, price: '12.340' }).price).toBeUndefined()
    expect(validateProductForm({ ...valid, price: Number.NaN }).price).toBe('not_a_number')
    expect(validateProductForm({ ...valid, price: PRICE_MAX }).price).toBeUndefined()
    expect(validateProductForm({ ...valid, price: 1e10 }).price).toBe('too_large')
  })

  it('wants a whole stock of at least 0', () => {
    expect(validateProductForm({ ...valid, stock: '2.5' }).stock).toBe('not_an_integer')
    expect(validateProductForm({ ...valid, stock: -3 }).stock).toBe('negative')
    expect(validateProductForm({ ...valid, stock: 'on iki' }).stock).toBe('not_a_number')
    expect(validateProductForm({ ...valid, stock: STOCK_MAX }).stock).toBeUndefined()
    expect(validateProductForm({ ...valid, stock: STOCK_MAX + 1 }).stock).toBe('too_large')
  })

  it('wants one of the eight currencies', () => {
    expect(validateProductForm({ ...valid, currency: 'TL' }).currency).toBe('unknown_currency')
    expect(validateProductForm({ ...valid, currency: '' }).currency).toBe('unknown_currency')
  })

  it('accepts an empty link but only an http(s) address otherwise', () => {
    for (const link of ['', '   ', 'http://ornek.com', 'https://ornek.com.tr/a?b=1#c']) {
      expect(validateProductForm({ ...valid, product_link: link }).product_link).toBeUndefined()
    }
    for (const link of ['ornek.com', 'www.ornek.com', 'ftp://ornek.com/a', 'javascript:alert(1)', 'https://', 'http//ornek.com']) {
      expect(validateProductForm({ ...valid, product_link: link }).product_link, link).toBe('invalid_url')
    }
    expect(isHttpUrl('HTTPS://ORNEK.COM')).toBe(true)
  })

  it('normalizes a valid form into the fields to store', () => {
    expect(productFieldsFromForm(valid)).toEqual({
      name: 'Seramik Vazo',
      description: 'El yapımı',
      price: 149.9,
      currency: 'TRY',
      stock: 12,
      product_link: 'https://ornek.com/vazo',
    })
  })

  it('leaves a blank description and link out of the fields', () => {
    const fields = productFieldsFromForm({ ...valid, description: '  ', product_link: '' })
    expect(fields).toEqual({ name: 'Seramik Vazo', price: 149.9, currency: 'TRY', stock: 12 })
    expect('description' in fields).toBe(false)
    expect('product_link' in fields).toBe(false)
  })

  it('marks emptied optional fields for clearing when editing', () => {
    const changes = productChangesFromForm({ ...valid, description: '', product_link: '' })
    expect('description' in changes && changes.description === undefined).toBe(true)
    expect('product_link' in changes && changes.product_link === undefined).toBe(true)
    expect(productChangesFromForm(valid).product_link).toBe('https://ornek.com/vazo')
  })

  it('refuses to normalize an invalid form', () => {
    expect(() => productFieldsFromForm({ ...valid, name: '' })).toThrow(InvalidProductFormError)
    try {
      productFieldsFromForm({ ...valid, name: '', stock: '-1' })
    } catch (error) {
      expect((error as InvalidProductFormError).errors).toEqual({ name: 'required', stock: 'negative' })
    }
  })

  it('prefills the form from a stored product and saves it back unchanged', () => {
    const product: ProductRecord = {
      id: 'p1', name: 'Çay', price: 45.5, currency: 'TRY', stock: 7, created_at: '2026-01-02T03:04:05.000Z',
    }
    const form = productToForm(product)
    expect(form).toEqual({ name: 'Çay', description: '', price: '45.5', currency: 'TRY', stock: '7', product_link: '' })
    expect(productFieldsFromForm(form)).toEqual({ name: 'Çay', price: 45.5, currency: 'TRY', stock: 7 })
    // In Turkish the price is shown with a decimal comma, and reads back the same.
    const turkish = productToForm(product, ',')
    expect(turkish.price).toBe('45,5')
    expect(productFieldsFromForm(turkish)).toEqual(productFieldsFromForm(form))
  })
})
