import type { ReactElement } from 'react'
import { Menu } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { LOCALES, type Locale } from './i18n.ts'
import { LANGUAGE_NAMES } from './languages.ts'
import './styles/menu.ts'

/** The language switcher's menu, loaded on first use (language-switcher.tsx). */
export function LanguageMenu(props: {
  target: ReactElement
  opened: boolean
  onChange: (opened: boolean) => void
  current: Locale
  onChoose: (locale: Locale) => void
}) {
  return (
    <Menu position="bottom-end" withinPortal opened={props.opened} onChange={props.onChange}>
      <Menu.Target>{props.target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Trans>Language</Trans>
        </Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            aria-current={locale === props.current ? 'true' : undefined}
            fw={locale === props.current ? 700 : undefined}
            onClick={() => props.onChoose(locale)}
          >
            {LANGUAGE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
