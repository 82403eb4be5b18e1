// What every form's rules share: how a blank field is stored, and the error a
// form's fields-from-values function throws when the values do not validate
// (each form has its own class, so a caller can tell them apart).

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
