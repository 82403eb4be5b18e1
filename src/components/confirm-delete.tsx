// Deleting asks first, in one way everywhere: a dialog naming what goes, a red
// confirm button, then a notice saying whether it went. The cause of a
// failure goes to the console for whoever investigates; the owner gets a
// translated sentence.
import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useLingui } from '@lingui/react/macro'

export type Deletion<R> = {
  title: string
  body: ReactNode
  /** The confirm button; "Delete" unless given. */
  confirmLabel?: string
  remove: () => Promise<R>
  /** The notice once deleted. */
  done: (result: R) => string
  /** The notice when deleting failed. */
  failed: (error: unknown) => string
}

export type RecordDeletion = {
  title: string
  /** The record's name, in the question and the notice. */
  name: string
  /** Under the question: what else deleting the record affects. */
  warning?: ReactNode
  remove: () => Promise<unknown>
  /** The notice when deleting failed. */
  failed: string
}

export type ConfirmDelete = {
  /** Asks before anything is deleted. */
  open: <R>(deletion: Deletion<R>) => void
  /** The same for one record: "Delete “name”? This cannot be undone.", then "“name” was deleted." */
  record: (deletion: RecordDeletion) => void
}

export function useConfirmDelete(): ConfirmDelete {
  const { t } = useLingui()

  function open<R>(deletion: Deletion<R>) {
    modals.openConfirmModal({
      title: deletion.title,
      children: deletion.body,
      labels: { confirm: deletion.confirmLabel ?? t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          const result = await deletion.remove()
          notifications.show({ color: 'green', message: deletion.done(result) })
        } catch (error) {
          console.error('deleting failed:', deletion.title, error)
          notifications.show({ color: 'red', message: deletion.failed(error) })
        }
      },
    })
  }

  function record(deletion: RecordDeletion) {
    const name = deletion.name
    open({
      title: deletion.title,
      body: (
        <Stack gap="xs">
          <Text size="sm">{t`Delete “${name}”? This cannot be undone.`}</Text>
          {deletion.warning}
        </Stack>
      ),
      remove: deletion.remove,
      done: () => t`“${name}” was deleted.`,
      failed: () => deletion.failed,
    })
  }

  return { open, record }
}
