// Booking's server state, online only: the settings and services as TanStack
// Query queries whose writes put what the database stored back into the
// cache, the free times of a day for the wizard's suggestions, and an
// appointment's reminder state for its details.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ServicePayload, ServiceRow } from '../../../domain/booking.ts'
import { ownerQuery, useOwnerQuery, WRITE_NOW } from '../../lib/owner-query.ts'
import { useOwnerRow, useSaveOwnerRow } from '../../lib/owner-row.ts'
import { getSupabase } from '../../lib/supabase.ts'
import {
  addService, bookingSettings, deleteService, fetchFreeTimes, fetchReminderState, fetchServices, updateService,
} from './booking-api.ts'

const services = ownerQuery('services', fetchServices, 60_000)

export const useBookingSettings = (userId: string) => useOwnerRow(bookingSettings, userId)
export const useSaveBookingSettings = (userId: string) => useSaveOwnerRow(bookingSettings, userId)
export const useServices = (userId: string) => useOwnerQuery(services, userId)

const byName = (list: ServiceRow[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'tr'))

export function useServiceActions(userId: string) {
  const queryClient = useQueryClient()
  const put = (change: (list: ServiceRow[]) => ServiceRow[]) => queryClient.setQueryData<ServiceRow[]>(services.queryKey(userId), (list = []) => byName(change(list)))
  const add = useMutation({
    ...WRITE_NOW,
    mutationFn: async (payload: ServicePayload) => addService(await getSupabase(), userId, payload),
    onSuccess: (row) => put((list) => [...list.filter((s) => s.id !== row.id), row]),
  })
  const update = useMutation({
    ...WRITE_NOW,
    mutationFn: async ({ id, payload }: { id: string; payload: ServicePayload }) => ({ id, row: await updateService(await getSupabase(), id, payload) }),
    onSuccess: ({ id, row }) => put((list) => (row ? list.map((s) => (s.id === id ? row : s)) : list.filter((s) => s.id !== id))),
  })
  const remove = useMutation({
    ...WRITE_NOW,
    mutationFn: async (id: string) => {
      await deleteService(await getSupabase(), id)
      return id
    },
    onSuccess: (id) => put((list) => list.filter((s) => s.id !== id)),
  })
  return { add, update, remove }
}

/** The free times of `date` for `duration` minutes; not asked for without a date (or while offline, when it waits). */
export function useFreeTimes(userId: string | null, date: string, duration: number) {
  return useQuery({
    queryKey: ['free-times', userId, date, duration] as const,
    queryFn: async () => fetchFreeTimes(await getSupabase(), userId!, date, duration),
    enabled: !!userId && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 30_000,
  })
}

export function useReminderState(appointmentId: string) {
  return useQuery({
    queryKey: ['appointment-reminder', appointmentId] as const,
    queryFn: async () => fetchReminderState(await getSupabase(), appointmentId),
    enabled: appointmentId !== '',
    staleTime: 30_000,
  })
}
