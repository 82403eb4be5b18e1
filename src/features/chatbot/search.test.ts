import { describe, expect, it } from 'vitest'
import { readChatbotTab, validateChatbotSearch } from './search.ts'

describe('the chatbot screen tab in the URL', () => {
  it('keeps each tab but the default, reads the spec\'s "stats" as usage, and drops anything else', () => {
    for (const tab of ['business', 'code', 'usage', 'insights'] as const) expect(validateChatbotSearch({ tab })).toEqual({ tab })
    expect(validateChatbotSearch({ tab: 'stats' })).toEqual({ tab: 'usage' })
    expect(validateChatbotSearch({ tab: 'settings' })).toEqual({})
    expect(validateChatbotSearch({ tab: 'charts' })).toEqual({})
    expect(readChatbotTab({})).toBe('settings')
    expect(readChatbotTab({ tab: 'insights' })).toBe('insights')
  })
})
