import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  InvalidCustomerFormError, changedCustomerFields, compareCustomersByName, createCustomerSearchIndex,
  customerChangesFromPayload,
  customerFieldsFromPayload, customerPayloadFromForm, customerToForm, emailError, emptyCustomerForm, isValidEmail,
  phoneError, searchCustomers, sortCustomersByName, summarizeCustomers, validateCustomerForm, type CustomerFormValues,
} from './customers.ts'
import type { CustomerRecord } from './records.ts'

describe('isValidEmail', () => {
  it('applies the browser e-mail check', () => {
    for (const ok of ['ayse@ornek.com.tr', 'a.b+c@x.io', 'user@localhost', ' ayse@ornek.com ']) expect(isValidEmail(ok), ok).toBe(true)
    for (const bad of ['', 'ayse', 'ayse@', '@ornek.com', 'ayse@ornek..com', 'ayşe@ornek.com', 'a b@x.com', 'a@-x.com', 'a@x.com.']) {
      expect(isValidEmail(bad), bad).toBe(false)
    }
  })
})

describe('customer form', () => {
  const form = (over: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
    name: 'Ayşe Yılmaz',
    phone_number: '0532 123 45 67',
    email: '',
    notes: '',
    ...over,
  })

  it('starts empty', () => {
    expect(emptyCustomerForm()).toEqual({ name: '', phone_number: '', email: '', notes: '' })
    expect(validateCustomerForm(emptyCustomerForm())).toEqual({ name: 'required', phone_number: 'required' })
  })

  it('needs a name and a valid phone; e-mail only when given', () => {
    expect(validateCustomerForm(form())).toEqual({})
    expect(validateCustomerForm(form({ name: '   ' }))).toEqual({ name: 'required' })
    expect(validateCustomerForm(form({ phone_number: '12345' }))).toEqual({ phone_number: 'invalid_phone' })
    expect(validateCustomerForm(form({ email: 'ayse@' }))).toEqual({ email: 'invalid_email' })
    expect(validateCustomerForm(form({ email: 'ayse@ornek.com.tr', notes: 'VIP' }))).toEqual({})
    expect(phoneError('')).toBe('required')
    expect(phoneError('0532 123 45 67')).toBeUndefined()
    expect(emailError('  ')).toBeUndefined()
  })

  it('gives the payload with the number in E.164 and blank optional fields as null', () => {
    expect(customerPayloadFromForm(form({ name: '  Ayşe Yılmaz ', notes: '  ' }))).toEqual({
      name: 'Ayşe Yılmaz',
      phone_number: '+905321234567',
      email: null,
      notes: null,
    })
    expect(customerPayloadFromForm(form({ email: ' ayse@ornek.com.tr ', notes: ' Keten sever \n' }))).toEqual({
      name: 'Ayşe Yılmaz',
      phone_number: '+905321234567',
      email: 'ayse@ornek.com.tr',
      notes: 'Keten sever',
    })
  })

  it('refuses to build a payload from an invalid form, with the codes', () => {
    const invalid = () => customerPayloadFromForm(form({ phone_number: '0212 123 45 67', email: 'x' }))
    expect(invalid).toThrow(InvalidCustomerFormError)
    expect(invalid).toThrow(expect.objectContaining({ errors: { phone_number: 'invalid_phone', email: 'invalid_email' } }))
  })

  it('prefills the edit form with a number that saves back unchanged', () => {
    const stored: CustomerRecord = { id: 'c1', name: 'Mehmet Kaya', phone_number: '+905332345678', created_at: '2026-11-01T10:00:00Z' }
    const values = customerToForm(stored)
    expect(values).toEqual({ name: 'Mehmet Kaya', phone_number: '0533 234 56 78', email: '', notes: '' })
    expect(customerPayloadFromForm(values)).toEqual({ name: 'Mehmet Kaya', phone_number: '+905332345678', email: null, notes: null })
    expect(customerToForm({ ...stored, phone_number: '+447911123456', email: 'm@k.com', notes: 'n' })).toEqual({
      name: 'Mehmet Kaya',
      phone_number: '+44 7911 123456',
      email: 'm@k.com',
      notes: 'n',
    })
  })
})

