import { useState } from 'react'
import { Button, Menu, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { activateLocale, LANGUAGE_STORAGE_KEY, LOCALES, isLocale, type Locale } from './i18n.ts'
import { LANGUAGE_NAMES, LANGUAGE_SWITCH_DELAY_MS } from './languages.ts'

async function switchLanguage(locale: Locale) {
  await new Promise((resolve) => setTimeout(resolve, LANGUAGE_SWITCH_DELAY_MS))
  await activateLocale(locale)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

export function LanguageSwitcher(props: { fullWidth?: boolean }) {
  const { t, i18n } = useLingui()
  const [pending, setPending] = useState<Locale | null>(null)
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'tr'
  const currentName = LANGUAGE_NAMES[current]

  async function choose(locale: Locale) {
    if (locale === current || pending) return
    setPending(locale)
    try {
      await switchLanguage(locale)
    } finally {
      setPending(null)
    }
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            fullWidth={props.fullWidth}
            loading={pending !== null}
            aria-busy={pending !== null}
            aria-label={t`Language: ${currentName}`}
            data-testid="language-switcher"
          >
            {current.toUpperCase()}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Trans>Language</Trans>
          </Menu.Label>
          {LOCALES.map((locale) => (
            <Menu.Item
              key={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              fw={locale === current ? 700 : undefined}
              onClick={() => void choose(locale)}
            >
              {LANGUAGE_NAMES[locale]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden role="status" aria-live="polite">
        {pending ? <Trans>Changing the language…</Trans> : null}
      </VisuallyHidden>
    </>
  )
}
