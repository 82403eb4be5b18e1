// GET /user-api/{userId}: the business's name and phone, the credits left,
// and what the owner wrote on the Business info tab (the profile and the
// FAQ), for an external automation with the owner's automation token
// (_shared/automation.ts): an automation answering customers elsewhere knows
// what the assistant knows.
import { FAQ_ENTRIES_MAX } from '../../../domain/business.ts'
import { automationFunction } from '../_shared/automation.ts'

// Named, not `*`: a column added to the table later stays out of this answer until someone decides it belongs.
const BUSINESS_PROFILE_COLUMNS =
  'address, maps_url, contact_phone, contact_email, opening_hours, time_zone, shipping_info, returns_info, payment_info, ordering_info, updated_at'

Deno.serve(
  automationFunction('user-api', ['GET'], async (_req, { ownerId, db }, { ok }) => {
    const [user, credits, profile, faq] = await Promise.all([
      db.from('users').select('business_name, phone_number').eq('id', ownerId).maybeSingle(),
      db.from('credits').select('remaining').eq('user_id', ownerId).maybeSingle(),
      db.from('business_profiles').select(BUSINESS_PROFILE_COLUMNS).eq('user_id', ownerId).maybeSingle(),
      // In the order the owner wrote them, as the tab lists them.
      db
        .from('faq_entries')
        .select('question, answer')
        .eq('user_id', ownerId)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .limit(FAQ_ENTRIES_MAX),
    ])
    for (const read of [user, credits, profile, faq]) if (read.error) throw read.error
    const u = user.data as { business_name: string | null; phone_number: string | null } | null
    return ok({
      business_name: u?.business_name ?? null,
      phone_number: u?.phone_number ?? null,
      credits_remaining: (credits.data as { remaining: number } | null)?.remaining ?? 0,
      business_profile: profile.data ?? null,
      faq: (faq.data ?? []) as { question: string; answer: string }[],
    })
  }),
)
