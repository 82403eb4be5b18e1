// The packages' display names and one-line summaries, for every screen that
// lists them (the landing page's pricing, the credits screen). domain/plans.ts
// stays free of Lingui; features do not import each other, so the words live
// here, once.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PlanId } from '../../domain/plans.ts'

export const PLAN_NAMES: Record<PlanId, MessageDescriptor> = {
  starter: msg`Starter`,
  growth: msg`Growth`,
  business: msg`Business`,
  enterprise: msg`Enterprise`,
}

export const PLAN_SUMMARIES: Record<PlanId, MessageDescriptor> = {
  starter: msg`Try the assistant with your first customers.`,
  growth: msg`For a shop that answers customers every day.`,
  business: msg`For busy businesses with many conversations.`,
  enterprise: msg`For chains and high volumes, at a price agreed with you.`,
}
