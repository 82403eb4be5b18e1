import { Anchor, Box, Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, Outlet } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../lib/session.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { APP_NAME } from './languages.ts'
import { InstallButton } from './pwa-prompts.tsx'
import { AVATAR_SIZE } from './static-page.ts'
import { UserMenu } from './user-menu.tsx'
import classes from './shell.module.css'

/**
 * The top bar and main landmark around public screens; without children it
 * renders the matched route. The data-account-* attributes let the static
 * landing page keep the avatar's room for a signed-in visitor (static-page.ts).
 */
export function PublicLayout(props: { children?: ReactNode }) {
  const { t } = useLingui()
  const session = useSession()
  return (
    <>
      <Box
        component="header"
        px="md"
        py="xs"
        className={classes.topBar}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to="/" fw={700} size="lg" underline="never" c="brand.7">
            {APP_NAME}
          </Anchor>
          <Group component="nav" aria-label={t`Account and language`} gap="xs" wrap="nowrap" data-account-nav>
            <InstallButton />
            <LanguageSwitcher />
            {session.status === 'signed-in' ? (
              <UserMenu />
            ) : session.status === 'signed-out' ? (
              <Button component={Link} to="/auth" size="sm" data-account-sign-in>
                <Trans>Sign in</Trans>
              </Button>
            ) : (
              // While a stored sign-in is restored: the avatar's room, so the bar does not move when it appears.
              <Box w={AVATAR_SIZE} h={AVATAR_SIZE} style={{ flex: 'none' }} aria-hidden />
            )}
          </Group>
        </Group>
      </Box>
      <Box component="main" id="main">
        {props.children ?? <Outlet />}
      </Box>
    </>
  )
}
