// The widget's own Lingui instance with both catalogs inside the script:
// they are a few hundred bytes, less than a second request would cost.
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { messages as tr } from './locales/tr/messages.po'
import { messages as en } from './locales/en/messages.po'
import type { WidgetLanguage } from './config.ts'

export function widgetI18n(locale: WidgetLanguage): I18n {
  return setupI18n({ locale, messages: { tr: tr as Messages, en: en as Messages } })
}
