// A fixed slice of the assistant's conversation evaluation (tests/eval/,
// `npm run eval:assistant`): a dozen conversations, about 40 messages from
// both the corpus half and the held-out half, every kind of message at least
// once, for the owner who wrote a profile and an FAQ among 1,000 products and
// for the owner who wrote nothing. It holds the corpus half at the
// evaluation's targets and the held-out half to what it keeps (see below), so
// a change that breaks a kind of answer fails here before anyone runs the
// whole set. Times are the full
// evaluation's business, not a test's. PGlite only: the answers do not depend
// on the engine, and chatbot-api's own tests run on both.
import { describe, expect, it } from 'vitest'
import { assertHeldoutUntaught, factsShare, runEval, TARGETS } from '../eval/assistant-eval.ts'
import { HELDOUT_CONVERSATIONS } from '../eval/assistant-heldout.ts'
import { CORPUS_CONVERSATIONS, type EvalKind } from '../eval/assistant-set.ts'
import { runBookingEval } from '../eval/booking-eval.ts'
import { DIALOGUES } from '../eval/booking-dialogues.ts'

const SLICE = [
  // Corpus half
  'tr-randevu',
  'tr-butce',
  'tr-yazilmamis',
  'en-policies',
  'en-hours',
  'tr-sevgili-kablosuz',
  'tr-baska-malzeme',
  // Held-out half
  'h-tr-sapka',
  'h-tr-sikayet',
  'h-tr-alakasiz',
  'h-tr-saat',
  'h-en-umbrella',
  'h-tr-hediye',
  'h-tr-liste',
]
const FILLER_PRODUCTS = 1000
/** The held-out half of this slice answers 22 of its 23 messages right (96 %); below this, understanding went backwards. */
const HELDOUT_FACTS_FLOOR = 0.85

const all = [...CORPUS_CONVERSATIONS, ...HELDOUT_CONVERSATIONS]
const conversations = SLICE.map((id) => {
  const found = all.find((c) => c.id === id)
  if (!found) throw new Error(`the slice names a conversation the set does not have: ${id}`)
  return found
})

describe('assistant evaluation slice on pglite', () => {
  it('keeps its held-out messages out of the corpus, and covers both halves and every kind', () => {
    assertHeldoutUntaught(() => undefined)
    const turns = conversations.flatMap((c) => c.turns.map((t) => ({ ...t, split: c.split })))
    expect(turns.filter((t) => t.split === 'corpus').length).toBeGreaterThan(15)
    expect(turns.filter((t) => t.split === 'heldout').length).toBeGreaterThan(15)
    expect(conversations.some((c) => c.owner === 'blank')).toBe(true)
    const kinds = new Set<EvalKind>(all.flatMap((c) => c.turns.map((t) => t.kind)))
    const covered = new Set(turns.map((t) => t.kind))
    expect([...kinds].filter((k) => !covered.has(k))).toEqual([])
  })

  // The corpus half is what the responder was taught: it is held at the
  // evaluation's targets. The held-out half is wording it was never taught,
  // where it does not reach them yet (npm run eval:assistant prints how far):
  // there it is held to the guarantees it keeps, no invented fact and no
  // "no matching product" to another question, and to a floor under its
  // facts, so that a change which makes it understand less fails here.
  it('answers the corpus half at the targets, and the held-out half without inventing anything and above its floor', async () => {
    const lines: string[] = []
    const metrics = await runEval({ conversations, fillerProducts: FILLER_PRODUCTS, log: (line) => lines.push(line), floorSamples: 0 })
    const report = lines.join('\n')
    expect(metrics.messages).toBe(conversations.reduce((n, c) => n + c.turns.length, 0))
    const { corpus, heldout } = metrics.bySplit
    // One assertion, so a failure prints the evaluation's report (per kind, and the failing turns) once.
    const found = {
      corpus: { wrongProducts: corpus.wrongProducts, noMatch: corpus.noMatch, claimed: corpus.claimed, invented: corpus.invented, factsMet: factsShare(corpus) >= TARGETS.facts },
      heldout: { noMatch: heldout.noMatch, invented: heldout.invented, aboveFloor: factsShare(heldout) >= HELDOUT_FACTS_FLOOR },
    }
    expect(found, `\n${report}\n`).toEqual({
      corpus: { wrongProducts: 0, noMatch: 0, claimed: 0, invented: 0, factsMet: true },
      heldout: { noMatch: 0, invented: 0, aboveFloor: true },
    })
    // Beside the rest of the stack project on two cores it takes far longer than alone (about 10 s).
  }, 240_000)
})

