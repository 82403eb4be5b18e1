// Broadcast and presence between the channels of one topic, kept in memory as
// a single-node Realtime would. Private channels (`config.private`) get
// neither: hosted Realtime authorises them with RLS policies on
// realtime.messages, which this stack does not have, so relaying their
// messages could let anyone who guesses a topic read them.
import { randomBytes } from 'node:crypto'
import type { Channel } from './channel.ts'
import { encodeBroadcast, type UserBroadcast } from './protocol.ts'

type Meta = Record<string, unknown> & { phx_ref: string }
type PresenceMap = Record<string, { metas: Meta[] }>

const phxRef = () => randomBytes(9).toString('base64url')

export class Topics {
  private rooms = new Map<string, Set<Channel>>()

  private room(subTopic: string): Set<Channel> {
    let r = this.rooms.get(subTopic)
    if (!r) {
      r = new Set()
      this.rooms.set(subTopic, r)
    }
    return r
  }

  join(channel: Channel): void {
    if (!channel.private) this.room(channel.subTopic).add(channel)
  }

  leave(channel: Channel): void {
    const r = this.rooms.get(channel.subTopic)
    if (!r?.delete(channel)) return
    if (r.size === 0) this.rooms.delete(channel.subTopic)
    const meta = channel.presence?.meta
    channel.presence = undefined
    if (meta) this.diff(channel.subTopic, {}, { [channel.presenceKey]: { metas: [meta] } })
  }

  broadcast(from: Channel, message: UserBroadcast): void {
    if (from.private) return
    for (const ch of this.rooms.get(from.subTopic) ?? []) {
      if (ch.closed || (ch === from && !from.broadcastSelf)) continue
      const frame = encodeBroadcast(ch.sink.vsn, ch.topic, message)
      if (frame !== undefined) ch.sink.sendRaw(frame)
    }
  }

  sendState(channel: Channel): void {
    const state: PresenceMap = {}
    for (const ch of channel.private ? [] : (this.rooms.get(channel.subTopic) ?? [])) {
      if (!ch.presence) continue
      ;(state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presence.meta)
    }
    channel.sink.send({ join_ref: channel.joinRef, ref: null, topic: channel.topic, event: 'presence_state', payload: state })
  }

  track(channel: Channel, payload: unknown): void {
    if (channel.private) return
    const previous = channel.presence?.meta
    const meta: Meta = {
      ...(payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {}),
      phx_ref: phxRef(),
      ...(previous ? { phx_ref_prev: previous.phx_ref } : {}),
    }
    channel.presence = { meta }
    const key = channel.presenceKey
    this.diff(channel.subTopic, { [key]: { metas: [meta] } }, previous ? { [key]: { metas: [previous] } } : {})
  }

  untrack(channel: Channel): void {
    const meta = channel.presence?.meta
    if (!meta) return
    channel.presence = undefined
    this.diff(channel.subTopic, {}, { [channel.presenceKey]: { metas: [meta] } })
  }

  private diff(subTopic: string, joins: PresenceMap, leaves: PresenceMap): void {
    for (const ch of this.rooms.get(subTopic) ?? []) {
      if (ch.closed) continue
      ch.sink.send({ join_ref: null, ref: null, topic: ch.topic, event: 'presence_diff', payload: { joins, leaves } })
    }
  }
}
