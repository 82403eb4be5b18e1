// What the products screen says, as Lingui descriptors keyed by the codes the
// domain and the import return. The spec's Turkish messages are the Turkish
// catalogue's wording of these; English gets the same meaning.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { EXCEL_MESSAGES, type ExcelColumn, type ProductFormError } from '../../../domain/products.ts'
import type { ExcelImportErrorCode } from './excel/errors.ts'

export const FORM_ERRORS: Record<ProductFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  not_a_number: msg`Enter a number`,
  negative: msg`Must be 0 or more`,
  too_many_decimals: msg`Use at most two decimals`,
  not_an_integer: msg`Enter a whole number`,
  too_large: msg`This number is too large`,
  unknown_currency: msg`Choose a currency from the list`,
  invalid_url: msg`Enter a full web address starting with http:// or https://`,
}

const ROW_MESSAGES: Record<string, MessageDescriptor> = {
  [EXCEL_MESSAGES.nameRequired]: msg`Product name cannot be empty`,
  [EXCEL_MESSAGES.priceRequired]: msg`Price cannot be empty`,
  [EXCEL_MESSAGES.priceInvalid]: msg`Enter a valid price (a number of 0 or more)`,
  [EXCEL_MESSAGES.stockRequired]: msg`Stock cannot be empty`,
  [EXCEL_MESSAGES.stockInvalid]: msg`Enter a valid stock quantity (a whole number of 0 or more)`,
  [EXCEL_MESSAGES.currencyInvalid]: msg`Invalid currency. Valid currencies: USD, EUR, GBP, TRY, JPY, CAD, AUD, CHF`,
}

/** A row error from the import in the interface language; an unknown text is shown as given. */
export function rowErrorMessage(i18n: I18n, message: string): string {
  const descriptor = ROW_MESSAGES[message]
  return descriptor ? i18n._(descriptor) : message
}

export const COLUMN_LABELS: Record<ExcelColumn, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  price: msg`Price`,
  currency: msg`Currency`,
  stock: msg`Stock`,
  product_link: msg`Product link`,
}

export const IMPORT_ERRORS: Record<ExcelImportErrorCode, MessageDescriptor> = {
  invalid_file_type: msg`Please select a valid Excel file (.xlsx or .xls)`,
  file_read_failed: msg`Could not read the file.`,
  unreadable_workbook: msg`Could not read the Excel file. Please choose a valid Excel file.`,
  processing_failed: msg`Error occurred while processing Excel file`,
}
