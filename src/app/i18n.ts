import { i18n } from '@lingui/core'

export const LOCALES = ['tr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'tr'
/** The browser-storage key the spec names for the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Locale {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY)
    return isLocale(value) ? value : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

// Catalogs load lazily, one per language, so the bundle carries only the active one.
const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  tr: () => import('../locales/tr/messages.po'),
  en: () => import('../locales/en/messages.po'),
}

export async function loadLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages: messages as never })
}

export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale)
  // Setting it even to the same value makes the browser recompute styles.
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale
}

export { i18n }
