// The built-in responder's training corpus: example messages for each
// intent, in Turkish and English, from which nlu.ts trains its classifier.
// Add a phrasing here when customers ask something in a way the assistant
// misreads; see README.md in this folder.

export type CorpusLanguage = 'tr' | 'en'
export type CorpusEntry = { intent: string; language: CorpusLanguage; text: string }

export const CORPUS: readonly CorpusEntry[] = []
