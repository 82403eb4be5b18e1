import { randomBytes } from 'node:crypto'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { ExcelImportError } from './errors.ts'
import { parseInWorker, type WorkerLike } from './parse-in-worker.ts'
import { handleWorkerRequest, type ExcelWorkerRequest } from './worker-protocol.ts'

function excelFile(rows: unknown[][], name = 'urunler.xlsx'): File {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Ürünler')
  return new File([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], name)
}

const FILE = excelFile([
  ['name', 'description', 'price', 'currency', 'stock', 'product_link'],
  ['Kupa', 'Seramik', 80, 'TRY', 5, ''],
  ['', '', 1, 'USD', 1, ''],
])

/** A stand-in for the module worker that runs the real handler in-process, as the worker entry does. */
class FakeWorker extends EventTarget implements WorkerLike {
  terminated = false
  posted: ExcelWorkerRequest[] = []
  constructor(private readonly behaviour: 'work' | 'fail-to-start' | 'crash-after-progress' = 'work') {
    super()
  }
  postMessage(message: ExcelWorkerRequest): void {
    this.posted.push(message)
    setTimeout(() => {
      if (this.terminated) return
      if (this.behaviour === 'fail-to-start') return void this.dispatchEvent(new Event('error', { cancelable: true }))
      if (this.behaviour === 'crash-after-progress') {
        this.dispatchEvent(new MessageEvent('message', { data: { type: 'progress', fraction: 0.1 } }))
        return void this.dispatchEvent(new Event('error', { cancelable: true }))
      }
      void handleWorkerRequest(message, (data) => {
        if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data }))
      })
    }, 0)
  }
  terminate(): void {
    this.terminated = true
  }
}

async function failure(promise: Promise<unknown>): Promise<ExcelImportError> {
  const error = await promise.then(() => { throw new Error('expected a failure') }, (e: unknown) => e)
  expect(error).toBeInstanceOf(ExcelImportError)
  return error as ExcelImportError
}

describe('parseInWorker', () => {
  it('refuses a file that is not .xlsx or .xls before reading it', async () => {
    const error = await failure(parseInWorker(new File(['a,b'], 'urunler.csv'), undefined, { createWorker: () => new FakeWorker() }))
    expect(error.code).toBe('invalid_file_type')
  })

  it('parses in the worker, forwarding progress, and ends the worker', async () => {
    const worker = new FakeWorker()
    const fractions: number[] = []
    const result = await parseInWorker(FILE, (f) => fractions.push(f), { createWorker: () => worker })
    expect(worker.posted).toEqual([{ file: FILE }])
    expect(worker.terminated).toBe(true)
    expect(result.products).toEqual([{ name: 'Kupa', description: 'Seramik', price: 80, currency: 'TRY', stock: 5 }])
    expect(result.errors).toEqual([{ row: 3, field: 'name', code: 'name_required' }])
    expect(result.totalRows).toBe(2)
    expect(fractions[0]).toBe(0)
    expect(fractions.at(-1)).toBe(1)
  })

  it('works on the main thread where there are no workers', async () => {
    expect(typeof Worker).toBe('undefined')
    const fractions: number[] = []
    const result = await parseInWorker(FILE, (f) => fractions.push(f))
    expect(result.products).toHaveLength(1)
    expect(fractions.at(-1)).toBe(1)
  })

  it('falls back to the main thread when the worker cannot start', async () => {
    const worker = new FakeWorker('fail-to-start')
    const result = await parseInWorker(FILE, undefined, { createWorker: () => worker })
    expect(result.products).toHaveLength(1)
    expect(worker.terminated).toBe(true)
    const thrown = await parseInWorker(FILE, undefined, { createWorker: () => { throw new Error('blocked') } })
    expect(thrown.products).toHaveLength(1)
  })

  it('reports a worker that dies mid-way as a processing failure', async () => {
    const error = await failure(parseInWorker(FILE, undefined, { createWorker: () => new FakeWorker('crash-after-progress') }))
    expect(error.code).toBe('processing_failed')
  })

  it('passes the unreadable-workbook error through from the worker', async () => {
    const corrupt = new File([randomBytes(2048)], 'bozuk.xlsx')
    const error = await failure(parseInWorker(corrupt, undefined, { createWorker: () => new FakeWorker() }))
    expect(error.code).toBe('unreadable_workbook')
  })

  it('reports a file that cannot be read', async () => {
    const unreadable = Object.assign(new Blob(['x']), { name: 'urunler.xlsx', arrayBuffer: () => Promise.reject(new Error('NotReadableError')) })
    const error = await failure(parseInWorker(unreadable, undefined, { createWorker: null }))
    expect(error.code).toBe('file_read_failed')
  })

  it('stops and ends the worker when cancelled', async () => {
    const worker = new FakeWorker()
    const controller = new AbortController()
    const pending = parseInWorker(FILE, undefined, { createWorker: () => worker, signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(worker.terminated).toBe(true)
    await expect(parseInWorker(FILE, undefined, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('refuses a file over the size limit on either side of the worker, without reading it', async () => {
    const big = { name: 'buyuk.xlsx', size: 10 * 1024 * 1024 + 1, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as File
    const error = await failure(parseInWorker(big, undefined, { createWorker: () => new FakeWorker() }))
    expect(error.code).toBe('file_too_large')
    const posted: unknown[] = []
    await handleWorkerRequest({ file: big }, (response) => posted.push(response))
    expect(posted).toEqual([{ type: 'failed', code: 'file_too_large' }])
  })
})
