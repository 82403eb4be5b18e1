import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession, type Profile } from '../lib/session.tsx'

export function displayName(profile: Profile | null, email: string | null | undefined): string {
  return profile?.business_name?.trim() || profile?.email || email || ''
}

export function UserMenu() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const name = displayName(session.profile, session.user?.email)
  const email = session.profile?.email ?? session.user?.email ?? ''

  async function signOut() {
    await session.signOut()
    await navigate({ to: '/' })
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account menu`} style={{ borderRadius: '50%' }}>
          <Avatar src={session.profile?.avatar_url ?? null} name={name} color="brand" alt="" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end" maw={220}>
            {name}
          </Text>
          {email && name !== email ? (
            <Text size="xs" truncate="end" maw={220}>
              {email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Item component={Link} to="/dashboard/credits">
          <Trans>Credits</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/settings">
          <Trans>Settings</Trans>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
