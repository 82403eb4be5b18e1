// What the embed snippet left in `window.ChatbotConfig`, checked before
// anything is drawn: the snippet is pasted into pages we do not control and
// may be edited by hand, so a missing or malformed value means no widget
// rather than a broken one.
import { CHATBOT_POSITIONS, normalizeHexColor, DEFAULT_CHATBOT_COLOR, type ChatbotPosition, type WidgetConfig } from '../../domain/chatbot.ts'

/** The config the widget runs with: URLs checked, colour normalised, blanks as null. */
export type ReadyConfig = {
  userId: string
  apiUrl: string
  botName: string | null
  welcomeMessage: string | null
  /** `#rrggbb` */
  primaryColor: string
  position: ChatbotPosition
  /** The panel slides in; a page can turn it off, and reduced-motion users never see it. */
  animation: boolean
}

export type WidgetLanguage = 'tr' | 'en'

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** The config to run with, or null when the widget should draw nothing (disabled, missing, invalid). */
export function readWidgetConfig(value: unknown): ReadyConfig | null {
  if (typeof value !== 'object' || value === null) return null
  const config = value as Partial<Record<keyof WidgetConfig, unknown>>
  if (config.enabled !== true) return null
  const userId = text(config.userId)
  const apiUrl = httpUrl(config.apiUrl)
  if (userId === null || apiUrl === null) return null
  const color = typeof config.primaryColor === 'string' ? normalizeHexColor(config.primaryColor) : null
  const position = (CHATBOT_POSITIONS as readonly unknown[]).includes(config.position) ? (config.position as ChatbotPosition) : 'bottom-right'
  return {
    userId,
    apiUrl,
    botName: text(config.botName),
    welcomeMessage: text(config.welcomeMessage),
    primaryColor: color ?? normalizeHexColor(DEFAULT_CHATBOT_COLOR)!,
    position,
    animation: config.animation !== false,
  }
}

/** The host page's language (`<html lang>`): English when it says so, Turkish otherwise. */
export function widgetLanguage(lang: string | null | undefined): WidgetLanguage {
  return /^en\b/i.test((lang ?? '').trim()) ? 'en' : 'tr'
}
