// The chat widget script runs on owners' pages, next to their own code, on
// their visitors' phones: it must stay small (≤ 15 KB gzipped), be a classic
// script that leaks nothing, carry no app code (React, Mantine), and be left
// out of the app's service-worker precache, since the app never runs it.
// Reads dist/ as the e2e global setup built it.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { WIDGET_SCRIPT_PATH } from '../../domain/chatbot.ts'
import { ROOT } from '../support/cli-process.ts'

const DIST = path.join(ROOT, 'dist')
const FILE = path.join(DIST, WIDGET_SCRIPT_PATH)
const WIDGET_GZIP_BUDGET = 15 * 1024

describe('the widget script in the build', () => {
  const script = () => readFileSync(FILE)

  it(`is at most ${WIDGET_GZIP_BUDGET / 1024} KB gzipped`, () => {
    const size = gzipSync(script(), { level: 9 }).length
    expect(size).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET)
  })

  it('has its precompressed copies beside it, as every file does, each the same script', () => {
    for (const ext of ['.gz', '.br']) expect(existsSync(FILE + ext), ext).toBe(true)
    expect(gunzipSync(readFileSync(`${FILE}.gz`)).equals(script())).toBe(true)
    expect(brotliDecompressSync(readFileSync(`${FILE}.br`)).equals(script())).toBe(true)
  })

  it('is one classic script (an IIFE): no imports, no chunks of the app', () => {
    const text = script().toString('utf8')
    expect(text.startsWith('(function(')).toBe(true)
    // Static imports, dynamic imports (a chunk fetched later) or the app's hashed files.
    expect(text).not.toMatch(/(?:^|[;}])\s*import\s*[{*"'\w]|\bimport\(|\/assets\//)
  })

  it('carries neither React nor Mantine nor development-only code', () => {
    const text = script().toString('utf8')
    for (const mark of ['react.element', 'react.transitional.element', '__reactFiber', 'mantine', 'process.env']) {
      expect(text, mark).not.toContain(mark)
    }
  })

  it('is not precached by the app\'s service worker', () => {
    expect(readFileSync(path.join(DIST, 'sw.js'), 'utf8')).not.toContain('chatbot-widget')
  })
})
