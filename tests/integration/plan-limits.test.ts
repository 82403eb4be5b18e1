// A credited purchase raises the owner's assistant allowance (api_usage_limits)
// to its package's, never lowers it, and a purchase that is not credited
// leaves it alone; the database's per-package values are domain/chatbot-plans.ts's.
// Purchases go through the app's checkout call and the local checkout page,
// as in payments.test.ts. Runs on PGlite and on PostgreSQL 15.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import {
  CHATBOT_PLAN_LIMITS, FREE_CHATBOT_LIMITS, limitsAfterPurchase, type ChatbotPlanLimits, type OwnerChatbotLimits,
} from '../../domain/chatbot-plans.ts'
import { CHECKOUT_SESSION_PLACEHOLDER } from '../../domain/functions.ts'
import { getPlan, type PlanId } from '../../domain/plans.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'

const SITE = 'http://127.0.0.1:5173'

describe.each(BACKENDS)('plan limits on %s', (backend) => {
  const stack = useTestStack(backend)

  /** What the chatbot screen reads, with the owner's own session. */
  async function limits(owner: Owner): Promise<OwnerChatbotLimits> {
    const { data, error } = await owner.client
      .from('api_usage_limits').select('plan_type, daily_message_limit, monthly_message_limit').eq('user_id', owner.user.id).single()
    expect(error).toBeNull()
    return { planType: data!.plan_type, dailyMessageLimit: data!.daily_message_limit, monthlyMessageLimit: data!.monthly_message_limit }
  }

  /** A checkout session opened as the credits screen does; its local page's URL. */
  async function checkout(owner: Owner, plan: PlanId) {
    const { data, error } = await owner.client.functions.invoke('create-checkout-session', {
      body: {
        price_id: getPlan(plan).providerPriceId,
        success_url: `${SITE}/dashboard/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
        cancel_url: `${SITE}/dashboard`,
        mode: 'payment',
      },
    })
    if (error) throw new Error(`checkout failed: ${JSON.stringify(await ((error as FunctionsHttpError).context as Response).json())}`)
    return data as { url: string; session_id: string }
  }
  const press = (url: string, button: 'pay' | 'cancel') =>
    fetch(`${url}/${button}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })

  async function buy(owner: Owner, plan: PlanId) {
    const { url, session_id } = await checkout(owner, plan)
    expect((await press(url, 'pay')).status).toBe(303)
    const { rows } = await stack.db.query<{ status: string }>('select status from public.payments where provider_session_id = $1', [session_id])
    expect(rows[0]?.status).toBe('paid')
  }

  it("holds the domain's values: the SQL table per plan, the table defaults for free", async () => {
    const { rows } = await stack.db.query<{ plan_type: string; price_id: string | null; rank: number; daily_message_limit: number; monthly_message_limit: number }>(
      'select plan_type, price_id, rank, daily_message_limit, monthly_message_limit from public.chatbot_plan_limits() order by rank',
    )
    expect(rows.map((r): ChatbotPlanLimits => ({
      planType: r.plan_type as ChatbotPlanLimits['planType'],
      priceId: r.price_id,
      rank: r.rank,
      dailyMessageLimit: r.daily_message_limit,
      monthlyMessageLimit: r.monthly_message_limit,
    }))).toEqual(CHATBOT_PLAN_LIMITS)

    const defaults = await stack.db.query<{ column_name: string; column_default: string }>(
      `select column_name, column_default from information_schema.columns
       where table_schema = 'public' and table_name = 'api_usage_limits'
         and column_name in ('plan_type', 'daily_message_limit', 'monthly_message_limit')`,
    )
    const d = Object.fromEntries(defaults.rows.map((r) => [r.column_name, r.column_default]))
    expect({
      planType: /^'(.*)'::text$/.exec(d.plan_type ?? '')?.[1],
      dailyMessageLimit: Number(d.daily_message_limit),
      monthlyMessageLimit: Number(d.monthly_message_limit),
    }).toEqual(FREE_CHATBOT_LIMITS)
  })

  it("a credited Growth purchase sets Growth's plan and limits; a later Starter keeps them", async () => {
    const owner = await stack.signUpVerifiedOwner()
    const before = await limits(owner)
    expect(before).toEqual(FREE_CHATBOT_LIMITS)

    await buy(owner, 'growth')
    const growth = await limits(owner)
    expect(growth).toEqual(limitsAfterPurchase(before, 'growth'))
    expect(growth.planType).toBe('growth')
    expect(growth.dailyMessageLimit).toBeGreaterThan(before.dailyMessageLimit)
    expect(growth.monthlyMessageLimit).toBeGreaterThan(before.monthlyMessageLimit)

    await buy(owner, 'starter')
    expect(await limits(owner)).toEqual(growth)

    await buy(owner, 'business')
    expect(await limits(owner)).toEqual(limitsAfterPurchase(growth, 'business'))
  })

  it('keeps limits raised by hand above the package', async () => {
    const owner = await stack.signUpVerifiedOwner()
    await stack.db.query(
      "update public.api_usage_limits set plan_type = 'custom', daily_message_limit = 100000, monthly_message_limit = 100000 where user_id = $1",
      [owner.user.id],
    )
    const before = await limits(owner)
    await buy(owner, 'starter')
    expect(await limits(owner)).toEqual(limitsAfterPurchase(before, 'starter'))
    expect((await limits(owner)).dailyMessageLimit).toBe(100000)
  })

  it('a purchase that is not credited changes nothing: open, cancelled, expired or failed', async () => {
    const owner = await stack.signUpVerifiedOwner()
    const before = await limits(owner)

    await checkout(owner, 'business')
    expect(await limits(owner)).toEqual(before)

    const cancelled = await checkout(owner, 'business')
    expect((await press(cancelled.url, 'cancel')).status).toBe(303)
    expect(await limits(owner)).toEqual(before)

    for (const status of ['expired', 'failed']) {
      const { url, session_id } = await checkout(owner, 'business')
      await stack.db.query('update public.payments set status = $2 where provider_session_id = $1', [session_id, status])
      await press(url, 'pay')
      const { rows } = await stack.db.query<{ status: string }>('select status from public.payments where provider_session_id = $1', [session_id])
      expect(rows[0]?.status).toBe(status)
      expect(await limits(owner)).toEqual(before)
    }
  })

  it('a session delivered twice applies the limits once, with its credits', async () => {
    const owner = await stack.signUpVerifiedOwner()
    const args = {
      p_provider: 'stripe', p_session_id: `cs_test_plan_${owner.user.id}`, p_user_id: owner.user.id,
      p_price_id: getPlan('growth').providerPriceId, p_credits: getPlan('growth').messages, p_amount: getPlan('growth').priceCents,
    }
    const first = await stack.service().rpc('credit_payment', args)
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ status: 'credited' })
    const after = await limits(owner)
    expect(after.planType).toBe('growth')

    // Lowered by hand between deliveries: a replay is not a new purchase and must not raise it again.
    await stack.db.query('update public.api_usage_limits set daily_message_limit = 1 where user_id = $1', [owner.user.id])
    const again = await stack.service().rpc('credit_payment', args)
    expect(again.data).toMatchObject({ status: 'already_credited' })
    expect((await limits(owner)).dailyMessageLimit).toBe(1)
  })
})
