// Messages between the import worker and the page, and the worker's handler
// (kept apart from the worker entry so it can run in tests and in the
// main-thread fallback alike).
import { EXCEL_IMPORT_LIMITS } from '../../../../domain/products/excel.ts'
import { ExcelImportError, toExcelImportError, type ExcelImportErrorCode } from './errors.ts'
import { parseWorkbook, type ExcelParseResult } from './parse-workbook.ts'

/** The page posts the chosen file itself: cloning a File is cheap and leaves it readable for a fallback. */
export type ExcelWorkerRequest = { file: Blob }

export type ExcelWorkerResponse =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: ExcelParseResult }
  | { type: 'failed'; code: ExcelImportErrorCode }

/** Reads the file's bytes; a failure is the spec's "file could not be read", not an unreadable workbook. */
export async function readFileBytes(file: Blob): Promise<ArrayBuffer> {
  try {
    return await file.arrayBuffer()
  } catch (error) {
    throw new ExcelImportError('file_read_failed', { cause: error })
  }
}

export async function handleWorkerRequest(request: ExcelWorkerRequest, post: (response: ExcelWorkerResponse) => void): Promise<void> {
  try {
    // Checked again on this side, before reading: the worker takes any Blob posted to it.
    if (request.file.size > EXCEL_IMPORT_LIMITS.maxFileBytes) throw new ExcelImportError('file_too_large')
    const bytes = await readFileBytes(request.file)
    const result = await parseWorkbook(bytes, (fraction) => post({ type: 'progress', fraction }))
    post({ type: 'done', result })
  } catch (error) {
    const failure = toExcelImportError(error)
    if (failure.code === 'processing_failed') console.error('Excel import failed', error)
    post({ type: 'failed', code: failure.code })
  }
}
