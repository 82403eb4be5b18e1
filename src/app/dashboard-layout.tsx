import './styles/dashboard.ts'
import { useEffect } from 'react'
import { Anchor, AppShell, Avatar, Badge, Burger, Button, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { followConnectivity, queryClient } from '../lib/query-client.ts'
import { useSession } from '../lib/session.tsx'
import { connectivity } from '../lib/use-online.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { APP_NAME } from './languages.ts'
import { InstallButton } from './pwa-prompts.tsx'
import { MergeNotices } from './merge-notices.tsx'
import { OwnerStoreProvider } from './owner-store.tsx'
import { SyncStatusIndicator } from './sync-status.tsx'
import { displayName } from './user-menu.tsx'
import { notifyWaiting } from '../features/conversations/notify.ts'
import { useInboxLive, useWaitingCount } from '../features/conversations/use-inbox.ts'
import classes from './shell.module.css'

type NavItem = {
  to: '/dashboard' | '/dashboard/products' | '/dashboard/appointments' | '/dashboard/customers' | '/dashboard/conversations' | '/dashboard/chatbot' | '/dashboard/settings'
  label: MessageDescriptor
  /** Other paths that belong to the same item. */
  also?: string[]
}

const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: msg`Credits`, also: ['/dashboard/credits', '/dashboard/success'] },
  { to: '/dashboard/products', label: msg`Products` },
  { to: '/dashboard/appointments', label: msg`Calendar` },
  { to: '/dashboard/customers', label: msg`Customers` },
  { to: '/dashboard/conversations', label: msg`Conversations` },
  { to: '/dashboard/chatbot', label: msg`Chatbot` },
  { to: '/dashboard/settings', label: msg`Settings` },
]

// Server reads pause offline by the signal the screens show and sync follows.
followConnectivity(connectivity)

function isActive(item: NavItem, pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (item.to === '/dashboard') return path === '/dashboard' || (item.also ?? []).some((p) => path.startsWith(p))
  return path === item.to || path.startsWith(`${item.to}/`)
}

function ProfileCard() {
  const session = useSession()
  const name = displayName(session.profile, session.user?.email)
  const email = session.profile?.email ?? session.user?.email ?? ''
  return (
    <Group gap="sm" wrap="nowrap" data-testid="profile-card">
      <Avatar src={session.profile?.avatar_url ?? null} name={name} color="brand" alt="" />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {session.profile?.business_name ?? name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {email}
        </Text>
      </div>
    </Group>
  )
}

/** Conversations waiting for the owner, live; nothing when none wait or the count is unknown. */
function WaitingBadge() {
  const { t } = useLingui()
  const waiting = useWaitingCount(true).data ?? 0
  if (waiting === 0) return null
  return (
    <Badge size="sm" circle={waiting < 10} color="red.8" data-testid="inbox-badge">
      <span aria-hidden="true">{waiting > 99 ? '99+' : waiting}</span>
      <VisuallyHidden>{t`${waiting} waiting for you`}</VisuallyHidden>
    </Badge>
  )
}

/** Keeps the inbox's queries (and so the badge) live while the dashboard is open, and tells the owner of a conversation waiting for them. */
function InboxLive() {
  const { t } = useLingui()
  const session = useSession()
  useInboxLive(session.user?.id ?? null, (id) =>
    void notifyWaiting(id, { title: t`A customer is waiting for you`, body: t`Open the conversation to answer them.` }).catch((error: unknown) =>
      console.error('the notification could not be shown', error),
    ),
  )
  return null
}

export function DashboardLayout() {
  const { t, i18n } = useLingui()
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()
  const session = useSession()
  const navigate = useNavigate()

  // A tap on an item navigates; the drawer should not stay over the new screen.
  useEffect(() => close(), [pathname, close])

  async function signOut() {
    await session.signOut()
    await navigate({ to: '/' })
  }

  // The server-state client is provided here, not in App: every screen that
  // reads server state is under the dashboard, and so TanStack Query stays out
  // of the landing page's first load (README.md).
  return (
    <QueryClientProvider client={queryClient}>
    <OwnerStoreProvider>
      <ModalsProvider>
      <Notifications position="top-right" />
      <InboxLive />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t`Close navigation` : t`Open navigation`}
                aria-expanded={opened}
                aria-controls="dashboard-navigation"
              />
              <Anchor component={Link} to="/dashboard" fw={700} underline="never" c="brand.7">
                {APP_NAME}
              </Anchor>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <SyncStatusIndicator />
              <InstallButton />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" id="dashboard-navigation" aria-label={t`Dashboard`}>
          <AppShell.Section grow>
            <Stack gap={4}>
              {NAV_ITEMS.map((item) => {
                const active = isActive(item, pathname)
                return (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    // The router marks a parent path active under every child; the Credits item decides for itself.
                    activeOptions={{ exact: item.to === '/dashboard' }}
                    label={i18n._(item.label)}
                    rightSection={item.to === '/dashboard/conversations' ? <WaitingBadge /> : undefined}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                )
              })}
            </Stack>
          </AppShell.Section>
          <AppShell.Section>
            <Stack gap="sm" pt="sm" className={classes.navFooter}>
              <Anchor component={Link} to="/" size="sm">
                <Trans>Back to the homepage</Trans>
              </Anchor>
              <LanguageSwitcher fullWidth />
              <ProfileCard />
              <Button variant="default" onClick={() => void signOut()}>
                <Trans>Sign out</Trans>
              </Button>
            </Stack>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <MergeNotices />
          <Outlet />
        </AppShell.Main>
      </AppShell>
      </ModalsProvider>
    </OwnerStoreProvider>
    </QueryClientProvider>
  )
}
