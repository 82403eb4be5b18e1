import { Avatar, UnstyledButton } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useSession, type Profile } from '../lib/session.tsx'
import { useLazyMenu } from './lazy-menu.ts'

export function displayName(profile: Profile | null, email: string | null | undefined): string {
  return profile?.business_name?.trim() || profile?.email || email || ''
}

/** "Kuaför Ayşe" → "KA", as the avatar shows them (upper-cased the Turkish way: "işık" → "İ"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => Array.from(w)[0]).join('') : Array.from(words[0] ?? '').slice(0, 2).join('')
  return letters.toLocaleUpperCase('tr')
}

const loadMenu = () => import('./account-menu.tsx')

export function UserMenu() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const { menu, opened, setOpened, preload, open } = useLazyMenu(loadMenu)
  const name = displayName(session.profile, session.user?.email)
  const initials = initialsOf(name)
  const email = session.profile?.email ?? session.user?.email ?? ''

  async function signOut() {
    await session.signOut()
    await navigate({ to: '/' })
  }

  const trigger = (
    <UnstyledButton
      // The initials the button shows are part of its name (WCAG 2.5.3, label in name).
      aria-label={initials ? t`Account menu: ${initials}` : t`Account menu`}
      aria-haspopup="menu"
      aria-expanded={opened}
      style={{ borderRadius: '50%' }}
      // Once the menu has loaded, its own target handling opens it.
      onClick={menu ? undefined : open}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <Avatar src={session.profile?.avatar_url ?? null} name={name} color="brand" alt="">
        {initials || undefined}
      </Avatar>
    </UnstyledButton>
  )

  return menu ? (
    <menu.AccountMenu
      target={trigger}
      opened={opened}
      onChange={setOpened}
      name={name}
      email={email}
      onSignOut={() => void signOut()}
    />
  ) : (
    trigger
  )
}
