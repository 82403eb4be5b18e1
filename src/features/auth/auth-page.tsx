import { useState, type FormEvent } from 'react'
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { toTurkishPhone } from '../../../domain/phone.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { classifyAuthError, type AuthProblem } from './auth-errors.ts'
import { authProblemText } from './messages.ts'
import { TurkishPhoneInput } from './turkish-phone-input.tsx'

// A pattern hint, the same in every language.

export type AuthMode = 'sign-in' | 'sign-up'

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
  const [businessName, setBusinessName] = useState('')
  const [phoneDigits, setPhoneDigits] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<AuthProblem | null>(null)
  const [loading, setLoading] = useState(false)

  const signUp = mode === 'sign-up'

  function toggleMode() {
    setMode(signUp ? 'sign-in' : 'sign-up')
    setProblem(null)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setProblem(null)
    setLoading(true)
    try {
      const supabase = await getSupabase()
      if (!signUp) {
        const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password })
        if (error) return setProblem(classifyAuthError(error))
        await navigate({ to: '/dashboard' })
        return
      }
      const phone = toTurkishPhone(phoneDigits)
      if (!phone) return setProblem({ kind: 'phone_incomplete' })
      // Checked first so a taken number does not leave behind an account without a usable profile.
      const exists = await supabase.rpc('phone_number_exists', { p_phone_number: phone })
      if (exists.error) return setProblem({ kind: 'phone_check_failed' })
      if (exists.data === true) return setProblem({ kind: 'phone_exists' })
      // The server creates the profile, credits and defaults from this metadata.
      const { error } = await supabase.auth.signUp({
        email: email.trim(),
        password,
        options: { data: { business_name: businessName.trim(), phone_number: phone } },
      })
      if (error) return setProblem(classifyAuthError(error))
      await navigate({ to: '/phone-verify' })
    } catch (e) {
      setProblem(classifyAuthError(e))
    } finally {
      setLoading(false)
    }
  }

  const problemText = problem && authProblemText(problem)

  return (
    <Container size={440} px="md" py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {signUp ? <Trans>Create your account</Trans> : <Trans>Sign in</Trans>}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {signUp ? (
                <Trans>Set up your business and start answering customers automatically.</Trans>
              ) : (
                <Trans>Welcome back. Sign in to manage your assistant.</Trans>
              )}
            </Text>
          </div>

          {problemText && (
            <Alert color="red" variant="light" role="alert" title={t`Something went wrong`}>
              {'raw' in problemText ? problemText.raw : i18n._(problemText)}
            </Alert>
          )}

          <form onSubmit={submit} noValidate={false} aria-busy={loading}>
            <Stack gap="sm">
              {signUp && (
                <>
                  <TextInput
                    id="auth-business-name"
                    label={t`Business name`}
                    autoComplete="organization"
                    required
                    value={businessName}
                    onChange={(e) => setBusinessName(e.currentTarget.value)}
                  />
                  <TurkishPhoneInput
                    id="auth-phone"
                    label={t`Phone number`}
                    description={t`Your mobile number; we will text a verification code to it.`}
                    aria-label={t`Phone number (+90)`}
                    digits={phoneDigits}
                    onDigitsChange={setPhoneDigits}
                  />
                </>
              )}
              <TextInput
                id="auth-email"
                label={t`E-mail`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                id="auth-password"
                label={t`Password`}
                autoComplete={signUp ? 'new-password' : 'current-password'}
                visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
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
        </Stack>
      </Paper>
    </Container>
  )
}
