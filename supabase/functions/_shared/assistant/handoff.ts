// When the assistant hands a conversation to a person: the customer asks for
// one ("bir yetkiliyle görüşmek istiyorum", "a real person"), complains
// ("siparişim gelmedi, çok kızgınım"), or the assistant did not know the
// answer twice in a row. Read with the same classifier as the built-in
// responder, whichever responder answers, so a model-backed assistant hands
// off on the same messages. The owner taking a conversation over is theirs
// to decide, on the inbox.
import { understand } from './intents.ts'
import { corpusClassifier } from './nlu.ts'
import type { HandoffReason, Turn } from './types.ts'

/** The kind of reply that says the assistant did not know (builtin.ts's `unknown`). */
export const NOT_KNOWN_KIND = 'unknown'

/** Whether the customer's message itself asks for a person: a request for one, or a complaint. */
export async function handoffAsked(message: string): Promise<Extract<HandoffReason, 'asked' | 'complaint'> | null> {
  const { kind } = await understand(message, await corpusClassifier())
  if (kind === 'human') return 'asked'
  if (kind === 'complaint') return 'complaint'
  return null
}

/** Whether this reply, of this kind, is the second "I don't know" in a row. */
export function notKnownTwice(kind: string, history: readonly Turn[]): boolean {
  if (kind !== NOT_KNOWN_KIND) return false
  const previous = [...history].reverse().find((turn) => turn.role === 'assistant')
  return previous?.kind === NOT_KNOWN_KIND
}
