// Failures of an import as a whole (as opposed to the per-row errors that
// the import reports and skips). Each is a code: the screen words it in the
// interface language (messages.ts), so nothing here holds display text.

export type ExcelImportErrorCode =
  | 'invalid_file_type'
  | 'file_too_large'
  | 'too_many_rows'
  | 'unpacked_too_large'
  | 'file_read_failed'
  | 'unreadable_workbook'
  | 'processing_failed'

export class ExcelImportError extends Error {
  constructor(
    readonly code: ExcelImportErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`Excel import failed: ${code}`, options)
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
