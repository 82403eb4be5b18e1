import { describe, expect, it } from 'vitest'
import type { FetchedMessage } from './api.ts'
import {
  awaitingPerson,
  emptyConversation,
  loadConversation,
  saveConversation,
  storageKey,
  STORED_MESSAGES_MAX,
  withAnswer,
  withFetched,
  type Conversation,
} from './conversation.ts'

const memory = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}
const USER = 'd0000000-0000-4000-8000-000000000001'
const C1 = 'c0000000-0000-4000-8000-000000000001'

describe('the stored conversation', () => {
  it('comes back as it was saved, per owner, with the last message fetched', () => {
    const store = memory()
    const conversation: Conversation = {
      conversationId: C1,
      messages: [
        { role: 'user', text: 'Fiyat?' },
        { role: 'bot', text: '85 TL' },
        { role: 'owner', text: 'Merhaba, ben Ayşe.', id: 'm-3' },
      ],
      lastId: 'm-3',
    }
    saveConversation(store, USER, conversation)
    expect(loadConversation(store, USER)).toEqual(conversation)
    expect(loadConversation(store, 'another-owner')).toEqual(emptyConversation())
  })

  it('reads a conversation stored before it kept a last id as one never fetched', () => {
    const store = memory()
    store.data.set(storageKey(USER), JSON.stringify({ v: 1, conversationId: C1, messages: [{ role: 'user', text: 'Fiyat?' }] }))
    expect(loadConversation(store, USER)).toEqual({ conversationId: C1, messages: [{ role: 'user', text: 'Fiyat?' }], lastId: null })
    // A last id without a conversation is no position at all.
    store.data.set(storageKey(USER), JSON.stringify({ v: 1, conversationId: null, messages: [], lastId: 'm-1' }))
    expect(loadConversation(store, USER).lastId).toBeNull()
  })

  it('keeps only the latest messages', () => {
    const store = memory()
    const messages = Array.from({ length: STORED_MESSAGES_MAX + 5 }, (_, i) => ({ role: 'user' as const, text: String(i) }))
    saveConversation(store, USER, { conversationId: null, messages, lastId: null })
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
    store.data.set(
      storageKey(USER),
      JSON.stringify({
        v: 1,
        conversationId: 7,
        lastId: 'm-1',
        messages: [{ role: 'user', text: 'ok' }, { role: 'system', text: 'x' }, null, { role: 'bot' }, { role: 'owner', text: 'Merhaba', id: 42 }],
      }),
    )
    expect(loadConversation(store, USER)).toEqual({ conversationId: null, messages: [{ role: 'user', text: 'ok' }, { role: 'owner', text: 'Merhaba' }], lastId: null })
  })
})

describe('answers and fetches', () => {
  const owner = (id: string, text: string): FetchedMessage => ({ id, author: 'owner', text })

  it('a reply is stored after the message; a message a person will answer is stored alone, and waits', () => {
    const answered = withAnswer(emptyConversation(), 'Fiyat?', '85 TL', C1)
    expect(answered).toEqual({ conversationId: C1, messages: [{ role: 'user', text: 'Fiyat?' }, { role: 'bot', text: '85 TL' }], lastId: null })
    expect(awaitingPerson(answered)).toBe(false)
    const held = withAnswer({ ...answered, lastId: 'm-2' }, 'Kargom nerede?', null, C1)
    expect(held.messages.map((m) => m.role)).toEqual(['user', 'bot', 'user'])
    expect(held.lastId).toBe('m-2')
    expect(awaitingPerson(held)).toBe(true)
    expect(awaitingPerson(emptyConversation())).toBe(false)
  })

  it('a conversation the server started anew is fetched from its start', () => {
    const old: Conversation = { conversationId: C1, messages: [], lastId: 'm-9' }
    expect(withAnswer(old, 'Merhaba', 'Merhaba!', 'c-new').lastId).toBeNull()
  })

  it('shows only the owner\'s messages it has not shown, and goes on after the newest message of any author', () => {
    const start = withAnswer(emptyConversation(), 'Bir yetkiliyle görüşmek istiyorum', 'Sizi ekibimize aktardım.', C1)
    const first = withFetched(start, [
      { id: 'm-1', author: 'customer', text: 'Bir yetkiliyle görüşmek istiyorum' },
      { id: 'm-2', author: 'assistant', text: 'Sizi ekibimize aktardım.' },
      owner('m-3', 'Merhaba, ben Ayşe.'),
    ])
    expect(first.fresh).toEqual([{ role: 'owner', text: 'Merhaba, ben Ayşe.', id: 'm-3' }])
    expect(first.conversation.lastId).toBe('m-3')
    expect(first.conversation.messages.map((m) => m.role)).toEqual(['user', 'bot', 'owner'])
    expect(awaitingPerson(first.conversation)).toBe(false)

    // The same message again (a fetch from the start, after a lost position) is not shown twice.
    const again = withFetched(first.conversation, [owner('m-3', 'Merhaba, ben Ayşe.'), { id: 'm-4', author: 'customer', text: 'Teşekkürler' }])
    expect(again.fresh).toEqual([])
    expect(again.conversation.lastId).toBe('m-4')
    expect(again.conversation.messages).toHaveLength(3)

    // Nothing new: the position stays.
    expect(withFetched(again.conversation, []).conversation).toEqual(again.conversation)
  })
})
