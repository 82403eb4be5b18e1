// The inbox's server state as TanStack Query queries and mutations, and the
// Realtime subscription that keeps them live: a new message or a status
// change of any of the owner's conversations marks the list, the waiting
// count and that conversation's thread stale, and the queries on screen read
// again. Mounted once, in the dashboard layout, so the navigation's badge is
// live on every screen.
import { useEffect, useRef } from 'react'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { WRITE_NOW } from '../../lib/owner-query.ts'
import { getSupabase } from '../../lib/supabase.ts'
import {
  fetchConversation,
  fetchHandoffSms,
  fetchInbox,
  fetchThread,
  fetchWaitingCount,
  INBOX_PAGE_SIZE,
  saveHandoffSms,
  sendReply,
  updateConversation,
  type ConversationChange,
  type InboxFilter,
  type InboxRow,
} from './api.ts'
import { keepInboxOffline } from './offline.ts'

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (filter: InboxFilter, search: string, customer: string | null) => ['inbox', 'list', filter, search, customer ?? ''] as const,
  waiting: ['inbox', 'waiting'] as const,
  conversation: (id: string) => ['inbox', 'conversation', id] as const,
  thread: (id: string) => ['inbox', 'thread', id] as const,
  handoffSms: (userId: string) => ['inbox', 'handoff-sms', userId] as const,
}

export function useHandoffSms(userId: string) {
  const queryClient = useQueryClient()
  const setting = useQuery({ queryKey: inboxKeys.handoffSms(userId), queryFn: async () => fetchHandoffSms(await getSupabase(), userId) })
  const save = useMutation({
    mutationFn: async (on: boolean) => saveHandoffSms(await getSupabase(), userId, on),
    ...WRITE_NOW,
    onSuccess: (on) => queryClient.setQueryData(inboxKeys.handoffSms(userId), on),
  })
  return { setting, save }
}

export function useInbox(filter: InboxFilter, search: string, customer: string | null) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(filter, search, customer),
    queryFn: async ({ pageParam }) => fetchInbox(await getSupabase(), { filter, search, customer, before: pageParam }),
    initialPageParam: null as { at: string; id: string } | null,
    getNextPageParam: (last: InboxRow[]) => {
      const tail = last.at(-1)
      return last.length === INBOX_PAGE_SIZE && tail ? { at: tail.last_message_at, id: tail.id } : undefined
    },
  })
}

export function useWaitingCount(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.waiting,
    queryFn: async () => fetchWaitingCount(await getSupabase()),
    enabled,
  })
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: inboxKeys.conversation(id ?? ''),
    queryFn: async () => fetchConversation(await getSupabase(), id!),
    enabled: id !== null,
  })
}

export function useThread(id: string | null) {
  return useQuery({
    queryKey: inboxKeys.thread(id ?? ''),
    queryFn: async () => fetchThread(await getSupabase(), id!),
    enabled: id !== null,
  })
}

function refreshConversation(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] })
  void queryClient.invalidateQueries({ queryKey: inboxKeys.waiting })
  if (id) {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.conversation(id) })
    void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(id) })
  }
}

export function useConversationChange(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: ConversationChange) => updateConversation(await getSupabase(), id, change),
    ...WRITE_NOW,
    onSettled: () => refreshConversation(queryClient, id),
  })
}

export function useSendReply(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (request: { messageId: string; message: string }) => sendReply(await getSupabase(), { conversationId: id, ...request }),
    ...WRITE_NOW,
    onSettled: () => refreshConversation(queryClient, id),
  })
}

/**
 * Keeps every inbox query live while the owner is signed in (one channel for
 * the owner's conversations and messages), and kept on the device for
 * reading offline (offline.ts).
 */
export function useInboxLive(userId: string | null, onWaiting?: (conversationId: string) => void) {
  const queryClient = useQueryClient()
  const waiting = useRef(onWaiting)
  useEffect(() => {
    waiting.current = onWaiting
  })
  useEffect(() => (userId ? keepInboxOffline(queryClient, userId) : undefined), [userId, queryClient])
  useEffect(() => {
    if (!userId) return
    let stopped = false
    let remove: (() => void) | null = null
    void getSupabase().then((supabase) => {
      if (stopped) return
      const channel = supabase
        .channel(`inbox-${userId}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations', filter: `user_id=eq.${userId}` }, (change) => {
          const row = (change.new ?? change.old) as { id?: string; status?: string } | null
          refreshConversation(queryClient, row?.id)
          if (row?.id && row.status === 'needs_human' && change.eventType !== 'DELETE') waiting.current?.(row.id)
        })
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'chatbot_messages', filter: `user_id=eq.${userId}` }, (change) => {
          refreshConversation(queryClient, (change.new as { conversation_id?: string }).conversation_id)
        })
        // A (re)subscription may have missed changes.
        .subscribe((state) => {
          if (state === 'SUBSCRIBED') refreshConversation(queryClient)
        })
      remove = () => void supabase.removeChannel(channel)
    })
    return () => {
      stopped = true
      remove?.()
    }
  }, [userId, queryClient])
}
