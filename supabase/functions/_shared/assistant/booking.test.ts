// The booking conversation's own interface (_shared/assistant/booking.ts);
// its dialogues are the booking evaluation's (tests/eval/booking-dialogues.ts,
// a slice of them in tests/integration/assistant-eval-slice.test.ts).
import { describe, expect, it } from 'vitest'
import { lastDraft } from './booking.ts'

describe('the booking conversation', () => {
  it('the draft the latest assistant turn left, and none once a later turn left none', () => {
    const draft = { mode: 'book' as const, step: 'name' as const }
    expect(lastDraft([{ role: 'user' }, { role: 'assistant', booking: draft }, { role: 'user' }])).toEqual(draft)
    expect(lastDraft([{ role: 'assistant', booking: draft }, { role: 'assistant', booking: null }])).toBeNull()
    expect(lastDraft([])).toBeNull()
  })
})
