import { useState } from 'react'
import { Button, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { activateLocale, LANGUAGE_STORAGE_KEY, isLocale, type Locale } from './i18n.ts'
import { LANGUAGE_NAMES, LANGUAGE_SWITCH_DELAY_MS } from './languages.ts'
import { useLazyMenu } from './lazy-menu.ts'

async function switchLanguage(locale: Locale) {
  await new Promise((resolve) => setTimeout(resolve, LANGUAGE_SWITCH_DELAY_MS))
  await activateLocale(locale)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

const loadMenu = () => import('./language-menu.tsx')

export function LanguageSwitcher(props: { fullWidth?: boolean }) {
  const { t, i18n } = useLingui()
  const [pending, setPending] = useState<Locale | null>(null)
  const { menu, opened, setOpened, preload, open } = useLazyMenu(loadMenu)
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'tr'
  const currentName = LANGUAGE_NAMES[current]
  // The visible code is part of the name, so speech input can say what it sees.
  const code = current.toUpperCase()

  async function choose(locale: Locale) {
    if (locale === current || pending) return
    setPending(locale)
    try {
      await switchLanguage(locale)
    } finally {
      setPending(null)
    }
  }

  const trigger = (
    <Button
      variant="default"
      size="sm"
      fullWidth={props.fullWidth}
      loading={pending !== null}
      aria-busy={pending !== null}
      aria-label={t`Language: ${currentName}, ${code}`}
      aria-haspopup="menu"
      aria-expanded={opened}
      data-testid="language-switcher"
      // Once the menu has loaded, its own target handling opens it.
      onClick={menu ? undefined : open}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {code}
    </Button>
  )

  return (
    <>
      {menu ? (
        <menu.LanguageMenu
          target={trigger}
          opened={opened}
          onChange={setOpened}
          current={current}
          onChoose={(locale) => void choose(locale)}
        />
      ) : (
        trigger
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {pending ? <Trans>Changing the language…</Trans> : null}
      </VisuallyHidden>
    </>
  )
}
