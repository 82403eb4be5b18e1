import { describe, expect, it } from 'vitest'
import { emptyConversation, loadConversation, saveConversation, storageKey, STORED_MESSAGES_MAX } from './conversation.ts'

const memory = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}
const USER = 'd0000000-0000-4000-8000-000000000001'

describe('the stored conversation', () => {
  it('comes back as it was saved, per owner', () => {
    const store = memory()
    const conversation = { conversationId: 'c-1', messages: [{ role: 'user' as const, text: 'Fiyat?' }, { role: 'bot' as const, text: '85 TL' }] }
    saveConversation(store, USER, conversation)
    expect(loadConversation(store, USER)).toEqual(conversation)
    expect(loadConversation(store, 'another-owner')).toEqual(emptyConversation())
  })

  it('keeps only the latest messages', () => {
    const store = memory()
    const messages = Array.from({ length: STORED_MESSAGES_MAX + 5 }, (_, i) => ({ role: 'user' as const, text: String(i) }))
    saveConversation(store, USER, { conversationId: null, messages })
    const loaded = loadConversation(store, USER)
    expect(loaded.messages).toHaveLength(STORED_MESSAGES_MAX)
    expect(loaded.messages.at(-1)!.text).toBe(String(STORED_MESSAGES_MAX + 4))
  })

  it('starts empty when storage is blocked, full or holds something else', () => {
    const throwing = { getItem: () => { throw new Error('SecurityError') }, setItem: () => { throw new Error('QuotaExceededError') } }
    expect(loadConversation(throwing, USER)).toEqual(emptyConversation())
    expect(() => saveConversation(throwing, USER, emptyConversation())).not.toThrow()
    expect(loadConversation(null, USER)).toEqual(emptyConversation())
    const store = memory()
    for (const raw of ['{', '[]', '{"v":2,"messages":[]}', '{"v":1}']) {
      store.data.set(storageKey(USER), raw)
      expect(loadConversation(store, USER), raw).toEqual(emptyConversation())
    }
    store.data.set(storageKey(USER), JSON.stringify({ v: 1, conversationId: 7, messages: [{ role: 'user', text: 'ok' }, { role: 'system', text: 'x' }, null, { role: 'bot' }] }))
    expect(loadConversation(store, USER)).toEqual({ conversationId: null, messages: [{ role: 'user', text: 'ok' }] })
  })
})
