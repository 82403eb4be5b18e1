import type { ReactElement } from 'react'
import { Menu, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import './styles/menu.ts'

/** The signed-in visitor's menu, loaded on first use (user-menu.tsx). */
export function AccountMenu(props: {
  target: ReactElement
  opened: boolean
  onChange: (opened: boolean) => void
  name: string
  email: string
  onSignOut: () => void
}) {
  const { name, email } = props
  return (
    <Menu position="bottom-end" withinPortal opened={props.opened} onChange={props.onChange}>
      <Menu.Target>{props.target}</Menu.Target>
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
        <Menu.Item color="red" onClick={props.onSignOut}>
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
