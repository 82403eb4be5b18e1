// The one dialog shell: centred on a desktop, a bottom sheet on a phone.
// Every add/edit/details dialog uses it, so they open, close and lay out alike.
import type { ReactNode } from 'react'
import { Group, Modal, Text, type GroupProps, type ModalRootProps } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { useIsPhone } from './media.ts'
import classes from './responsive-modal.module.css'

export type ResponsiveModalProps = {
  opened: boolean
  onClose: () => void
  title: ReactNode
  /** A line under the title saying what the dialog is for. */
  description?: ReactNode
  /** While true the dialog cannot be closed: a save is under way and its outcome must stay visible. */
  busy?: boolean
  size?: ModalRootProps['size']
  /** Set on the dialog element, for tests and styling. */
  testId?: string
  children: ReactNode
}

export function ResponsiveModal(props: ResponsiveModalProps) {
  const { t } = useLingui()
  const phone = useIsPhone()
  return (
    <Modal.Root
      opened={props.opened}
      onClose={() => !props.busy && props.onClose()}
      centered={!phone}
      size={props.size ?? 'lg'}
      yOffset={phone ? '1.25rem' : undefined}
      transitionProps={{ transition: phone ? 'slide-up' : 'pop', duration: 200 }}
      classNames={phone ? { inner: classes.sheetInner, content: classes.sheetContent } : undefined}
    >
      <Modal.Overlay />
      <Modal.Content data-testid={props.testId} data-layout={phone ? 'sheet' : 'dialog'}>
        <Modal.Header className={classes.header}>
          <div>
            <Modal.Title className={classes.title}>{props.title}</Modal.Title>
            {props.description && (
              <Text size="sm" c="dimmed" mt={4}>
                {props.description}
              </Text>
            )}
          </div>
          <Modal.CloseButton aria-label={t`Close`} disabled={props.busy} />
        </Modal.Header>
        <Modal.Body>{props.children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}

/** A dialog's footer buttons, right-aligned; on a phone they share the width. */
export function ModalButtons(props: GroupProps) {
  return <Group justify="flex-end" gap="sm" mt="md" {...props} className={classes.buttons} />
}
