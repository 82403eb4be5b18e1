// A refusal that says when to try again ("Please try again in 45 s."): each
// feature words its own refusal, the wait is said the same way everywhere.
// Macro-free, so unit tests may import it.
import type { MessageDescriptor } from '@lingui/core'

/** A feature's words for a wait said in seconds and for one said in minutes. */
export type WaitWords = {
  seconds: (seconds: number) => MessageDescriptor
  minutes: (minutes: number) => MessageDescriptor
}

/** In seconds under two minutes; past that in whole minutes, rounded up (a limit per day can be hours away). */
export function retryWaitText(seconds: number, words: WaitWords): MessageDescriptor {
  return seconds < 120 ? words.seconds(seconds) : words.minutes(Math.ceil(seconds / 60))
}
