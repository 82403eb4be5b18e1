// "Your data": the owner's rights under KVKK and the GDPR, on the server's
// terms. The archive is built by export-data from what the server holds (a
// device may not have synced everything) and saved as a file; deleting the
// account (delete-account) is final, so it takes a dialog in which the owner
// types the account's e-mail address, which the server checks again.
// Shown on the settings screen and on the page an owner whose phone is not
// verified reaches from phone verification (features/auth), so it needs
// neither the dashboard's local store nor its notifications to work; both
// places provide the TanStack Query client.
import { useContext, useState } from 'react'
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { OwnerStoreContext } from '../db/context.tsx'
import { markStoreForRemoval, removeForgottenStores } from '../db/forgotten.ts'
import { DataRightsFailure, saveFile, useDeleteAccount, useDownloadData, type DataRightsFailureCode } from '../lib/data-rights.ts'
import { useSession } from '../lib/session.tsx'
import { useOnline } from '../lib/use-online.ts'
import { ModalButtons, ResponsiveModal } from './responsive-modal.tsx'
import { SectionCard } from './section-card.tsx'

/** Why downloading the archive or deleting the account failed. */
export const DATA_RIGHTS_ERRORS: Record<DataRightsFailureCode, MessageDescriptor> = {
  unauthorized: msg`Your session has ended. Please sign in again.`,
  invalid_request: msg`The request was not valid. Please try again.`,
  confirmation_mismatch: msg`The e-mail address you typed is not this account's.`,
  server_error: msg`Something went wrong on our side. Please try again later.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
  unknown: msg`Something went wrong. Please try again.`,
}

const codeOf = (error: unknown): DataRightsFailureCode => (error instanceof DataRightsFailure ? error.code : 'unknown')

export function DataRightsCard(props: { email: string }) {
  const online = useOnline()
  const download = useDownloadData()
  const [deleting, setDeleting] = useState(false)

  async function downloadArchive() {
    try {
      const { file, fileName } = await download.mutateAsync()
      saveFile(file, fileName)
    } catch (error) {
      console.error('downloading the data archive failed', error)
    }
  }

  return (
    <SectionCard
      title={<Trans>Your data</Trans>}
      description={
        <Trans>
          Under KVKK and the GDPR you may have a copy of everything your account holds, and you may have it erased.
        </Trans>
      }
      testId="data-rights"
    >
      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            One .zip file: your profile, products, customers, appointments, chatbot settings and conversations, messages and credit purchases as
            JSON, and an Excel workbook of your products, customers and appointments. Passwords and access tokens are not included.
          </Trans>
        </Text>
        <Group>
          <Button
            variant="light"
            onClick={() => void downloadArchive()}
            loading={download.isPending}
            disabled={!online}
            data-testid="data-rights-download"
          >
            <Trans>Download my data</Trans>
          </Button>
        </Group>
        {download.isError && <CallFailed error={download.error} testId="data-rights-download-error" />}
      </Stack>

      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            Deleting your account erases your profile, products, customers, appointments, chatbot, messages and profile photo, and signs you out
            on every device. Records of credit purchases are kept without your name, as the law on financial records requires. This cannot be
            undone.
          </Trans>
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setDeleting(true)} disabled={!online} data-testid="data-rights-delete">
            <Trans>Delete my account</Trans>
          </Button>
        </Group>
      </Stack>

      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} email={props.email} />
    </SectionCard>
  )
}

function DeleteAccountDialog(props: { opened: boolean; onClose: () => void; email: string }) {
  const { t } = useLingui()
  const online = useOnline()
  const session = useSession()
  // Open on a dashboard screen; outside the dashboard (an owner not yet verified) there is none.
  const storeState = useContext(OwnerStoreContext)
  const store = storeState?.status === 'ready' ? storeState.store : null
  const navigate = useNavigate()
  const remove = useDeleteAccount()
  const [typed, setTyped] = useState('')
  const matches = typed.trim().toLowerCase() === props.email.toLowerCase() && props.email !== ''

  function close() {
    setTyped('')
    remove.reset()
    props.onClose()
  }

  async function confirm() {
    try {
      await remove.mutateAsync(typed)
    } catch (error) {
      console.error('deleting the account failed', error)
      return
    }
    // The account is gone: this device's copy goes now rather than at its next
    // sync. Closed before signing out, deleted after. A store that has not
    // opened yet on this screen (it opens once the screen is idle) may still be
    // opening: it is closed on the sign-out, and deleted with the others.
    const ownerId = store?.ownerId ?? session.user?.id ?? null
    if (store) {
      await store.sync.stop()
      await store.db.close()
    }
    await session.signOut()
    if (ownerId) {
      // Marked first: should a screen still reading the store reopen it, the next start deletes it (db/forgotten.ts).
      markStoreForRemoval(ownerId)
      await removeForgottenStores()
    }
    notifications.show({ color: 'green', message: t`Your account and your data have been deleted.` })
    await navigate({ to: '/' })
  }

  return (
    <ResponsiveModal
      opened={props.opened}
      onClose={close}
      busy={remove.isPending}
      size="md"
      title={<Trans>Delete your account?</Trans>}
      description={<Trans>This cannot be undone. Download your data first if you want to keep a copy.</Trans>}
      testId="delete-account-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (matches && online) void confirm()
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t`Type your e-mail address to confirm`}
            description={props.email}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="delete-account-confirmation"
          />
          {!online && (
            <Alert color="yellow" role="status">
              <Trans>Deleting your account needs an internet connection.</Trans>
            </Alert>
          )}
          {remove.isError && <CallFailed error={remove.error} testId="delete-account-error" />}
        </Stack>
        <ModalButtons>
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="red" disabled={!matches || !online} loading={remove.isPending} data-testid="delete-account-confirm">
            <Trans>Delete my account permanently</Trans>
          </Button>
        </ModalButtons>
      </form>
    </ResponsiveModal>
  )
}

/** Why the download or the deletion failed, under its button. */
function CallFailed(props: { error: unknown; testId: string }) {
  const { t } = useLingui()
  return (
    <Alert color="red" role="alert" data-testid={props.testId}>
      {t(DATA_RIGHTS_ERRORS[codeOf(props.error)])}
    </Alert>
  )
}
