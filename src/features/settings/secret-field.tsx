// A write-only credential: the saved value is never sent to the browser, so
// the field starts empty and says whether a value is saved (with its last
// four characters at most). Typing replaces it on save; "Remove" clears it.
import type { ReactNode } from 'react'
import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { Trans, useLingui } from '@lingui/react/macro'

export type SecretFieldProps = {
  label: string
  description: ReactNode
  /** Whether a value is saved, and its last four characters when the server gives them. */
  saved: { set: boolean; last4: string | null }
  /** getInputProps of the `value` path. */
  input: GetInputPropsReturnType
  clear: boolean
  onClearChange: (clear: boolean) => void
  disabled?: boolean
  testId: string
}

export function SecretField(props: SecretFieldProps) {
  const { t } = useLingui()
  const label = props.label
  const last4 = props.saved.last4
  const state = props.clear ? (
    <Badge color="red" variant="light">
      <Trans>Removed when you save</Trans>
    </Badge>
  ) : props.saved.set ? (
    // Not upper-cased: the last four characters must read as they are.
    <Badge color="green" variant="light" tt="none">
      {last4 ? t`Saved · ends in ${last4}` : t`Saved`}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      <Trans>Not set</Trans>
    </Badge>
  )
  return (
    <Stack gap={4} data-testid={props.testId} data-state={props.clear ? 'clear' : props.saved.set ? 'set' : 'unset'}>
      <PasswordInput
        label={label}
        description={
          <Stack gap={4} component="span">
            <span>{state}</span>
            <span>{props.description}</span>
          </Stack>
        }
        placeholder={props.saved.set ? t`Paste a new value to replace it` : t`Paste the value here`}
        autoComplete="off"
        spellCheck={false}
        disabled={props.disabled || props.clear}
        {...props.input}
      />
      {props.saved.set && (
        <Group gap="xs">
          {props.clear ? (
            <Button size="compact-xs" variant="subtle" onClick={() => props.onClearChange(false)}>
              <Trans>Keep the saved value</Trans>
            </Button>
          ) : (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => props.onClearChange(true)} aria-label={t`Remove the saved ${label}`}>
              <Trans>Remove</Trans>
            </Button>
          )}
          {!props.clear && (
            <Text size="xs" c="dimmed">
              <Trans>Leave empty to keep the saved value.</Trans>
            </Text>
          )}
        </Group>
      )}
    </Stack>
  )
}
