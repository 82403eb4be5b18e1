// The widget's refusals in words: a rate limit's wait in the unit a person reads it in.
import { describe, expect, it } from 'vitest'
import { errorMessage } from './messages.ts'
import { widgetI18n } from './i18n.ts'

const said = (language: 'tr' | 'en', retryAfter?: number) => widgetI18n(language)._(errorMessage('rate_limited', retryAfter))

describe('errorMessage', () => {
  it('gives a short wait in seconds and a longer one in minutes', () => {
    expect(said('en', 12)).toBe('You are sending messages too quickly. Try again in 12 s.')
    expect(said('tr', 12)).toBe('Çok hızlı mesaj gönderiyorsunuz. 12 sn sonra tekrar deneyin.')
    expect(said('en', 61)).toBe('You are sending messages too quickly. Try again in 2 min.')
    expect(said('tr', 3599)).toBe('Çok hızlı mesaj gönderiyorsunuz. 60 dk sonra tekrar deneyin.')
  })

  it('says a wait of hours is a limit reached, in hours, with the business as the other way', () => {
    expect(said('en', 86_037)).toBe('You have sent too many messages for now. Please try again in 24 h or contact the business directly.')
    expect(said('tr', 3600)).toBe('Şimdilik çok fazla mesaj gönderdiniz. Lütfen 1 saat sonra tekrar deneyin ya da doğrudan işletmeyle iletişime geçin.')
  })

  it('asks for a moment when the server gave no wait, and names every other refusal', () => {
    expect(said('tr')).toBe('Çok hızlı mesaj gönderiyorsunuz. Lütfen biraz bekleyip tekrar deneyin.')
    expect(widgetI18n('en')._(errorMessage('offline'))).toBe('You are offline. Send your message again once you are connected.')
  })
})
