// The local stack's scheduler: what pg_cron does on a hosted project
// (migration 20261130000200). Every interval (a minute by default) it calls
// each job's function over HTTP with the service role key, exactly as the
// hosted schedule does, so the functions run the same code either way. A run
// still going when the next is due is not doubled; the jobs themselves are
// safe to run twice at once all the same (reminders are claimed in the
// database).

/** The functions called every interval. */
export const SCHEDULED_FUNCTIONS = ['send-reminders'] as const

export const JOB_INTERVAL_MS = 60_000

export type JobOptions = {
  /** Default JOB_INTERVAL_MS. */
  intervalMs?: number
}

export type Jobs = {
  /** Runs every job now (and waits for it), as the timer does. */
  runNow(): Promise<void>
  close(): Promise<void>
}

export function startJobs(apiUrl: string, serviceRoleKey: string, opts: JobOptions = {}): Jobs {
  let running: Promise<void> | null = null
  let lastError = ''
  const runOnce = async () => {
    for (const name of SCHEDULED_FUNCTIONS) {
      try {
        const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
          body: '{}',
        })
        const text = await res.text()
        if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`)
        lastError = ''
      } catch (e) {
        // Said once per distinct failure: a stack left running must not fill its log every minute.
        const message = `scheduled ${name} failed: ${(e as Error).message}`
        if (message !== lastError) console.error(message)
        lastError = message
      }
    }
  }
  const runNow = () => {
    running ??= runOnce().finally(() => {
      running = null
    })
    return running
  }
  const timer = setInterval(() => void runNow(), opts.intervalMs ?? JOB_INTERVAL_MS)
  timer.unref()
  return {
    runNow,
    async close() {
      clearInterval(timer)
      await running
    },
  }
}
