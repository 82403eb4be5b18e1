// The part of NLP.js (https://github.com/axa-group/nlp.js) the assistant's
// classifier uses: the packages ship JavaScript only. Deno reads them as
// untyped; the Node type check reads these declarations (tsconfig.json "files").
declare module '@nlpjs/core' {
  export type NlpContainer = { use(plugin: unknown): void; get(name: string): unknown }
  export function containerBootstrap(settings?: Record<string, unknown>): NlpContainer
}

declare module '@nlpjs/nlp' {
  import type { NlpContainer } from '@nlpjs/core'
  export type NlpClassification = { intent: string; score: number }
  export class Nlp {
    constructor(settings: Record<string, unknown> & { container: NlpContainer })
    settings: Record<string, unknown>
    addLanguage(locale: string): void
    addDocument(locale: string, utterance: string, intent: string): void
    train(): Promise<void>
    nluManager: { process(locale: string, utterance: string): Promise<{ intent: string; score: number; classifications: NlpClassification[] }> }
  }
}

declare module '@nlpjs/lang-tr' {
  export const LangTr: unknown
}

declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown
}
