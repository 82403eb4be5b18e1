// /dashboard and /dashboard/credits: the owner's balance, the packages to buy
// and the newest purchases. Online-only: offline it says so, keeps what it
// had read and offers no purchase.
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PlanId, PurchasablePlan } from '../../../domain/plans.ts'
import { RenderInSlices } from '../../components/render-in-slices.tsx'
import { useSession } from '../../lib/session.tsx'
import { getSupabase } from '../../lib/supabase.ts'
import { createCheckout, type CheckoutErrorCode } from './api.ts'
import { readSessionId } from './search.ts'
import { BalanceCards, BalanceSkeleton } from './balance-cards.tsx'
import { POLL_DURATION_MS } from './constants.ts'
import { CHECKOUT_DETAILS, LOAD_ERRORS } from './messages.ts'
import { PlanCards } from './plan-cards.tsx'
import { arrivedPurchase, paymentPollInterval, type PaymentWatch } from './polling.ts'
import { TransactionsList, TransactionsSkeleton } from './transactions-list.tsx'
import { useCredits, useUnansweredMessages } from './use-credits.ts'

type Checkout = { pending: PlanId | null; error: CheckoutErrorCode | null }

// The banners that say why the purchase buttons are disabled; the buttons point at them.
const PROCESSING_BANNER_ID = 'credits-processing-banner'
const OFFLINE_BANNER_ID = 'credits-offline-banner'

