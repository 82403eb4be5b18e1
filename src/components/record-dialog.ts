// The state of a screen's add/edit dialog. The record stays while the dialog
// closes, so its title does not flip to "New …" mid-animation; the form
// inside is keyed by `formKey`, so every opening starts from the record it
// opens with and never needs a reset in an effect.
import { useState } from 'react'
import { notifications } from '@mantine/notifications'
import { useLingui } from '@lingui/react/macro'

export type RecordDialog<T> = {
  opened: boolean
  /** The record being edited; null while adding one. */
  record: T | null
  /** Changes with every opening and every record: the key of the form inside. */
  formKey: string
  /** Opens the dialog to edit `record`, or to add one when null. */
  open: (record: T | null) => void
  close: () => void
  /** Closes the dialog and says what was saved. */
  saved: (name: string, mode: 'added' | 'updated') => void
}

export function useRecordDialog<T extends { id: string }>(): RecordDialog<T> {
  const { t } = useLingui()
  const [state, setState] = useState<{ opened: boolean; record: T | null; openings: number }>({ opened: false, record: null, openings: 0 })
  const close = () => setState((s) => ({ ...s, opened: false }))
  return {
    opened: state.opened,
    record: state.record,
    formKey: `${state.openings}:${state.record?.id ?? ''}`,
    open: (record) => setState((s) => ({ opened: true, record, openings: s.openings + 1 })),
    close,
    saved: (name, mode) => {
      close()
      notifications.show({ color: 'green', message: mode === 'added' ? t`“${name}” was added.` : t`“${name}” was saved.` })
    },
  }
}
