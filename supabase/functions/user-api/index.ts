// GET /user-api/{userId}: the business's name and phone and the credits
// left, for an external automation with the owner's automation token
// (_shared/automation.ts).
import { automationFunction } from '../_shared/automation.ts'

Deno.serve(
  automationFunction('user-api', ['GET'], async (_req, { ownerId, db }, { ok }) => {
    const [user, credits] = await Promise.all([
      db.from('users').select('business_name, phone_number').eq('id', ownerId).maybeSingle(),
      db.from('credits').select('remaining').eq('user_id', ownerId).maybeSingle(),
    ])
    if (user.error) throw user.error
    if (credits.error) throw credits.error
    const u = user.data as { business_name: string | null; phone_number: string | null } | null
    return ok({
      business_name: u?.business_name ?? null,
      phone_number: u?.phone_number ?? null,
      credits_remaining: (credits.data as { remaining: number } | null)?.remaining ?? 0,
    })
  }),
)