export function CreditsScreen() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const sessionId = readSessionId(useSearch({ strict: false }))
  // The payment return being waited for; read by the query between renders, so a ref.
  const watch = useRef<PaymentWatch | null>(null)
  // After a payment return: the query re-reads every 2 s until the purchase is in or 30 s are over (polling.ts).
  const credits = useCredits(session.user?.id ?? null, {
    refetchInterval: (fresh) => paymentPollInterval(watch.current, fresh?.transactions, Date.now()),
  })
  const unanswered = useUnansweredMessages(session.user?.id ?? null)
  const navigate = useNavigate()
  const [checkout, setCheckout] = useState<Checkout>({ pending: null, error: null })

  const { data, online } = credits
  const processing = sessionId !== null
  const arrived = arrivedPurchase(data?.transactions, sessionId)

  const endProcessing = useEffectEvent(() => {
    void navigate({ to: '.', search: (prev) => ({ ...prev, session_id: undefined }), replace: true })
  })

  // The wait starts with the return and, at 30 s, drops the banner with the query string (which ends the polling).
  useEffect(() => {
    if (!sessionId) return
    watch.current = { sessionId, startedAt: Date.now() }
    const timer = setTimeout(() => endProcessing(), POLL_DURATION_MS)
    return () => {
      clearTimeout(timer)
      watch.current = null
    }
  }, [sessionId])

  // The purchase showed up before the 30 s were over: nothing left to wait for.
  const arrivedCredits = arrived?.credits_purchased ?? null
  useEffect(() => {
    if (arrivedCredits === null) return
    notifications.show({
      color: 'green',
      title: t`Payment received`,
      message: plural(arrivedCredits, { one: '# message credit was added to your account.', other: '# message credits were added to your account.' }),
    })
    endProcessing()
  }, [arrivedCredits, t])

  // Coming back from the provider with the browser's back button restores this page as it was left: spinning.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCheckout({ pending: null, error: null })
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  async function buy(plan: PurchasablePlan) {
    setCheckout({ pending: plan.id, error: null })
    const outcome = await createCheckout(await getSupabase(), plan.providerPriceId, window.location.origin).catch(
      () => ({ ok: false, code: 'unreachable' }) as const,
    )
    if (outcome.ok) {
      // The spinner stays until the provider's page replaces this one.
      window.location.assign(outcome.url)
      return
    }
    setCheckout({ pending: null, error: outcome.code })
  }

  const checkoutDetail = checkout.error ? CHECKOUT_DETAILS[checkout.error] : undefined

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          <Trans>Credits</Trans>
        </Title>
        <Text c="gray.7" mt={4}>
          <Trans>Each message the assistant sends to a customer uses one credit.</Trans>
        </Text>
      </div>

      {processing && (
        <Alert
          color="blue"
          variant="light"
          icon={<Loader size="sm" aria-hidden="true" />}
          title={t`Processing your payment`}
          role="status"
          id={PROCESSING_BANNER_ID}
          data-testid="processing-banner"
        >
          <Trans>Your credits will appear here in a moment. This page updates itself; purchases are paused until then.</Trans>
        </Alert>
      )}

      {!online && (
        <Alert
          color="yellow"
          variant="light"
          title={t`You are offline`}
          role="status"
          id={OFFLINE_BANNER_ID}
          data-testid="credits-offline"
        >
          {data ? (
            <Trans>
              Credits and payments need an internet connection. These figures are from your last visit; buying is possible again once you are back online.
            </Trans>
          ) : (
            <Trans>Credits and payments need an internet connection. They will load as soon as you are back online.</Trans>
          )}
        </Alert>
      )}

      {checkout.error && (
        <Alert
          color="red"
          variant="light"
          title={t`Failed to start checkout process. Please try again.`}
          role="alert"
          withCloseButton
          closeButtonLabel={t`Dismiss`}
          onClose={() => setCheckout({ pending: null, error: null })}
          data-testid="checkout-error"
        >
          {checkoutDetail ? i18n._(checkoutDetail) : null}
        </Alert>
      )}

      {/* Last on the screen, so what it renders after the first paint moves nothing. */}
      <RenderInSlices fallback={null}>
        <Stack component="section" gap="sm" aria-labelledby="credits-balance-title">
          <Title order={2} size="h3" id="credits-balance-title">
            <Trans>Your balance</Trans>
          </Title>
          {unanswered > 0 && (
            <Alert color="orange" variant="light" title={t`Unanswered WhatsApp messages`} role="status" data-testid="credits-unanswered">
              {plural(unanswered, {
                one: '# WhatsApp message arrived while you had no credits and was not answered. Buy credits so the assistant can answer again.',
                other: '# WhatsApp messages arrived while you had no credits and were not answered. Buy credits so the assistant can answer again.',
              })}
            </Alert>
          )}
          {data ? (
            <BalanceCards balance={data.balance} />
          ) : !online ? null : credits.error && !credits.loading ? (
            <Alert
              color="red"
              variant="light"
              title={t`Unable to Load Credits`}
              role="alert"
              data-testid="credits-error"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{i18n._(LOAD_ERRORS[credits.error])}</Text>
                <Button size="xs" variant="default" onClick={credits.reload}>
                  <Trans>Try Again</Trans>
                </Button>
              </Stack>
            </Alert>
          ) : (
            <BalanceSkeleton />
          )}
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="credits-plans-title">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h3" id="credits-plans-title">
              <Trans>Buy credits</Trans>
            </Title>
            <Text size="sm" c="gray.7">
              <Trans>One-time payment, no subscription</Trans>
            </Text>
          </Group>
          <PlanCards
            pending={checkout.pending}
            disabled={processing || !online || checkout.pending !== null}
            disabledReasonId={!online ? OFFLINE_BANNER_ID : processing ? PROCESSING_BANNER_ID : undefined}
            onBuy={(plan) => void buy(plan)}
          />
        </Stack>

        {(data || (online && !credits.error)) && (
          <Stack component="section" gap="sm" aria-labelledby="credits-transactions-title">
            <Title order={2} size="h3" id="credits-transactions-title">
              <Trans>Recent transactions</Trans>
            </Title>
            {data ? <TransactionsList transactions={data.transactions} /> : <TransactionsSkeleton />}
          </Stack>
        )}
      </RenderInSlices>
    </Stack>
  )
}
