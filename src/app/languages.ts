import type { Locale } from './i18n.ts'

/** Each language is named in itself, so a reader finds their own whatever the current language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { tr: 'Türkçe', en: 'English' }
export const LANGUAGE_SWITCH_DELAY_MS = 500
/** The product's name is a brand and stays the same in every language. */
export const APP_NAME = 'Mesaj Asistanı'
