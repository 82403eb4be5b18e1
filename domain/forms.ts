// What every form's rules share: how a text is measured and judged, how a
// form's errors are gathered from its fields, how a blank field is stored,
// and the error a form's fields-from-values function throws when the values
// do not validate (each form has its own class, so a caller can tell them
// apart).
import { isHttpUrl } from './products/links.ts'

/** Characters as Postgres's char_length counts them (code points), not UTF-16 units: how every length limit is measured. */
export function textLength(value: string): number {
  return [...value].length
}

/** The codes of the text checks below, in every form that has a required or bounded text. */
export const TEXT_ERRORS = ['required', 'too_long'] as const
export type TextError = (typeof TEXT_ERRORS)[number]

/** A field left blank (or only spaces) that must be filled in. */
export function requiredError(value: string): 'required' | undefined {
  return value.trim() === '' ? 'required' : undefined
}

/** A text longer than `max` characters once trimmed, counted as the database counts. */
export function lengthError(value: string, max: number): 'too_long' | undefined {
  return textLength(value.trim()) > max ? 'too_long' : undefined
}

/** An optional address that, when typed, is not an http(s) URL a customer can open. */
export function urlError(value: string): 'invalid_url' | undefined {
  const url = value.trim()
  return url !== '' && !isHttpUrl(url) ? 'invalid_url' : undefined
}

/**
 * A form's errors from what each field was judged: field → code, the fields
 * that passed (undefined) left out, so `{}` is a form that can be saved.
 */
export function fieldErrors<E extends object>(judged: { [F in keyof E]?: E[F] | undefined }): E {
  return Object.fromEntries(Object.entries(judged).filter(([, code]) => code !== undefined)) as E
}

type NestedErrors<P extends string, E extends object> = { [F in keyof E & string as `${P}.${F}`]?: E[F] }

/** A part of a form judged on its own, its errors under the part's path (`newCustomer.phone_number`). */
export function nestedErrors<P extends string, E extends object>(path: P, errors: E): NestedErrors<P, E> {
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [`${path}.${field}`, code])) as NestedErrors<P, E>
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0
}

/** Text trimmed; blank as null, for a nullable column. */
export const blankToNull = (value: string): string | null => {
  const text = value.trim()
  return text === '' ? null : text
}

/** A form whose values did not validate: each failing field with its error code. */
export class InvalidFormError<E extends object> extends Error {
  constructor(
    readonly errors: E,
    what: string,
  ) {
    super(`invalid ${what}: ${Object.keys(errors).join(', ')}`)
  }
}

/** The error class of one form, named for it ("InvalidCustomerFormError"). */
export function formErrorClass<E extends object>(name: string, what: string) {
  return class extends InvalidFormError<E> {
    constructor(errors: E) {
      super(errors, what)
      this.name = name
    }
  }
}

/** How a fields-from-values function refuses values that do not validate: throws the form's class with what was wrong. */
export function assertValid<E extends object>(errors: E, Invalid: new (errors: E) => InvalidFormError<E>): void {
  if (hasErrors(errors)) throw new Invalid(errors)
}
