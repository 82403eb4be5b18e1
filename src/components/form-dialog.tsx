// A record's add/edit dialog: the ResponsiveModal shell around a form that is
// mounted afresh on every opening (keyed by the dialog's formKey), and which
// cannot be closed while the form inside says it is saving: closing mid-save
// would hide the outcome.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { ResponsiveModal } from './responsive-modal.tsx'
import type { RecordDialog } from './record-dialog.ts'

const SetBusy = createContext<(busy: boolean) => void>(() => {})

export type FormDialogProps = {
  dialog: Pick<RecordDialog<unknown>, 'opened' | 'close' | 'formKey'>
  title: ReactNode
  description?: ReactNode
  testId?: string
  /** The form; it reports its saving state with useDialogBusy. */
  children: ReactNode
}

export function FormDialog(props: FormDialogProps) {
  const [busy, setBusy] = useState(false)
  return (
    <ResponsiveModal
      opened={props.dialog.opened}
      onClose={props.dialog.close}
      busy={busy}
      title={props.title}
      description={props.description}
      testId={props.testId}
    >
      <SetBusy.Provider value={setBusy} key={props.dialog.formKey}>
        {props.children}
      </SetBusy.Provider>
    </ResponsiveModal>
  )
}

/** Called by the form inside a FormDialog: while `busy`, the dialog's close button and Escape do nothing. */
export function useDialogBusy(busy: boolean): void {
  const setBusy = useContext(SetBusy)
  useEffect(() => {
    setBusy(busy)
    return () => setBusy(false)
  }, [busy, setBusy])
}
