// Failures of an import as a whole (as opposed to the per-row errors that
// the import reports and skips). Each carries a code for the screen to branch
// on and the spec's message, which the screen shows as is.
import { EXCEL_MESSAGES } from '../../../../domain/products/excel.ts'

export type ExcelImportErrorCode =
  | 'invalid_file_type'
  | 'file_too_large'
  | 'too_many_rows'
  | 'unpacked_too_large'
  | 'file_read_failed'
  | 'unreadable_workbook'
  | 'processing_failed'

const MESSAGES: Record<ExcelImportErrorCode, string> = {
  invalid_file_type: EXCEL_MESSAGES.invalidFileType,
  file_too_large: EXCEL_MESSAGES.fileTooLarge,
  too_many_rows: EXCEL_MESSAGES.tooManyRows,
  unpacked_too_large: EXCEL_MESSAGES.unpackedTooLarge,
  file_read_failed: EXCEL_MESSAGES.fileReadFailed,
  unreadable_workbook: EXCEL_MESSAGES.unreadableWorkbook,
  processing_failed: EXCEL_MESSAGES.processingFailed,
}

export class ExcelImportError extends Error {
  constructor(
    readonly code: ExcelImportErrorCode,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[code], options)
    this.name = 'ExcelImportError'
  }
}

export function isExcelImportError(error: unknown): error is ExcelImportError {
  return error instanceof ExcelImportError
}

/** Any failure as an import error: our own pass through, anything else is a processing failure. */
export function toExcelImportError(error: unknown): ExcelImportError {
  return error instanceof ExcelImportError ? error : new ExcelImportError('processing_failed', { cause: error })
}
