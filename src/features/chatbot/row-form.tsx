// A form over a row saved whole (the chatbot configuration, the business
// profile): built once from the row first read, it belongs to the owner from
// then on; after a save it shows the row as stored (trimmed, normalised),
// which then counts as unchanged. Saving needs the connection: offline the
// button is disabled and says why.
import type { ReactNode } from 'react'
import { Button, Group, Text } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useDomainForm, type DomainErrors } from '../../components/forms.ts'

/** A form's own parts: the row to values and back, its checks and their words. */
export type RowFormRules<Row, Values, Payload, Code extends string> = {
  toForm: (row: Row | null) => Values
  toPayload: (values: Values) => Payload
  validate: (values: Values) => DomainErrors<Code>
  messages: Readonly<Record<Code, MessageDescriptor>>
}

/** `save` resolves with the row as stored. */
export function useRowForm<Row, Values extends Record<string, unknown>, Payload, Code extends string>(
  rules: RowFormRules<Row, Values, Payload, Code>,
  row: Row | null,
  save: (payload: Payload) => Promise<Row>,
) {
  const { toForm, toPayload } = rules
  const domain = useDomainForm({ initialValues: toForm(row), validate: rules.validate, messages: rules.messages })
  const { form } = domain
  /** Saves the values and puts what was stored back into the form; a failed save throws and leaves the form as typed. */
  async function saveValues(values: Values): Promise<void> {
    const stored = toForm(await save(toPayload(values)))
    form.setValues(stored)
    form.resetDirty(stored)
  }
  return { ...domain, saveValues }
}

export type SaveRowProps = {
  saving: boolean
  online: boolean
  /** The form's offline notice, which the disabled button points at. */
  offlineNoticeId: string
  testId: string
  children: ReactNode
}

/** The form's submit button at its end, disabled offline with the reason beside it. */
export function SaveRow(props: SaveRowProps) {
  const { online } = props
  return (
    <Group justify="flex-end" gap="sm">
      {!online && (
        <Text size="sm" c="dimmed" aria-hidden="true">
          <Trans>Saving is possible again once you are back online.</Trans>
        </Text>
      )}
      <Button
        type="submit"
        loading={props.saving}
        disabled={!online}
        aria-describedby={!online ? props.offlineNoticeId : undefined}
        data-testid={props.testId}
      >
        {props.children}
      </Button>
    </Group>
  )
}