// The booking dialogues' slice: both languages, both channels, a refusal with new offers, a change of mind, a
// cancellation and a move, a question about something else in the middle of one, a day and an hour said in separate
// messages, a move by an hour just after booking, a new hour once one was chosen ("evet ama saat 16 olsun" too), a
// service the owner does not offer, the afternoon of the day just offered, "en erken", "hafta sonu" and "the 10th", a
// quarter past on a half-hour grid, a first name that is a weekday ("Cuma Yılmaz"), a move asked as "cumaya alabilir
// miyim" to the same time, "kaça kadar açıksınız" while the times wait and the price once the time is chosen, a name
// written while the service is asked, a surname sent after the first name ("soyadım Demir", "my surname is Hardy"
// too), paying by card and walk-ins asked of a salon (by card while the times wait too), whether it is open on a day
// just after a service's price, thanks to the summary (nothing booked yet, said), "okuldan sonra", "my hair coloured"
// (one service) and a surname ending in "tel", whether a reminder comes, "ya 4 is good", "whats free", later and
// earlier times than those offered. Every one right, and never an appointment the customer did not end up asking for.
const BOOKING_SLICE = [
  'tr-yarin-15', 'tr-dolu-saat', 'tr-hizmet-sorulurken-kargo', 'tr-gun-sonra-saat', 'tr-ozette-saat', 'tr-evet-ama',
  'tr-o-gun-ogleden-sonra', 'tr-en-erken', 'tr-isim-gun', 'tr-hizmet-yine', 'tr-hizmet-fiyati', 'tr-saat-sorulurken-ucret', 'tr-ad-sonra-soyad', 'tr-baska-saat', 'tr-hayir-sonra-baska', 'tr-wa-iptal', 'tr-wa-tasi', 'tr-wa-saliya-al',
  'tr-hizmetten-sonra-acik-mi', 'tr-saat-sorulurken-kartla-odeme', 'tr-ozette-tesekkurler', 'tr-okuldan-sonra', 'tr-isim-sorulurken-hatirlatma', 'tr-soyadim-sonra', 'tr-bir-saat-ileri', 'tr-5ten-sonra-kizim', 'tr-yarin-degil-persembe',
  'tr-3e-4-demek-istedim', 'tr-yrn-ogleden-sonra', 'tr-cumartesi-kacta-aciliyor',
  'tr-simdi-gelebilir-miyim', 'tr-aksama-dogru-boya', 'tr-gelsem',
  'en-tomorrow-10', 'en-sunday', 'en-changed-mind', 'en-day-then-hour', 'en-the-10th', 'en-quarter-past', 'en-not-listed', 'en-not-a-service', 'en-how-much-once-chosen', 'en-name-while-service-asked', 'en-services', 'en-wa-move', 'en-hair-coloured', 'en-reminder-after-booking', 'en-surname-after', 'en-ya-4-is-good', 'en-whats-free', 'en-what-about-tomorrow',
  'en-after-four-daughter', 'en-after-closing', 'en-nails-done', 'en-uk-number-without-code',
]

describe('booking evaluation slice on pglite', () => {
  it('books exactly what each customer settled on', async () => {
    const dialogues = BOOKING_SLICE.map((id) => {
      const found = DIALOGUES.find((d) => d.id === id)
      if (!found) throw new Error(`the slice names a dialogue the set does not have: ${id}`)
      return found
    })
    const lines: string[] = []
    const metrics = await runBookingEval({ dialogues, log: (line) => lines.push(line), showReplies: true })
    expect(metrics.wrongBookings, lines.join('\n')).toBe(0)
    expect(metrics.right, lines.join('\n')).toBe(dialogues.length)
  }, 120_000)
})
