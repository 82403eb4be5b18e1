// Sends the automatic appointment reminders that are due (reminder-job.ts).
// Called every minute by a scheduler holding the service role key: pg_cron
// through pg_net on a hosted project (migration 20261130000200), the local
// stack's own timer here. Nobody else may call it: any other bearer is
// refused before anything is read.
import { SEND_REMINDERS_ERRORS } from '../../../domain/functions.ts'
import { secretsEqual } from '../_shared/constant-time.ts'
import { requireEnv } from '../_shared/env.ts'
import { publicFunction } from '../_shared/handler.ts'
import { sendDueReminders } from '../_shared/reminder-job.ts'
import { bearerToken, createServiceClient } from '../_shared/supabase.ts'

Deno.serve(
  publicFunction({ name: 'send-reminders', errors: SEND_REMINDERS_ERRORS }, async (req, { ok, fail }) => {
    const token = bearerToken(req)
    if (!token || !(await secretsEqual(token, requireEnv('SUPABASE_SERVICE_ROLE_KEY')))) return fail('unauthorized', 401)
    const run = await sendDueReminders(createServiceClient())
    return ok(run)
  }),
)
