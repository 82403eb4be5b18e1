// Forms on @mantine/form whose rules are the domain's. A domain validator
// (domain/*.ts) answers field path → error code; this hook hands it to
// useForm as its `validate`, keeps the codes as the form's errors and
// translates them where an input shows them, so a message follows the
// interface language and code that reads `form.errors` sees codes, as
// everywhere errors cross a layer.
//
// What the hook adds to useForm:
// - Nothing is judged while the owner first fills the form; after the first
//   submit every change validates the whole form again, so a fixed field
//   clears at once and a field made wrong says so at once.
// - A submit that finds errors focuses the first wrong field on the page.
// - A submit while the previous one is still saving is ignored (Enter pressed
//   twice does not save twice).
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react'
import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'

/** A domain validator's answer: an error code per wrong field (Mantine paths: `name`, `customer.phone`), nothing for a valid one. */
export type DomainErrors<Code extends string> = { readonly [path: string]: Code | undefined }

export type DomainFormInput<Values, Code extends string> = Omit<UseFormInput<Values>, 'validate' | 'enhanceGetInputProps' | 'initialValues'> & {
  initialValues: Values
  /** The domain's rules, e.g. `validateCustomerForm`; read afresh on every render, so it may close over a step or a list. */
  validate: (values: Values) => DomainErrors<Code>
  /** What each code says, as Lingui descriptors (the feature's messages.ts). */
  messages: Readonly<Record<Code, MessageDescriptor>>
}

export type DomainForm<Values> = {
  /** Mantine's form: spread `form.getInputProps(path)` on each input (its `error` comes translated). */
  form: UseFormReturnType<Values>
  /**
   * The form element's onSubmit: validates, then runs `save` with the values,
   * or focuses the first wrong field and calls `onInvalid`. While the promise
   * `save` returns is pending, `form.submitting` is true.
   */
  onSubmit: (
    save: (values: Values) => void | Promise<unknown>,
    onInvalid?: (errors: FormErrors, values: Values) => void,
  ) => (event?: SyntheticEvent<HTMLFormElement>) => void
  /** True once a submit has been tried; from then on, changes are validated as they are made. */
  attempted: boolean
  /** Back to judging on submit only, e.g. when a wizard moves to a step the owner has not seen. */
  resetAttempt: () => void
  /** A field's error in words, for showing it somewhere other than its input. */
  errorText: (path: string) => ReactNode
}

export function useDomainForm<Values extends Record<string, unknown>, Code extends string>(input: DomainFormInput<Values, Code>): DomainForm<Values> {
  const { i18n } = useLingui()
  const { validate, messages, ...options } = input
  const [attempted, setAttempted] = useState(false)
  // Inputs carry data-path="<name>-<path>": a name of its own keeps the
  // first-error lookup inside this form. useForm takes letters, digits and dashes only.
  const name = `form-${useId().replace(/[^A-Za-z0-9-]/g, '')}`
  const form = useForm<Values>({
    name,
    ...options,
    validate: (values) => validate(values) as FormErrors,
    enhanceGetInputProps: ({ inputProps, options: { withError }, form: current }) => {
      // inputProps is the object these props are assigned onto: keep its own onChange.
      const change = inputProps.onChange as (...args: unknown[]) => void
      return {
        ...(withError === false ? {} : { error: errorMessage(i18n, messages, inputProps.error) }),
        // The whole form, not the one field: useForm clears the field's error as
        // its value changes, and only a replacement of every error is sure to
        // land after that clearing rather than be skipped as unchanged.
        ...(attempted
          ? {
              onChange: (...args: unknown[]) => {
                change(...args)
                void current.validate()
              },
            }
          : {}),
      }
    },
  })

  return {
    form,
    onSubmit: (save, onInvalid) => (event) => {
      if (form.submitting) {
        event?.preventDefault()
        return
      }
      setAttempted(true)
      form.onSubmit(save, (errors, values) => {
        focusFirst(Object.keys(errors).map((path) => form.getInputNode(path)))
        onInvalid?.(errors, values)
      })(event)
    },
    attempted,
    resetAttempt: () => setAttempted(false),
    errorText: (path) => errorMessage(i18n, messages, form.errors[path]),
  }
}

/** A code in the interface language; anything else (a message set by hand) as it is. */
export function errorMessage<Code extends string>(i18n: Pick<I18n, '_'>, messages: Readonly<Record<Code, MessageDescriptor>>, error: ReactNode): ReactNode {
  if (typeof error === 'string' && Object.hasOwn(messages, error)) return i18n._(messages[error as Code])
  return error === '' || error === false || error === null ? undefined : error
}

/** Focuses whichever of the nodes comes first in the document. */
export function focusFirst(nodes: readonly (HTMLElement | null)[]): void {
  let first: HTMLElement | null = null
  for (const node of nodes) {
    if (node && (!first || first.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING)) first = node
  }
  first?.focus()
}
