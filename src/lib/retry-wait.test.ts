import { describe, expect, it } from 'vitest'
import { retryWaitText, type WaitWords } from './retry-wait.ts'

const words: WaitWords = {
  seconds: (seconds) => ({ id: 'seconds', values: { seconds } }),
  minutes: (minutes) => ({ id: 'minutes', values: { minutes } }),
}

describe('retryWaitText', () => {
  it('says a wait in seconds under two minutes, then in minutes rounded up', () => {
    expect(retryWaitText(45, words)).toEqual({ id: 'seconds', values: { seconds: 45 } })
    expect(retryWaitText(119, words)).toEqual({ id: 'seconds', values: { seconds: 119 } })
    expect(retryWaitText(120, words)).toEqual({ id: 'minutes', values: { minutes: 2 } })
    expect(retryWaitText(121, words)).toEqual({ id: 'minutes', values: { minutes: 3 } })
    expect(retryWaitText(3600, words)).toEqual({ id: 'minutes', values: { minutes: 60 } })
  })
})
