// The footer of a form in a dialog: cancel, and the submit button, which shows
// a spinner and "Saving…" while the save runs, both disabled meanwhile, so
// the outcome is not lost to a second click or a close.
import type { ReactNode } from 'react'
import { Button, Loader } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { ModalButtons } from './responsive-modal.tsx'

export type SaveButtonsProps = {
  saving: boolean
  onCancel: () => void
  /** The submit button's text while not saving ("Add customer", "Save changes"). */
  label: ReactNode
  /** Submitting is not possible now (offline); cancel still works. */
  disabled?: boolean
}

export function SaveButtons(props: SaveButtonsProps) {
  return (
    <ModalButtons mt="sm">
      <Button variant="default" onClick={props.onCancel} disabled={props.saving}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" disabled={props.saving || props.disabled} leftSection={props.saving ? <Loader size={14} color="currentColor" /> : undefined}>
        {props.saving ? <Trans>Saving…</Trans> : props.label}
      </Button>
    </ModalButtons>
  )
}
