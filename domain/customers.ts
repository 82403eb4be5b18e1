// Customer rules shared by the customers screen, the appointment wizard and
// anything that texts a customer: one stored phone format (E.164), its
// display, the form's checks (as codes), search and the summary counts.
import { formatPhone, isPhoneText, isValidPhone, normalizePhone, phoneDigitKeys } from './phone.ts'
import { foldForSearch } from './products/search.ts'
import { changedFields, type CustomerRecord } from './records.ts'
import { assertValid, blankToNull, fieldErrors, formErrorClass, requiredError } from './forms.ts'

// ---------------------------------------------------------------------------
// Phone numbers: domain/phone.ts reads and writes them; re-exported for the
// screens that format a customer's number.

export { DEFAULT_PHONE_COUNTRY, E164_PATTERN, formatPhone, isE164, isValidPhone, normalizePhone } from './phone.ts'

// ---------------------------------------------------------------------------
// E-mail

/**
 * The HTML standard's "valid e-mail address", the check an <input
 * type="email"> applies, so the form agrees with what the browser would say.
 * It accepts a host without a dot (user@localhost), as browsers do.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

// ---------------------------------------------------------------------------
// Customer form

export type CustomerFormValues = {
  name: string
  phone_number: string
  email: string
  notes: string
}

export type CustomerFormField = keyof CustomerFormValues

export type CustomerFormError = 'required' | 'invalid_phone' | 'invalid_email'

export type CustomerFormErrors = Partial<Record<CustomerFormField, CustomerFormError>>

/** The columns written for a customer, as the data API takes them: blank optional fields are null. */
export type CustomerPayload = {
  name: string
  /** E.164 */
  phone_number: string
  email: string | null
  notes: string | null
}

export function emptyCustomerForm(): CustomerFormValues {
  return { name: '', phone_number: '', email: '', notes: '' }
}

/** The form prefilled for editing; the number in the form people read, which normalizes back to the stored one. */
export function customerToForm(customer: Pick<CustomerRecord, 'name' | 'phone_number' | 'email' | 'notes'>): CustomerFormValues {
  return {
    name: customer.name,
    phone_number: customer.phone_number ? formatPhone(customer.phone_number) : '',
    email: customer.email ?? '',
    notes: customer.notes ?? '',
  }
}

/** The phone field's error, if any; shared with the appointment wizard's new-customer step. */
export function phoneError(value: string): CustomerFormError | undefined {
  if (value.trim() === '') return 'required'
  return isValidPhone(value) ? undefined : 'invalid_phone'
}

/** The optional e-mail field's error, if any. */
export function emailError(value: string): CustomerFormError | undefined {
  const email = value.trim()
  return email === '' || isValidEmail(email) ? undefined : 'invalid_email'
}

/** Field → error code for every field that is wrong; `{}` when the form can be saved. */
export function validateCustomerForm(values: CustomerFormValues): CustomerFormErrors {
  return fieldErrors<CustomerFormErrors>({
    name: requiredError(values.name),
    phone_number: phoneError(values.phone_number),
    email: emailError(values.email),
  })
}

export const InvalidCustomerFormError = formErrorClass<CustomerFormErrors>('InvalidCustomerFormError', 'customer form')
export type InvalidCustomerFormError = InstanceType<typeof InvalidCustomerFormError>

/**
 * What to insert or update for a valid form: text trimmed, the number in
 * E.164, a blank e-mail or notes as null. Throws InvalidCustomerFormError
 * when the form does not validate.
 */
export function customerPayloadFromForm(values: CustomerFormValues): CustomerPayload {
  assertValid(validateCustomerForm(values), InvalidCustomerFormError)
  return {
    name: values.name.trim(),
    phone_number: normalizePhone(values.phone_number)!,
    email: blankToNull(values.email),
    notes: blankToNull(values.notes),
  }
}

/**
 * The changes an edit form makes to the customer it opened with: only the
 * fields whose stored value (trimmed, the number in E.164, blank as null)
 * differs from the form's starting values. With sync, the customer may have
 * changed on another device while the form was open; a field the owner did
 * not touch must not put the form's older value back. Throws
 * InvalidCustomerFormError when `edited` is not valid.
 */
export function changedCustomerFields(initial: CustomerFormValues, edited: CustomerFormValues): Partial<CustomerPayload> {
  const after = customerPayloadFromForm(edited)
  const before: CustomerPayload = {
    name: initial.name.trim(),
    // A stored number this version cannot read stays as it was typed, so it differs from any valid one.
    phone_number: normalizePhone(initial.phone_number) ?? initial.phone_number,
    email: blankToNull(initial.email),
    notes: blankToNull(initial.notes),
  }
  return changedFields(before, after)
}

