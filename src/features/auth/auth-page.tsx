// Sign-in and sign-up on one screen. The form judges what it can (every field
// filled, an e-mail address, ten phone digits, a long enough new password) in
// the interface language; what only the server knows (a wrong password, a
// taken number) comes back as a problem shown above the form.
import { useState } from 'react'
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { CHECK_PHONE_ERRORS } from '../../../domain/functions.ts'
import { toTurkishPhone } from '../../../domain/phone.ts'
import { useDomainForm } from '../../components/forms.ts'
import { invokeFunction } from '../../lib/functions.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { AuthCard } from './auth-card.tsx'
import { classifyAuthError, phoneCheckProblem, type AuthProblem } from './auth-errors.ts'
import { emptyAuthForm, validateAuthForm, type AuthFormValues, type AuthMode } from './auth-form.ts'
import { AUTH_FORM_ERRORS, authProblemText } from './messages.ts'
import { TurkishPhoneInput } from './turkish-phone-input.tsx'

/** `/auth?mode=signup` opens the sign-up form, so sign-up calls to action can link straight to it. */
function initialMode(search: unknown): AuthMode {
  const mode = (search as { mode?: unknown } | undefined)?.mode
  return mode === 'signup' || mode === 'sign-up' ? 'sign-up' : 'sign-in'
}

export function AuthPage() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const search = useRouterState({ select: (s) => s.location.search })
  const [mode, setMode] = useState<AuthMode>(() => initialMode(search))
  const [problem, setProblem] = useState<AuthProblem | null>(null)
  const { form, onSubmit, resetAttempt } = useDomainForm({
    initialValues: emptyAuthForm(),
    validate: (values) => validateAuthForm(mode, values),
    messages: AUTH_FORM_ERRORS,
  })
  const loading = form.submitting
  const signUp = mode === 'sign-up'

  // What was typed stays; the other form's rules start unjudged.
  function toggleMode() {
    setMode(signUp ? 'sign-in' : 'sign-up')
    setProblem(null)
    form.clearErrors()
    resetAttempt()
  }

  async function save(values: AuthFormValues) {
    setProblem(null)
    try {
      const supabase = await getSupabase()
      const email = values.email.trim()
      if (!signUp) {
        const { error } = await supabase.auth.signInWithPassword({ email, password: values.password })
        if (error) return setProblem(classifyAuthError(error))
        await navigate({ to: '/dashboard' })
        return
      }
      // validateAuthForm has seen all ten digits.
      const phone = toTurkishPhone(values.phoneDigits)!
      // Checked first so a taken number does not leave behind an account without a usable profile.
      const taken = phoneCheckProblem(await invokeFunction(supabase, 'check-phone', { phoneNumber: phone }, CHECK_PHONE_ERRORS))
      if (taken) return setProblem(taken)
      // The server creates the profile, credits and defaults from this metadata.
      const { error } = await supabase.auth.signUp({
        email,
        password: values.password,
        options: { data: { business_name: values.businessName.trim(), phone_number: phone } },
      })
      if (error) return setProblem(classifyAuthError(error))
      await navigate({ to: '/phone-verify' })
    } catch (e) {
      setProblem(classifyAuthError(e))
    }
  }

  const problemText = problem && authProblemText(problem)

  return (
    <AuthCard
      title={signUp ? <Trans>Create your account</Trans> : <Trans>Sign in</Trans>}
      description={
        signUp ? <Trans>Set up your business and start answering customers automatically.</Trans> : <Trans>Welcome back. Sign in to manage your assistant.</Trans>
      }
    >
      {problemText && (
        <Alert color="red" variant="light" role="alert" title={t`Something went wrong`}>
          {'raw' in problemText ? problemText.raw : i18n._(problemText)}
        </Alert>
      )}

      <form onSubmit={onSubmit(save)} noValidate aria-busy={loading}>
        <Stack gap="sm">
          {signUp && (
            <>
              <TextInput label={t`Business name`} autoComplete="organization" required {...form.getInputProps('businessName')} />
              <TurkishPhoneInput
                label={t`Phone number`}
                description={t`Your mobile number; we will text a verification code to it.`}
                aria-label={t`Phone number (+90)`}
                {...form.getInputProps('phoneDigits')}
              />
            </>
          )}
          <TextInput label={t`E-mail`} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label={t`Password`}
            autoComplete={signUp ? 'new-password' : 'current-password'}
            visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth mt="xs" loading={loading}>
            {signUp ? <Trans>Sign up</Trans> : <Trans>Sign in</Trans>}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        {signUp ? <Trans>Already have an account?</Trans> : <Trans>Don't have an account?</Trans>}{' '}
        <Anchor component="button" type="button" size="sm" onClick={toggleMode}>
          {signUp ? <Trans>Sign in</Trans> : <Trans>Sign up</Trans>}
        </Anchor>
      </Text>
    </AuthCard>
  )
}
