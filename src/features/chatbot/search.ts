// The chatbot screen's active tab lives in the URL (?tab=code), so a reload,
// the back button and a link keep it. Tiny and macro-free: the route file reads it.
export const CHATBOT_TABS = ['settings', 'business', 'code', 'usage', 'insights'] as const
export type ChatbotTab = (typeof CHATBOT_TABS)[number]
export const DEFAULT_CHATBOT_TAB: ChatbotTab = 'settings'

export type ChatbotSearch = { tab?: Exclude<ChatbotTab, 'settings'> }

/** `?tab=business|code|usage|insights` (the spec's own name for usage, `stats`, is taken too); anything else is the default tab. */
export function validateChatbotSearch(search: Record<string, unknown>): ChatbotSearch {
  const tab = search.tab
  if (tab === 'business' || tab === 'code' || tab === 'usage' || tab === 'insights') return { tab }
  if (tab === 'stats') return { tab: 'usage' }
  return {}
}

export const readChatbotTab = (search: ChatbotSearch): ChatbotTab => search.tab ?? DEFAULT_CHATBOT_TAB
