// The calendar's data, straight from the local store so it works offline:
// the appointments of the days the month grid shows, every customer (joined
// in memory, as one list serves the grid, the day list, the details and the
// wizard), grouped per day with the month's counts.
import { useEffect, useMemo } from 'react'
import type { MangoQuery } from 'rxdb'
import {
  appointmentStats,
  groupByDay,
  monthGrid,
  withCustomers,
  type AppointmentStats,
  type CalendarCell,
  type DayKey,
  type MonthRef,
} from '../../../domain/calendar.ts'
import { sortCustomersByName } from '../../../domain/customers.ts'
import type { AppointmentRecord, CustomerRecord } from '../../../domain/records.ts'
import { useLiveQuery } from '../../db/hooks.ts'

export type CalendarAppointment = AppointmentRecord & { customer: CustomerRecord | null }

// The store's compound index; the day's order is settled in memory (times with and without seconds).
const BY_DATE_AND_TIME: MangoQuery<AppointmentRecord>['sort'] = [{ appointment_date: 'asc' }, { appointment_time: 'asc' }]
const ALL_CUSTOMERS: MangoQuery<CustomerRecord> = { selector: {} }

/** Every customer in name order; `loading` until the store has answered, so nothing reads an empty list as "no customers". */
export type CustomerList = { all: readonly CustomerRecord[]; loading: boolean }

export function useCustomerList(): CustomerList {
  const live = useLiveQuery('customers', ALL_CUSTOMERS)
  const all = useMemo(() => sortCustomersByName(live.data), [live.data])
  useLogged(live.error, 'the customer list could not be loaded')
  return useMemo(() => ({ all, loading: live.loading }), [all, live.loading])
}

export type MonthData = {
  cells: CalendarCell[]
  byDay: Map<DayKey, CalendarAppointment[]>
  stats: AppointmentStats
  loading: boolean
}

/**
 * The month's grid and its appointments. The query spans the grid's 42 days,
 * not only the month, so the leading and trailing days of the neighbouring
 * months show what they hold instead of looking empty; the counts are the
 * month's alone.
 */
export function useMonthAppointments(month: MonthRef, today: DayKey, customers: CustomerList): MonthData {
  const cells = useMemo(() => monthGrid(month, today), [month, today])
  const first = cells[0]!.key
  const last = cells[cells.length - 1]!.key
  const query = useMemo<MangoQuery<AppointmentRecord>>(
    () => ({ selector: { appointment_date: { $gte: first, $lte: last } }, sort: BY_DATE_AND_TIME }),
    [first, last],
  )
  const live = useLiveQuery('appointments', query)
  useLogged(live.error, 'the calendar could not be loaded')
  const joined = useMemo(() => withCustomers(live.data, customers.all), [live.data, customers.all])
  const byDay = useMemo(() => groupByDay(joined), [joined])
  const stats = useMemo(() => appointmentStats(live.data, month), [live.data, month])
  // Until the customers are in, every entry would read "No customer".
  return { cells, byDay, stats, loading: live.loading || customers.loading }
}

/** One day's appointments, for the day list (which may show a day of a neighbouring month). */
export function useDayAppointments(day: DayKey, customers: CustomerList) {
  const query = useMemo<MangoQuery<AppointmentRecord>>(() => ({ selector: { appointment_date: day }, sort: BY_DATE_AND_TIME }), [day])
  const live = useLiveQuery('appointments', query)
  useLogged(live.error, 'the day list could not be loaded')
  const list = useMemo(() => groupByDay(withCustomers(live.data, customers.all)).get(day) ?? [], [live.data, customers.all, day])
  return { list, loading: live.loading || customers.loading }
}

/** One appointment with its customer, kept current while its details are open; null once it is gone. */
export function useAppointment(id: string, customers: CustomerList) {
  const query = useMemo<MangoQuery<AppointmentRecord>>(() => ({ selector: { id } }), [id])
  const live = useLiveQuery('appointments', query)
  useLogged(live.error, 'the appointment could not be loaded')
  const appointment = useMemo(() => withCustomers(live.data, customers.all)[0] ?? null, [live.data, customers.all])
  return { appointment, loading: live.loading || customers.loading }
}

// The spec logs load failures of the calendar without telling the owner.
function useLogged(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(what, error)
  }, [error, what])
}
