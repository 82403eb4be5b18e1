// What the upload dialog calls: checks the file name and size, then parses in a
// worker, or on the main thread where module workers are unavailable (or
// refuse to start). Importing this module loads neither SheetJS nor the
// worker; both come when a file is parsed.
import { excelFileProblem } from '../../../../domain/products/excel.ts'
import { ExcelImportError } from './errors.ts'
import type { ExcelParseResult, ProgressListener } from './parse-workbook.ts'
import { handleWorkerRequest, type ExcelWorkerRequest, type ExcelWorkerResponse } from './worker-protocol.ts'

/** The part of a Worker the import uses, so tests can substitute one. */
export type WorkerLike = {
  postMessage(message: ExcelWorkerRequest): void
  terminate(): void
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void
}

export type ParseInWorkerOptions = {
  /** Stops the parse (the dialog was closed); the promise rejects with the signal's reason. */
  signal?: AbortSignal
  /** How to start the worker; null forces the main thread. Defaults to the bundled import worker. */
  createWorker?: (() => WorkerLike) | null
}

function defaultWorker(): (() => WorkerLike) | null {
  if (typeof Worker === 'undefined') return null
  return () => new Worker(new URL('./excel.worker.ts', import.meta.url), { type: 'module', name: 'excel-import' }) as WorkerLike
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The Excel import was cancelled', 'AbortError')
}

/**
 * Parses an uploaded Excel file. Rejects with ExcelImportError for a wrong
 * file type or a file over the size limit (before reading it), a zip that
 * unpacks past its limit, a sheet over the row limit, a file that cannot be
 * read, an unreadable workbook or any other failure; row-level problems are
 * in the result's `errors`.
 */
export function parseInWorker(file: Blob & { name: string }, onProgress?: ProgressListener, options: ParseInWorkerOptions = {}): Promise<ExcelParseResult> {
  const problem = excelFileProblem(file)
  if (problem) return Promise.reject(new ExcelImportError(problem))
  const { signal } = options
  if (signal?.aborted) return Promise.reject(abortReason(signal))
  const createWorker = options.createWorker === undefined ? defaultWorker() : options.createWorker

  return new Promise<ExcelParseResult>((resolve, reject) => {
    let settled = false
    let worker: WorkerLike | null = null
    let highest = 0
    const progress = (fraction: number) => {
      if (settled || fraction < highest) return
      highest = fraction
      onProgress?.(fraction)
    }
    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      worker?.terminate()
      signal?.removeEventListener('abort', onAbort)
      outcome()
    }
    const onAbort = () => finish(() => reject(abortReason(signal!)))
    signal?.addEventListener('abort', onAbort)

    const onResponse = (response: ExcelWorkerResponse) => {
      if (response.type === 'progress') progress(response.fraction)
      else if (response.type === 'done') finish(() => resolve(response.result))
      else finish(() => reject(new ExcelImportError(response.code)))
    }

    const onMainThread = () => {
      worker?.terminate()
      worker = null
      void handleWorkerRequest({ file }, onResponse)
    }

    if (!createWorker) {
      onMainThread()
      return
    }
    try {
      worker = createWorker()
    } catch {
      onMainThread()
      return
    }
    let heard = false
    worker.addEventListener('message', (event) => {
      heard = true
      onResponse((event as MessageEvent<ExcelWorkerResponse>).data)
    })
    // A worker that fails before saying anything never started (no module
    // workers, a blocked script): do the work here instead. After it has
    // spoken, a failure is the import's.
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      if (!heard && !settled) onMainThread()
      else finish(() => reject(new ExcelImportError('processing_failed')))
    })
    worker.addEventListener('messageerror', () => finish(() => reject(new ExcelImportError('processing_failed'))))
    worker.postMessage({ file })
  })
}
