// What kind of question a message asks, by a classifier trained on the
// corpus (corpus.ts) with NLP.js: a small neural network over stemmed words,
// one per language (its Turkish and English stemmers). Training takes tens of
// milliseconds and is done once, on first use; the network starts from fixed
// weights, so the same corpus gives the same answers on every start, with no
// network and no key.
//
// Before the network sees a message it is folded to ASCII (customers often
// type Turkish without its letters), and a word the corpus never uses is
// replaced by the corpus word one typo away ("saatlerinz" → "saatleriniz"),
// so a misspelt word still counts. The message is read by the language's
// network that knows more of its words, so a mixed message ("kargo free
// mi") goes to whichever knows more of it, and a network never answers from
// the one word it happens to know of a message in the other language.
import { containerBootstrap } from '@nlpjs/core'
import { LangEn } from '@nlpjs/lang-en-min'
import { LangTr } from '@nlpjs/lang-tr'
import { Nlp } from '@nlpjs/nlp'
import { CORPUS, type CorpusEntry, type CorpusLanguage } from './corpus.ts'
import { words } from './text.ts'

export type Classification = {
  intent: string
  score: number
  /** The other intents the network saw in the message, best first. */
  alternatives?: Classification[]
  /** How many of the message's words the corpus never uses (product names, mostly). */
  unknown?: number
}

/** No intent: the network knew none of the words, or no intent scored. */
export const NONE: Classification = { intent: 'None', score: 0 }

export type Classifier = { classify(message: string): Promise<Classification> }

/** The message as the network reads it: ASCII-folded words, spaces between. */
export function normalize(message: string): string {
  return words(message)
    .map((word) => word.key)
    .join(' ')
}

/** Optimal string alignment distance, stopping once it passes `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) rows.push([i])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = value
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
  }
  return rows[a.length]![b.length]!
}

/** Whether two words of one length differ by two neighbouring letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const at = [...a].findIndex((letter, i) => letter !== b[i])
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)
}

/** The corpus word a misspelt word most likely is, or the word itself. */
function corrector(vocabulary: ReadonlySet<string>): (word: string) => string {
  const byLength = new Map<number, string[]>()
  for (const word of vocabulary) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word])
  const cache = new Map<string, string>()
  return (word) => {
    // Short words are too often another real word one letter away ("kac"/"kat"); of four letters, only two
    // swapped ("mial"/"mail") are a typo, one changed is as often another word ("şişe"/"size").
    if (word.length < 4 || vocabulary.has(word) || /\d/.test(word)) return word
    const known = cache.get(word)
    if (known !== undefined) return known
    const max = word.length >= 8 ? 2 : 1
    let best = word
    let bestDistance = max + 1
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const candidate of byLength.get(length) ?? []) {
        if (word.length === 4 && !swapped(word, candidate)) continue
        const distance = editDistance(word, candidate, max)
        // Ties go to the first corpus word, which keeps the choice stable.
        if (distance < bestDistance) {
          best = candidate
          bestDistance = distance
        }
      }
    }
    if (cache.size < 10_000) cache.set(word, best)
    return best
  }
}

export async function trainClassifier(corpus: readonly CorpusEntry[]): Promise<Classifier> {
  const container = containerBootstrap()
  container.use(LangTr)
  container.use(LangEn)
  const nlp = new Nlp({ container, languages: ['tr', 'en'], autoSave: false, autoLoad: false, nlu: { log: false }, calculateSentiment: false })
  const vocabulary = new Set<string>()
  const known: Record<CorpusLanguage, Set<string>> = { tr: new Set(), en: new Set() }
  for (const entry of corpus) {
    const text = normalize(entry.text)
    for (const word of text.split(' ')) {
      if (word === '') continue
      vocabulary.add(word)
      known[entry.language].add(word)
    }
    nlp.addDocument(entry.language, text, entry.intent)
  }
  await nlp.train()
  const correct = corrector(vocabulary)

  return {
    async classify(message) {
      const text = normalize(message)
        .split(' ')
        .map(correct)
        .join(' ')
      const list = text.split(' ').filter((word) => word !== '')
      if (list.length === 0) return NONE
      const share = (language: CorpusLanguage) => list.filter((word) => known[language].has(word)).length
      const [tr, en] = [share('tr'), share('en')]
      if (tr === 0 && en === 0) return NONE
      const languages: CorpusLanguage[] = tr === en ? ['tr', 'en'] : tr > en ? ['tr'] : ['en']
      const all: Classification[] = []
      for (const language of languages) {
        const result = await nlp.nluManager.process(language, text)
        for (const { intent, score } of result.classifications ?? []) if (intent !== 'None' && score > 0) all.push({ intent, score })
      }
      all.sort((a, b) => b.score - a.score)
      const [best, ...rest] = all
      const unknown = list.length - Math.max(tr, en)
      return best ? { ...best, alternatives: rest.filter((c) => c.intent !== best.intent).slice(0, 3), unknown } : { ...NONE, unknown }
    },
  }
}

let shared: Promise<Classifier> | null = null

/** The classifier trained on the corpus, trained on first use and kept. */
export function corpusClassifier(): Promise<Classifier> {
  shared ??= trainClassifier(CORPUS).catch((error: unknown) => {
    shared = null
    throw error
  })
  return shared
}