describe('changedCustomerFields', () => {
  const stored: CustomerRecord = { id: 'c1', name: 'Mehmet Kaya', phone_number: '+905332345678', notes: 'VIP', created_at: '2026-11-01T10:00:00Z' }

  it('gives back only what the owner changed, as it is stored', () => {
    const initial = customerToForm(stored)
    expect(changedCustomerFields(initial, initial)).toEqual({})
    // The same number typed another way, and spaces around the name, change nothing stored.
    expect(changedCustomerFields(initial, { ...initial, name: ' Mehmet Kaya ', phone_number: '+90 533 234 5678' })).toEqual({})
    expect(changedCustomerFields(initial, { ...initial, email: 'mehmet@example.com', notes: '' })).toEqual({ email: 'mehmet@example.com', notes: null })
    expect(changedCustomerFields(initial, { ...initial, phone_number: '0544 111 22 33' })).toEqual({ phone_number: '+905441112233' })
    expect(() => changedCustomerFields(initial, { ...initial, name: '' })).toThrow(InvalidCustomerFormError)
  })

  it('writes a valid number over a stored one this version cannot read', () => {
    const initial = customerToForm({ ...stored, phone_number: '0212 123 45 67' })
    expect(changedCustomerFields(initial, { ...initial, phone_number: '0532 123 45 67' })).toEqual({ phone_number: '+905321234567' })
  })

  it('leaves out a field changed elsewhere while the form was open', () => {
    // The form opened with the notes "VIP"; another device changed them meanwhile. The owner renamed only.
    const initial = customerToForm(stored)
    const update = customerChangesFromPayload(changedCustomerFields(initial, { ...initial, name: 'Mehmet Kaya Jr.' }))
    const current = { ...stored, notes: 'Cumartesi gelir' }
    expect({ ...current, ...update }).toEqual({ ...stored, name: 'Mehmet Kaya Jr.', notes: 'Cumartesi gelir' })
  })

  it('turns a cleared field into an undefined key, which clears it, and leaves the rest out', () => {
    const update = customerChangesFromPayload({ notes: null, name: 'Ayşe' })
    expect(update).toEqual({ notes: undefined, name: 'Ayşe' })
    expect(Object.keys(update).sort()).toEqual(['name', 'notes'])
  })
})

describe('customer search', () => {
  const customers = [
    { id: '1', name: 'Ayşe Yılmaz', phone_number: '+905321234567', email: 'ayse.yilmaz@example.com' },
    { id: '2', name: 'İsmail Işık', phone_number: '+905339876543', email: null },
    { id: '3', name: 'Irmak Demir', phone_number: '+447911123456', email: 'IRMAK@EXAMPLE.COM' },
    { id: '4', name: 'ILGAZ Çelik', phone_number: '', email: undefined },
  ]
  const ids = (query: string) => searchCustomers(customers, query).map((c) => c.id)

  it('shows everyone for a blank query', () => {
    expect(ids('')).toEqual(['1', '2', '3', '4'])
    expect(ids('   ')).toEqual(['1', '2', '3', '4'])
    expect(searchCustomers(customers, '')).toBe(customers)
  })

  it('matches names case-insensitively with Turkish i letters', () => {
    const found = (queries: string[]) => queries.map((q) => ids(q).join())
    expect(found(['ayşe', 'AYŞE', 'yilmaz', 'YILMAZ'])).toEqual(['1', '1', '1', '1'])
    expect(found(['ismail', 'İSMAİL', 'ışık'])).toEqual(['2', '2', '2'])
    expect(found(['irmak', 'ılgaz', 'çelik'])).toEqual(['3', '4', '4'])
  })

  it('matches e-mail case-insensitively', () => {
    expect(ids('example.com')).toEqual(['1', '3'])
    expect(ids('irmak@')).toEqual(['3'])
  })

  it('matches the stored number as a plain substring', () => {
    expect(ids('+90532')).toEqual(['1'])
    expect(ids('+44')).toEqual(['3'])
    expect(ids('9876')).toEqual(['2'])
  })

  it('matches a number typed the national way or with spaces, digits only', () => {
    const found = (queries: string[]) => queries.map((q) => ids(q).join())
    expect(found(['0532 123', '532123', '0532-123-45-67'])).toEqual(['1', '1', '1'])
    expect(found(['+90 533 987', '(0533)'])).toEqual(['2', '2'])
    expect(found(['07911 123', '7911 123456'])).toEqual(['3', '3'])
  })

  it('does not compare digits of a query that is more than a number', () => {
    expect(ids('Ayşe 0532')).toEqual([])
    expect(ids('0532 Ayşe')).toEqual([])
  })

  it('never matches across two fields', () => {
    expect(ids('yılmaz+90')).toEqual([])
    expect(ids('4567ayse')).toEqual([])
  })

  it('answers many queries from one index', () => {
    const index = createCustomerSearchIndex(customers)
    expect(index.filter('a').length).toBeGreaterThan(0)
    expect(index.filter('0532').map((c) => c.id)).toEqual(['1'])
    expect(index.filter('').map((c) => c.id)).toEqual(['1', '2', '3', '4'])
  })
})

