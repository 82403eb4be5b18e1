// What the credits screens say for each code the data layer returns, as
// Lingui descriptors. The spec's English wording is kept where it gives one.
// Plan names and summaries are shared with the landing page:
// src/lib/plan-messages.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CheckoutErrorCode, CreditsLoadError, ProcessPaymentErrorCode } from './api.ts'
import type { TransactionTone } from './format.ts'

export const STATUS_LABELS: Record<TransactionTone, MessageDescriptor> = {
  completed: msg`Completed`,
  pending: msg`Pending`,
  failed: msg`Failed`,
}

export const LOAD_ERRORS: Record<CreditsLoadError, MessageDescriptor> = {
  not_authenticated: msg`User not authenticated`,
  load_failed: msg`Your credits could not be loaded. Check your connection and try again.`,
}

/**
 * A second line under "Failed to start checkout process" when the code says
 * more than that (null: it does not). Every code is listed, so a new one
 * cannot be forgotten.
 */
export const CHECKOUT_DETAILS: Record<CheckoutErrorCode, MessageDescriptor | null> = {
  not_authenticated: msg`User not authenticated`,
  unauthorized: msg`User not authenticated`,
  phone_not_verified: msg`Verify your phone number before buying credits.`,
  unreachable: msg`The payment service could not be reached. Check your connection.`,
  rate_limited: msg`Too many payment attempts in the last hour. Please wait a while before trying again.`,
  provider_error: msg`The payment provider is not answering right now.`,
  invalid_request: null,
  unknown_price: null,
  plan_not_purchasable: null,
  invalid_redirect_url: null,
  server_error: null,
}

/** Why credits are still awaited after the manual check, per the function's error code. */
export const PAYMENT_CHECK_REASONS: Record<ProcessPaymentErrorCode, MessageDescriptor> = {
  unauthorized: msg`Your sign-in has expired. Sign in again to see your credits.`,
  phone_not_verified: msg`Verify your phone number to see your credits.`,
  invalid_request: msg`This payment link is not valid.`,
  session_not_found: msg`We could not find this payment for your account.`,
  payment_not_completed: msg`The payment has not been completed yet.`,
  payment_mismatch: msg`The payment does not match the package. Please contact us.`,
  payment_closed: msg`This payment expired or failed. Start a new purchase if you still want the credits.`,
  provider_error: msg`The payment provider could not be reached.`,
  server_error: msg`Something went wrong on our side.`,
}
