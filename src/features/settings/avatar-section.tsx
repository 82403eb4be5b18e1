// The profile photo: chosen, checked (an image the avatars bucket takes,
// under 2 MB) and uploaded at once, apart from the form's save. The sidebar's
// profile card reads the profile, which is read again as soon as the photo is
// in place, so the new photo shows there at once.
import { useState } from 'react'
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { AVATAR_TYPES } from '../../../domain/settings.ts'
import { useSession } from '../../lib/session.tsx'
import { useOnline } from '../../lib/use-online.ts'
import { AvatarUploadFailure, type AvatarUploadError } from './api.ts'
import { AVATAR_ERRORS } from './messages.ts'
import { useUploadAvatar } from './use-settings.ts'

export function AvatarSection(props: { userId: string }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const online = useOnline()
  const upload = useUploadAvatar(props.userId)
  const [error, setError] = useState<AvatarUploadError | null>(null)
  const [done, setDone] = useState(false)
  const profile = session.profile
  const name = profile?.business_name ?? ''

  async function choose(file: File | null) {
    if (!file) return
    setError(null)
    setDone(false)
    try {
      await upload.mutateAsync({ file, previousUrl: profile?.avatar_url ?? null })
      await session.refreshProfile({ force: true })
      setDone(true)
    } catch (e) {
      const code = e instanceof AvatarUploadFailure ? e.code : 'upload_failed'
      if (code === 'upload_failed') console.error('uploading the profile photo failed', e)
      setError(code)
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap">
        <Avatar src={profile?.avatar_url ?? null} name={name} color="brand" size={72} alt={t`Profile photo`} data-testid="settings-avatar" />
        <Stack gap={6} align="flex-start">
          <FileButton onChange={(file) => void choose(file)} accept={AVATAR_TYPES.join(',')} disabled={!online || upload.isPending}>
            {(buttonProps) => (
              <Button {...buttonProps} variant="light" loading={upload.isPending} data-testid="settings-avatar-button">
                {profile?.avatar_url ? <Trans>Change photo</Trans> : <Trans>Upload a photo</Trans>}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            <Trans>PNG, JPEG, WebP or GIF, under 2 MB.</Trans>
          </Text>
        </Stack>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="settings-avatar-error">
          {i18n._(AVATAR_ERRORS[error])}
        </Alert>
      )}
      <Text size="sm" c="green.8" role="status" data-testid="settings-avatar-done">
        {done ? t`Your profile photo was updated.` : ''}
      </Text>
    </Stack>
  )
}
