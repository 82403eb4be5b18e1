import { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useDomainForm } from '../../components/forms.ts'
import { useSession } from '../../lib/session.tsx'
import { getSupabase } from '../../lib/supabase.ts'
import { PHONE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS } from '../../../domain/functions.ts'
import { AuthCard } from './auth-card.tsx'
import { validateCodeForm } from './auth-form.ts'
import { ChangePhoneForm } from './change-phone-form.tsx'
import { AUTH_FORM_ERRORS, sendRejectionText, verifyRejectionText } from './messages.ts'
import { useCountdown } from './use-countdown.ts'
import {
  clearSentMarker,
  formatTurkishPhone,
  hasSentMarker,
  invokeOutcome,
  isCompleteCode,
  REDIRECT_DELAY_MS,
  sanitizeCode,
  setSentMarker,
  type FunctionOutcome,
} from './verification.ts'

type Notice = { tone: 'error' | 'success' | 'info'; text: MessageDescriptor }

export function PhoneVerifyPage() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const session = useSession()
  const { user, profile, refreshProfile, clearProfileCache, signOut } = session
  const userId = user?.id ?? null
  const phone = profile?.phone_number ?? null

  const codeForm = useDomainForm({ initialValues: { code: '' }, validate: validateCodeForm, messages: AUTH_FORM_ERRORS })
  const { form } = codeForm
  const verifying = form.submitting
  const [notice, setNotice] = useState<Notice | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState(false)
  const [phoneMissing, setPhoneMissing] = useState(false)
  const countdown = useCountdown()
  const refreshedForPhone = useRef(false)
  const autoSent = useRef(false)
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const alreadyVerified = profile?.phone_verified === true
  const finished = done || alreadyVerified

  useEffect(() => () => clearTimeout(leaving.current), [])

  /** A new code is on its way: the field starts empty and unjudged. */
  function clearCode() {
    form.reset()
    codeForm.resetAttempt()
  }

  // The dashboard guard reads the profile, so it is fetched fresh before going there.
  const goToDashboard = useCallback(() => {
    if (leaving.current !== undefined) return
    leaving.current = setTimeout(() => {
      clearProfileCache()
      void refreshProfile({ force: true })
        .catch((e: unknown) => console.error('phone-verify: profile refresh failed:', e))
        .finally(() => void navigate({ to: '/dashboard' }))
    }, REDIRECT_DELAY_MS)
  }, [clearProfileCache, refreshProfile, navigate])

  const finish = useCallback(
    (text: MessageDescriptor) => {
      setDone(true)
      setNotice({ tone: 'success', text })
      goToDashboard()
    },
    [goToDashboard],
  )

  const sendCode = useCallback(
    async (phoneNumber: string): Promise<FunctionOutcome> => {
      const supabase = await getSupabase()
      return invokeOutcome(() => supabase.functions.invoke('send-verification', { body: { phoneNumber } }))
    },
    [],
  )

  // A profile without a phone may just be stale (sign-up metadata lands server-side): look once more.
  useEffect(() => {
    if (session.status !== 'signed-in' || session.profileLoading || phone || refreshedForPhone.current) return
    refreshedForPhone.current = true
    void refreshProfile({ force: true })
      .then((p) => setPhoneMissing(!p?.phone_number))
      .catch(() => setPhoneMissing(true))
  }, [session.status, session.profileLoading, phone, refreshProfile])

  useEffect(() => {
    if (alreadyVerified) goToDashboard()
  }, [alreadyVerified, goToDashboard])

  // The first code goes out by itself, once per user (the marker survives reloads).
  useEffect(() => {
    if (!userId || !phone || alreadyVerified || autoSent.current || hasSentMarker(userId)) return
    autoSent.current = true
    setSending(true)
    void sendCode(phone).then((outcome) => {
      setSending(false)
      if (outcome.ok) {
        setSentMarker(userId)
        countdown.start(PHONE_CODE_RESEND_SECONDS)
        setNotice({ tone: 'info', text: msg`We sent a verification code to your phone.` })
      } else {
        handleSendFailure(outcome)
      }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- countdown.start and handleSendFailure are stable in effect; re-running would not send again anyway
  }, [userId, phone, alreadyVerified, sendCode])

  function handleSendFailure(outcome: Exclude<FunctionOutcome, { ok: true }>) {
    if (outcome.kind === 'network') return setNotice({ tone: 'error', text: msg`An error occurred while sending the code` })
    if (outcome.code === 'already_verified') return finish(msg`Your phone number is already verified.`)
    if (outcome.code === 'rate_limited' && outcome.retryAfter) countdown.start(outcome.retryAfter)
    setNotice({ tone: 'error', text: sendRejectionText(outcome) })
  }

  async function resend() {
    if (!phone || !userId || sending || countdown.seconds > 0) return
    setSending(true)
    setNotice(null)
    const outcome = await sendCode(phone)
    setSending(false)
    if (outcome.ok) {
      countdown.start(PHONE_CODE_RESEND_SECONDS)
      clearSentMarker(userId)
      clearCode()
      setNotice({ tone: 'success', text: msg`A new verification code has been sent.` })
    } else {
      handleSendFailure(outcome)
    }
  }

  // The new number gets its first code at once; the marker is set first so the automatic send does not fire as well.
  async function afterPhoneChange(newPhone: string) {
    if (!userId) return
    autoSent.current = true
    setSentMarker(userId)
    clearCode()
    setNotice(null)
    clearProfileCache()
    await refreshProfile({ force: true }).catch((e: unknown) => console.error('phone-verify: profile refresh failed:', e))
    setSending(true)
    const outcome = await sendCode(newPhone)
    setSending(false)
    if (outcome.ok) {
      countdown.start(PHONE_CODE_RESEND_SECONDS)
      setNotice({ tone: 'info', text: msg`We sent a verification code to your new number.` })
    } else {
      handleSendFailure(outcome)
    }
  }

  // An incomplete code never gets here: validateCodeForm stops it at the field.
  async function verify({ code }: { code: string }) {
    if (finished) return
    if (!phone) return setNotice({ tone: 'error', text: msg`Phone number not found. Please try signing up again.` })
    setNotice(null)
    const supabase = await getSupabase()
    const outcome = await invokeOutcome(() => supabase.functions.invoke('verify-phone', { body: { phoneNumber: phone, code } }))
    if (outcome.ok) return finish(msg`Your phone number has been verified. Redirecting to your dashboard…`)
    if (outcome.kind === 'network') return setNotice({ tone: 'error', text: msg`An error occurred during verification` })
    if (outcome.code === 'already_verified') return finish(msg`Your phone number is already verified.`)
    setNotice({ tone: 'error', text: verifyRejectionText(outcome) })
  }

  async function leave() {
    clearTimeout(leaving.current)
    await signOut()
    await navigate({ to: '/auth' })
  }

  const waiting = session.status === 'loading' || (!phone && !phoneMissing && session.status === 'signed-in')
  const seconds = countdown.seconds
  const phoneText = phone ? formatTurkishPhone(phone) : ''
  const shownNotice: Notice | null =
    notice ?? (alreadyVerified ? { tone: 'success', text: msg`Your phone number is already verified.` } : null)
  const code = form.getInputProps('code')

  return (
    <AuthCard
      title={<Trans>Verify your phone number</Trans>}
      description={
        phone && (
          <Trans>
            Enter the 6-digit code we sent by SMS to <Text span fw={600} c="dark" dir="ltr">{phoneText}</Text>.
          </Trans>
        )
      }
    >
      {waiting && (
        <Center py="md">
          <Loader size="sm" aria-label={t`Loading`} />
        </Center>
      )}

      {!waiting && !phone && (
        <Alert color="red" variant="light" role="alert">
          <Trans>Phone number not found. Please try signing up again.</Trans>
        </Alert>
      )}

      {shownNotice && (
        <Alert
          color={shownNotice.tone === 'error' ? 'red' : shownNotice.tone === 'success' ? 'brand' : 'blue'}
          variant="light"
          role={shownNotice.tone === 'error' ? 'alert' : 'status'}
        >
          {i18n._(shownNotice.text)}
        </Alert>
      )}

      {phone && (
        <form onSubmit={codeForm.onSubmit(verify)} noValidate aria-busy={verifying}>
          <Stack gap="sm">
            <TextInput
              label={t`Verification code`}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={PHONE_CODE_LENGTH}
              placeholder="123456"
              required
              disabled={finished}
              {...code}
              onChange={(e) => code.onChange(sanitizeCode(e.currentTarget.value))}
              styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
            />
            <Button type="submit" fullWidth loading={verifying} disabled={!isCompleteCode(form.values.code) || finished}>
              <Trans>Verify</Trans>
            </Button>
          </Stack>
        </form>
      )}

      {phone && !finished && (
        <Stack gap={4} align="center">
          <Button variant="subtle" onClick={resend} loading={sending} disabled={seconds > 0}>
            <Trans>Resend code</Trans>
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" role="status">
            {seconds > 0 ? <Trans>Resend in {seconds} s</Trans> : null}
          </Text>
          <ChangePhoneForm disabled={sending || verifying} onChanged={afterPhoneChange} />
        </Stack>
      )}

      <Group justify="center">
        <Button variant="default" size="xs" onClick={leave}>
          <Trans>Sign out</Trans>
        </Button>
      </Group>

      {/* Getting or erasing one's data does not wait on the verification (the dashboard, settings included, does). */}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/data-rights" data-testid="phone-verify-data-rights">
          <Trans>Download or delete my data</Trans>
        </Anchor>
      </Text>
    </AuthCard>
  )
}
