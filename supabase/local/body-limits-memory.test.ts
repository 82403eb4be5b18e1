// What a huge body costs the stack: a 200 MB chunked POST to a public
// function, sent to `npm run stack` in a process of its own so that its
// memory is its own to read. Before the limits, the runner buffered the whole
// body (resident memory from 434 MB to 1.18 GB) before anyone looked at it.
// The refusal does not touch the database: one backend is enough.
import { readFile, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, runCli, type CliRun } from '../../tests/support/cli-process.ts'
import { streamUntilAnswered } from '../../tests/support/raw-http.ts'

const MiB = 1024 * 1024

/** A field of /proc/<pid>/status in bytes: VmRSS (resident now), VmHWM (the peak since the last reset). */
async function memory(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(kb[1]) * 1024
}

describe('a 200 MB body to a function', () => {
  let run: CliRun
  let url = ''
  beforeAll(async () => {
    run = await runCli(['stack', '--port', String(await freePort()), '--db', 'memory', '--no-seed'], { timeoutMs: 120_000 })
    url = `${run.vars.API_URL}/functions/v1/chatbot-api`
  }, 150_000)
  afterAll(async () => {
    await run?.stop()
  })

  it('is refused with 413 payload_too_large, and the stack holds less than 50 MB more while it is', async () => {
    const pid = run.child.pid!
    // The function's module is loaded, and the refusal's code has run once, before the measure.
    const first = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(first.status).toBe(400)
    expect((await streamUntilAnswered(url, { total: 8 * MiB })).status).toBe(413)

    const before = await memory(pid, 'VmRSS')
    // Resets VmHWM to the resident size now, so that it reports this request's peak.
    await writeFile(`/proc/${pid}/clear_refs`, '5')
    const answer = await streamUntilAnswered(url, { headers: { 'content-type': 'application/json' }, total: 200 * MiB, end: true, timeoutMs: 60_000 })
    const peak = await memory(pid, 'VmHWM')

    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' })
    // Answered long before the client could have sent it all.
    expect(answer.sent).toBeLessThan(200 * MiB)
    expect(peak - before, `resident ${Math.round(before / MiB)} MB before, peak ${Math.round(peak / MiB)} MB`).toBeLessThan(50 * MiB)
    // And the stack still answers.
    expect((await fetch(`${run.vars.API_URL}/functions/v1/health`)).status).toBe(200)
  })
})
