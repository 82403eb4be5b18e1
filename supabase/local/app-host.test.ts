// The app host against a build laid out like `npm run build`'s: precompressed
// siblings chosen by Accept-Encoding, the prerendered `/` and the shell for
// client-side routes.
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createAppHost } from './app-host.ts'

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})\n`
const INDEX = '<!doctype html><div id="root"><h1>prerendered</h1></div>'
const SHELL = '<!doctype html><div id="root"></div>'

function writeWithSiblings(file: string, body: string) {
  writeFileSync(file, body)
  writeFileSync(`${file}.br`, brotliCompressSync(body))
  writeFileSync(`${file}.gz`, gzipSync(body))
}

describe('app host', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'app-host-'))
  mkdirSync(path.join(dist, 'assets'))
  writeWithSiblings(path.join(dist, 'assets', 'app.js'), SCRIPT)
  writeWithSiblings(path.join(dist, 'index.html'), INDEX)
  writeWithSiblings(path.join(dist, 'shell.html'), SHELL)
  // No siblings: served as it is.
  writeFileSync(path.join(dist, 'assets', 'plain.css'), 'body{margin:0}')
  const app = createAppHost({ distDir: dist, port: 0, host: '127.0.0.1', apiPort: 54321, anonKey: 'anon' })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const get = (url: string, acceptEncoding?: string) =>
    app.request(url, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } })

  it('sends the brotli file to a browser that accepts it, with the type of the original', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT)
  })

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/app.js', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT)

    const identity = await get('/assets/app.js')
    expect(identity.headers.get('content-encoding')).toBeNull()
    // Caches must still keep the encodings apart.
    expect(identity.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(await identity.text()).toBe(SCRIPT)
  })

  it('sends a file without compressed siblings as it is', async () => {
    const res = await get('/assets/plain.css', 'gzip, br')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe('body{margin:0}')
  })

  it('answers / with the prerendered page and client-side routes with the shell, compressed and revalidated', async () => {
    for (const [url, body] of [['/', INDEX], ['/index.html', INDEX], ['/dashboard/products', SHELL], ['/auth', SHELL]] as const) {
      const res = await get(url, 'gzip, deflate, br')
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/)
      expect(res.headers.get('content-encoding'), url).toBe('br')
      expect(res.headers.get('vary'), url).toMatch(/accept-encoding/i)
      expect(res.headers.get('cache-control'), url).toBe('no-cache')
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), url).toBe(body)
    }
  })

  it('falls back to index.html for client-side routes when the build has no shell', async () => {
    const old = mkdtempSync(path.join(tmpdir(), 'app-host-old-'))
    try {
      writeFileSync(path.join(old, 'index.html'), SHELL)
      const host = createAppHost({ distDir: old, port: 0, host: '127.0.0.1', apiPort: 54321, anonKey: 'anon' })
      const res = await host.request('/dashboard')
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(SHELL)
    } finally {
      rmSync(old, { recursive: true, force: true })
    }
  })
})
