// The manual add and edit form: its values, its checks as codes, and the
// fields it saves.
import type { ProductRecord } from '../records.ts'
import { assertValid, fieldErrors, formErrorClass, requiredError, urlError } from '../forms.ts'
import { DEFAULT_PRODUCT_CURRENCY, isCurrencyCode } from './currency.ts'
import type { ProductFields } from './fields.ts'
import { decimalsOf, parseNumberInput, PRICE_MAX, roundToCents, STOCK_MAX } from './numbers.ts'

/**
 * The form as the screen holds it. Price and stock are the text as typed
 * (never rewritten by the input, so the checks below see what the owner
 * wrote); numbers are accepted too, for callers that hold numbers.
 */
export type ProductFormValues = {
  name: string
  description: string
  price: number | string
  currency: string
  stock: number | string
  product_link: string
}

export type ProductFormField = keyof ProductFormValues

export type ProductFormError =
  | 'required'
  | 'not_a_number'
  | 'negative'
  | 'too_many_decimals'
  | 'not_an_integer'
  | 'too_large'
  | 'unknown_currency'
  | 'invalid_url'

export type ProductFormErrors = Partial<Record<ProductFormField, ProductFormError>>

export function emptyProductForm(): ProductFormValues {
  return { name: '', description: '', price: '', currency: DEFAULT_PRODUCT_CURRENCY, stock: '', product_link: '' }
}

/** The form prefilled for editing a stored product, the price written with the given decimal mark. */
export function productToForm(product: ProductRecord, decimalMark: '.' | ',' = '.'): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    price: String(product.price).replace('.', decimalMark),
    currency: product.currency,
    stock: String(product.stock),
    product_link: product.product_link ?? '',
  }
}

function priceError(value: unknown): ProductFormError | undefined {
  const parsed = parseNumberInput(value)
  if (parsed.kind === 'blank') return 'required'
  if (parsed.kind === 'invalid') return 'not_a_number'
  if (parsed.value < 0) return 'negative'
  if (decimalsOf(parsed) > 2) return 'too_many_decimals'
  if (parsed.value > PRICE_MAX) return 'too_large'
  return undefined
}

function stockError(value: unknown): ProductFormError | undefined {
  const parsed = parseNumberInput(value)
  if (parsed.kind === 'blank') return 'required'
  if (parsed.kind === 'invalid') return 'not_a_number'
  if (parsed.value < 0) return 'negative'
  if (!Number.isInteger(parsed.value)) return 'not_an_integer'
  if (parsed.value > STOCK_MAX) return 'too_large'
  return undefined
}

/** Field → error code for every field that is wrong; `{}` when the form can be saved. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  return fieldErrors<ProductFormErrors>({
    name: requiredError(values.name),
    price: priceError(values.price),
    stock: stockError(values.stock),
    currency: isCurrencyCode(values.currency) ? undefined : 'unknown_currency',
    product_link: urlError(values.product_link),
  })
}

export const InvalidProductFormError = formErrorClass<ProductFormErrors>('InvalidProductFormError', 'product form')
export type InvalidProductFormError = InstanceType<typeof InvalidProductFormError>

function numberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim().replace(',', '.'))
}

/**
 * The fields to insert for a valid form: text trimmed, numbers parsed, and a
 * blank description or link left out (optional fields are absent, never
 * empty). Throws InvalidProductFormError when the form does not validate.
 */
export function productFieldsFromForm(values: ProductFormValues): ProductFields {
  assertValid(validateProductForm(values), InvalidProductFormError)
  const fields: ProductFields = {
    name: values.name.trim(),
    price: roundToCents(numberOf(values.price)),
    currency: values.currency,
    stock: numberOf(values.stock),
  }
  const description = values.description.trim()
  if (description !== '') fields.description = description
  const link = values.product_link.trim()
  if (link !== '') fields.product_link = link
  return fields
}

/**
 * The changes to apply when editing: like productFieldsFromForm, but a
 * description or link the person emptied is present as undefined, because an
 * update that merely omits a field keeps its old value.
 */
export function productChangesFromForm(values: ProductFormValues): ProductFields {
  const fields = productFieldsFromForm(values)
  return { description: undefined, product_link: undefined, ...fields }
}
