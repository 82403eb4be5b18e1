// A joined channel: one `realtime:<name>` topic on one socket, with the
// identity it acts as and its postgres_changes bindings.
import type { Condition } from './filters.ts'
import type { Message } from './protocol.ts'
import type { ChannelAuth } from './tokens.ts'

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE'

export type PgBinding = {
  /** The number the join reply gave this binding; change messages list it in `ids`. */
  id: number
  event: ChangeEvent | '*'
  schema: string
  /** Undefined (or `*`) for every table of the schema. */
  table?: string
  conditions: Condition[]
  /** Columns the client asked for (`select`); all it may see when undefined. */
  select?: string[]
}

/** What a channel needs from its socket. */
export type ChannelSink = {
  send(m: Message): void
  sendRaw(frame: string | Buffer): void
  readonly vsn: '1.0.0' | '2.0.0'
}

export type Channel = {
  sink: ChannelSink
  topic: string
  subTopic: string
  joinRef: string | null
  auth: ChannelAuth
  /** Channels with equal keys see the same rows: one RLS check serves them all. */
  claimsKey: string
  private: boolean
  broadcastSelf: boolean
  broadcastAck: boolean
  presenceKey: string
  presenceEnabled: boolean
  presence?: { meta: Record<string, unknown> & { phx_ref: string } }
  /** Active once the bindings were checked against the database. */
  bindings: PgBinding[]
  closed: boolean
  expiryTimer?: NodeJS.Timeout
}

export const claimsKeyOf = (auth: ChannelAuth) => `${auth.role}\n${JSON.stringify(auth.claims)}`
