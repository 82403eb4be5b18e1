// What the products screen says, as Lingui descriptors keyed by the codes the
// domain and the import return. The spec's Turkish messages are the Turkish
// catalogue's wording of these; English gets the same meaning.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CURRENCY_CODES } from '../../../domain/products/currency.ts'
import { EXCEL_IMPORT_LIMITS, megabytes, type ExcelColumn, type ExcelRowErrorCode } from '../../../domain/products/excel.ts'
import type { ProductFormError } from '../../../domain/products/form.ts'
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

// The Turkish catalogue holds the spec's own wording of each.
const currencies = CURRENCY_CODES.join(', ')

export const ROW_ERRORS: Record<ExcelRowErrorCode, MessageDescriptor> = {
  name_required: msg`Product name cannot be empty`,
  price_required: msg`Price cannot be empty`,
  price_invalid: msg`Enter a valid price (a number of 0 or more)`,
  stock_required: msg`Stock cannot be empty`,
  stock_invalid: msg`Enter a valid stock quantity (a whole number of 0 or more)`,
  currency_invalid: msg`Invalid currency. Valid currencies: ${currencies}`,
}

/** A row error of the import in the interface language. */
export function rowErrorMessage(i18n: I18n, code: ExcelRowErrorCode): string {
  return i18n._(ROW_ERRORS[code])
}

export const COLUMN_LABELS: Record<ExcelColumn, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  price: msg`Price`,
  currency: msg`Currency`,
  stock: msg`Stock`,
  product_link: msg`Product link`,
}

// The limits are named in the messages that refuse a file, so the owner knows what would pass.
const maxFileMb = megabytes(EXCEL_IMPORT_LIMITS.maxFileBytes)
const maxRows = EXCEL_IMPORT_LIMITS.maxRows
const maxUnpackedMb = megabytes(EXCEL_IMPORT_LIMITS.maxUnpackedBytes)

export const IMPORT_ERRORS: Record<ExcelImportErrorCode, MessageDescriptor> = {
  invalid_file_type: msg`Please select a valid Excel file (.xlsx or .xls)`,
  file_too_large: msg`The file is too large: at most ${maxFileMb} MB can be uploaded.`,
  too_many_rows: msg`The sheet has too many rows: at most ${maxRows} rows under the header.`,
  unpacked_too_large: msg`The file's contents are too large: at most ${maxUnpackedMb} MB once unpacked.`,
  file_read_failed: msg`Could not read the file.`,
  unreadable_workbook: msg`Could not read the Excel file. Please choose a valid Excel file.`,
  processing_failed: msg`Error occurred while processing Excel file`,
}

/** An import failure in the interface language, its numbers written the locale's way ("10.000" in Turkish). */
export function importErrorMessage(i18n: I18n, code: ExcelImportErrorCode): string {
  const descriptor = IMPORT_ERRORS[code]
  // Built apart from the call: the extractor reads an object literal inside i18n._() as a message of its own.
  const localized: MessageDescriptor = { ...descriptor, values: { ...descriptor.values, maxRows: i18n.number(maxRows) } }
  return i18n._(localized)
}
