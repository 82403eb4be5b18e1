// /dashboard/success?session_id=…: where the payment provider sends the buyer
// back. Confirms the purchase (spec section 4), then offers the credits and
// products screens and moves on to the dashboard by itself. Confirming needs
// the network: offline the page says so and starts once the connection is back.
import { useEffect } from 'react'
import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../lib/session.tsx'
import { getSupabase } from '../../lib/supabase.ts'
import { connectivity, useOnline } from '../../lib/use-online.ts'
import { fetchLatestTransaction, processPaymentManually } from './api.ts'
import { readSessionId } from './search.ts'
import { RETURN_REDIRECT_MS } from './constants.ts'
import { PAYMENT_CHECK_REASONS } from './messages.ts'
import { confirmPaymentReturn, mayStillArrive, redirectSessionId, retriesPaymentCheck, type ReturnOutcome } from './payment-return.ts'
import { creditsQueryKey, paymentReturnQueryKey } from './use-credits.ts'
import classes from './credits.module.css'

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

export function PaymentSuccessPage() {
  const sessionId = readSessionId(useSearch({ strict: false }))
  const { user, refreshProfile, clearProfileCache } = useSession()
  const userId = user?.id ?? null
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const online = useOnline()

  // The check as a query per user and session: it starts once online (offline
  // it waits, paused), a check the lost connection cut short runs again from
  // the start once the connection is back, and leaving the page aborts it.
  // Each visit asks afresh (gcTime 0); the manual check is idempotent.
  const check = useQuery({
    queryKey: paymentReturnQueryKey(userId ?? '', sessionId ?? ''),
    queryFn:
      sessionId && userId
        ? async ({ signal }) => {
            const client = await getSupabase()
            return confirmPaymentReturn(sessionId, {
              wait: (ms) => wait(ms, signal),
              latestTransaction: () => fetchLatestTransaction(client, userId),
              processManually: (id) => processPaymentManually(client, id),
              isOnline: connectivity.isOnline,
              onCredited: () => {
                clearProfileCache()
                void refreshProfile({ force: true })
                void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) })
              },
            })
          }
        : skipToken,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (_, error) => retriesPaymentCheck(error, connectivity.isOnline()),
    retryDelay: 0,
  })

  // Nothing to check without a session id or a user: loading simply ends.
  const checking = sessionId !== null && userId !== null
  // A check that failed outright (not for the connection) means the credits follow through the webhook.
  const outcome: ReturnOutcome | null = !checking ? null : (check.data ?? (check.isError ? { kind: 'soon' } : null))
  const done = !checking || outcome !== null
  const waitingForNetwork = !done && !online

  const nextSessionId = redirectSessionId(outcome, sessionId)
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => {
      void navigate({ to: '/dashboard', search: nextSessionId ? { session_id: nextSessionId } : {} })
    }, RETURN_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, nextSessionId, navigate])

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.returnCard}
      data-testid="payment-return"
      data-state={done ? (outcome?.kind ?? 'none') : waitingForNetwork ? 'offline' : 'processing'}
    >
      <Stack gap="md" role="status" aria-live="polite">
        {done ? <ReturnMessage outcome={outcome} /> : waitingForNetwork ? <Offline /> : <Processing />}
        {done && (
          <>
            <Group gap="lg">
              <Anchor component={Link} to="/dashboard/credits" fw={600}>
                <Trans>Go to credits</Trans>
              </Anchor>
              <Anchor component={Link} to="/dashboard/products" fw={600}>
                <Trans>Go to products</Trans>
              </Anchor>
            </Group>
            <Text size="sm" c="gray.7">
              <Trans>You will be taken to the dashboard in a few seconds.</Trans>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  )
}

function Processing() {
  return (
    <Stack gap="sm" align="center" ta="center" aria-busy="true">
      <Loader aria-hidden="true" />
      <Title order={1} size="h2">
        <Trans>Processing your payment</Trans>
      </Title>
      <Text c="gray.7">
        <Trans>Please wait while we confirm your purchase.</Trans>
      </Text>
    </Stack>
  )
}

function Offline() {
  return (
    <Stack gap="xs" data-testid="payment-return-offline">
      <Title order={1} size="h2">
        <Trans>You are offline</Trans>
      </Title>
      <Text>
        <Trans>Credits and payments need an internet connection. Your payment will be checked as soon as you are back online.</Trans>
      </Text>
    </Stack>
  )
}

function ReturnMessage(props: { outcome: ReturnOutcome | null }) {
  const { i18n } = useLingui()
  const { outcome } = props
  if (!outcome) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          <Trans>Payment</Trans>
        </Title>
        <Text>
          <Trans>There is no payment to check here. Your balance is on the credits screen.</Trans>
        </Text>
      </Stack>
    )
  }
  if (outcome.kind === 'credited') {
    const credits = outcome.credits
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          <Trans>Payment successful</Trans>
        </Title>
        <Text data-testid="credits-added">
          {credits === null ? (
            <Trans>Your message credits have been added to your account.</Trans>
          ) : (
            plural(credits, { one: '# message credit was added to your account.', other: '# message credits were added to your account.' })
          )}
        </Text>
      </Stack>
    )
  }
  if (outcome.kind === 'awaited') {
    const later = mayStillArrive(outcome)
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          {later ? <Trans>Your credits are on their way</Trans> : <Trans>Payment not confirmed</Trans>}
        </Title>
        <Text>
          {later ? (
            <Trans>We could not confirm your credits yet. They will be added as soon as the payment is confirmed.</Trans>
          ) : (
            <Trans>No credits were added for this payment.</Trans>
          )}
        </Text>
        <Text c="gray.7" size="sm" data-testid="payment-reason">
          {i18n._(PAYMENT_CHECK_REASONS[outcome.code])}
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        <Trans>Thank you for your purchase</Trans>
      </Title>
      <Text>
        <Trans>Your credits will be added to your account shortly.</Trans>
      </Text>
    </Stack>
  )
}