// ---------------------------------------------------------------------------
// Search

type Searchable = { name: string; phone_number?: string | null; email?: string | null }

export type CustomerSearchIndex<T> = {
  /** Customers matching the query (see createCustomerSearchIndex); a blank query returns them as given. */
  filter(query: string): readonly T[]
}

// Cannot be typed into a search box, so a query never matches across two fields.
const FIELD_SEPARATOR = '\u0000'

const digitsOf = (text: string) => text.replace(/\D/g, '')

/**
 * A search over the customer list, folding each customer's text once.
 * Case-insensitive with Turkish folding (İ/I/ı/i, as the product search);
 * a customer matches when the query is part of the name, the phone number as
 * stored, or the e-mail. A query made only of phone characters is also
 * compared digits-only with the number's international and national digits.
 * Build a new index when the list changes.
 */
export function createCustomerSearchIndex<T extends Searchable>(customers: readonly T[]): CustomerSearchIndex<T> {
  const textKeys = customers.map((c) => foldForSearch([c.name, c.phone_number ?? '', c.email ?? ''].join(FIELD_SEPARATOR)))
  let digitKeys: string[] | undefined
  return {
    filter(query) {
      const trimmed = query.trim()
      const folded = foldForSearch(trimmed)
      if (folded === '') return customers
      // A query made of phone characters with at least one digit.
      const digits = isPhoneText(trimmed) ? digitsOf(trimmed) : ''
      if (digits !== '') digitKeys ??= customers.map((c) => (c.phone_number ? phoneDigitKeys(c.phone_number.trim()).join(FIELD_SEPARATOR) : ''))
      return customers.filter((_, i) => textKeys[i]!.includes(folded) || (digits !== '' && digitKeys![i]!.includes(digits)))
    },
  }
}

/** One-off search without an index. */
export function searchCustomers<T extends Searchable>(customers: readonly T[], query: string): readonly T[] {
  return createCustomerSearchIndex(customers).filter(query)
}

// ---------------------------------------------------------------------------
// Summary

export type CustomerSummary = { total: number; withPhone: number; withEmail: number }

/** The three cards above the list. Blank text counts as missing. */
export function summarizeCustomers(customers: ReadonlyArray<Pick<Searchable, 'phone_number' | 'email'>>): CustomerSummary {
  let withPhone = 0
  let withEmail = 0
  for (const c of customers) {
    if (c.phone_number?.trim()) withPhone += 1
    if (c.email?.trim()) withEmail += 1
  }
  return { total: customers.length, withPhone, withEmail }
}

/**
 * The payload as the fields of a device record, where an optional column is
 * an absent key rather than null. Both keys are always present (possibly
 * undefined), so the same object clears an emptied e-mail or notes when it
 * is used as an update.
 */
export function customerFieldsFromPayload(payload: CustomerPayload): Omit<CustomerRecord, 'id' | 'created_at'> {
  return { name: payload.name, phone_number: payload.phone_number, email: payload.email ?? undefined, notes: payload.notes ?? undefined }
}

/**
 * Some fields of a payload (changedCustomerFields) as an update of a device
 * record: a field that is not there is left alone, a null one is cleared.
 */
export function customerChangesFromPayload(changes: Partial<CustomerPayload>): Partial<Omit<CustomerRecord, 'id' | 'created_at'>> {
  const out: Partial<Omit<CustomerRecord, 'id' | 'created_at'>> = {}
  for (const [key, value] of Object.entries(changes) as Array<[keyof CustomerPayload, string | null]>) out[key] = value ?? undefined
  return out
}

// ---------------------------------------------------------------------------
// Order

// Turkish collation puts Ç after C, İ after I and ı before i, which code point
// order does not; numeric ordering keeps "Müşteri 2" before "Müşteri 10".
const NAME_ORDER = new Intl.Collator('tr', { numeric: true })

/** Name order for a Turkish reader; ties broken by id so equal names keep one order on every render. */
export function compareCustomersByName(a: { id: string; name: string }, b: { id: string; name: string }): number {
  return NAME_ORDER.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** A sorted copy; the input is left as it was. */
export function sortCustomersByName<T extends { id: string; name: string }>(customers: readonly T[]): T[] {
  return [...customers].sort(compareCustomersByName)
}