describe('summarizeCustomers', () => {
  it('counts everyone, those with a phone and those with an e-mail', () => {
    expect(summarizeCustomers([])).toEqual({ total: 0, withPhone: 0, withEmail: 0 })
    expect(
      summarizeCustomers([
        { phone_number: '+905321234567', email: 'a@b.co' },
        { phone_number: '+905321234568', email: null },
        { phone_number: '', email: '  ' },
        { phone_number: '+905321234569' },
      ]),
    ).toEqual({ total: 4, withPhone: 3, withEmail: 1 })
  })
})

describe('customerFieldsFromPayload', () => {
  it('turns null optional columns into absent values that also clear them on update', () => {
    const fields = customerFieldsFromPayload({ name: 'Ayşe', phone_number: '+905321234567', email: null, notes: null })
    expect(fields).toEqual({ name: 'Ayşe', phone_number: '+905321234567', email: undefined, notes: undefined })
    expect(Object.keys(fields)).toEqual(['name', 'phone_number', 'email', 'notes'])
    expect(customerFieldsFromPayload({ name: 'Ayşe', phone_number: '+905321234567', email: 'a@b.co', notes: 'Not' })).toEqual({
      name: 'Ayşe',
      phone_number: '+905321234567',
      email: 'a@b.co',
      notes: 'Not',
    })
  })
})

describe('sortCustomersByName', () => {
  const named = (names: string[]) => names.map((name, i) => ({ id: `id-${String(i).padStart(2, '0')}`, name }))

  it('follows the Turkish alphabet, whatever the case', () => {
    const names = ['Zeynep', 'Şule', 'Sena', 'Ömer', 'Oya', 'İpek', 'ılgaz', 'Ilgın', 'Çağla', 'Cem', 'ayşe', 'Ümit', 'Uğur', 'Göksu', 'Gül']
    expect(sortCustomersByName(named(names)).map((c) => c.name)).toEqual([
      'ayşe', 'Cem', 'Çağla', 'Göksu', 'Gül', 'ılgaz', 'Ilgın', 'İpek', 'Oya', 'Ömer', 'Sena', 'Şule', 'Uğur', 'Ümit', 'Zeynep',
    ])
  })

  it('orders numbers inside names by value', () => {
    expect(sortCustomersByName(named(['Müşteri 10', 'Müşteri 2', 'Müşteri 1'])).map((c) => c.name)).toEqual(['Müşteri 1', 'Müşteri 2', 'Müşteri 10'])
  })

  it('breaks ties by id, leaves the input alone, and is a total order', () => {
    const input = [
      { id: 'b', name: 'Ali' },
      { id: 'a', name: 'Ali' },
    ]
    expect(sortCustomersByName(input).map((c) => c.id)).toEqual(['a', 'b'])
    expect(input.map((c) => c.id)).toEqual(['b', 'a'])
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.uuid(), name: fc.string() }), { maxLength: 30 }), (customers) => {
        const sorted = sortCustomersByName(customers)
        expect(sorted).toHaveLength(customers.length)
        for (let i = 1; i < sorted.length; i++) expect(compareCustomersByName(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0)
        expect(sortCustomersByName([...customers].reverse()).map((c) => c.id)).toEqual(sorted.map((c) => c.id))
      }),
    )
  })
})
