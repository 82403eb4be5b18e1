// The month grid: seven columns from Monday, six weeks, today marked. Wide
// calendars list each day's appointments (time and customer, coloured by
// status); narrow ones (a phone) show a coloured dot per appointment. The
// switch is a container query on the calendar's own width, so it follows the
// space the grid really has, sidebar or not.
import { ActionIcon, Button, Group, Paper, Skeleton, Title } from '@mantine/core'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatLongDate, formatMonth, formatTime, GRID_CELLS, statusColor, weekdayNames, type CalendarCell, type MonthRef } from '../../../domain/calendar.ts'
import { MAX_DOTS_PER_DAY, MAX_ENTRIES_PER_DAY } from './constants.ts'
import { Icon } from './icon.tsx'
import { customerLabel, statusLabel } from './messages.ts'
import type { CalendarAppointment, MonthData } from './use-appointments.ts'
import classes from './appointments.module.css'

export type MonthCalendarProps = {
  month: MonthRef
  isCurrentMonth: boolean
  data: MonthData
  onPrevious: () => void
  onNext: () => void
  onToday: () => void
  onDay: (day: string) => void
  onAppointment: (id: string) => void
}

export function MonthCalendar(props: MonthCalendarProps) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const title = formatMonth(props.month, locale)
  const weekdays = weekdayNames(locale, 'short')
  const longWeekdays = weekdayNames(locale, 'long')

  return (
    <Paper withBorder radius="md" className={classes.calendar} data-testid="calendar">
      <Group justify="space-between" wrap="nowrap" className={classes.calendarHeader}>
        <Title order={2} size="h3" className={classes.monthTitle} aria-live="polite" data-testid="calendar-month">
          {title}
        </Title>
        <Group gap={6} wrap="nowrap" className={classes.navGroup}>
          <ActionIcon variant="default" size="lg" className={classes.navButton} onClick={props.onPrevious} aria-label={t`Previous month`}>
            <Icon name="chevronLeft" />
          </ActionIcon>
          <Button variant="default" size="sm" className={classes.todayButton} onClick={props.onToday} disabled={props.isCurrentMonth}>
            <Trans>Today</Trans>
          </Button>
          <ActionIcon variant="default" size="lg" className={classes.navButton} onClick={props.onNext} aria-label={t`Next month`}>
            <Icon name="chevronRight" />
          </ActionIcon>
        </Group>
      </Group>
      <div className={classes.weekdays}>
        {weekdays.map((name, i) => (
          <abbr key={i} title={longWeekdays[i]} className={classes.weekday}>
            {name}
          </abbr>
        ))}
      </div>
      {props.data.loading ? (
        <div className={classes.grid} aria-busy="true" aria-label={t`Loading the calendar`} data-testid="calendar-loading">
          {Array.from({ length: GRID_CELLS }, (_, i) => (
            <div key={i} className={classes.cell}>
              <Skeleton height={14} width={20} radius="sm" />
              <Skeleton height={12} mt={6} radius="sm" className={classes.skeletonEntry} />
            </div>
          ))}
        </div>
      ) : (
        <div className={classes.grid} data-testid="calendar-grid">
          {props.data.cells.map((cell) => (
            <DayCell key={cell.key} cell={cell} appointments={props.data.byDay.get(cell.key) ?? []} onDay={props.onDay} onAppointment={props.onAppointment} />
          ))}
        </div>
      )}
    </Paper>
  )
}

function DayCell(props: { cell: CalendarCell; appointments: CalendarAppointment[]; onDay: (day: string) => void; onAppointment: (id: string) => void }) {
  const { t, i18n } = useLingui()
  const { cell, appointments } = props
  const count = appointments.length
  const date = formatLongDate(cell.key, i18n.locale)
  const name = count === 0 ? date : `${date}, ${plural(count, { one: '# appointment', other: '# appointments' })}`
  const listed = appointments.slice(0, MAX_ENTRIES_PER_DAY)
  const hidden = count - listed.length
  const dots = appointments.slice(0, MAX_DOTS_PER_DAY)
  const moreDots = count - dots.length

  return (
    <div
      className={classes.cell}
      data-outside={cell.inMonth ? undefined : true}
      data-today={cell.isToday ? true : undefined}
      data-day={cell.key}
      data-count={count}
      data-testid="calendar-day"
    >
      {/* Its ::after covers the cell, so a tap anywhere but on an appointment opens the day. */}
      <button
        type="button"
        className={classes.dayButton}
        onClick={() => props.onDay(cell.key)}
        aria-label={cell.isToday ? t`${name} (today)` : name}
        aria-current={cell.isToday ? 'date' : undefined}
      >
        <span className={classes.dayNumber}>{cell.day}</span>
      </button>
      {count > 0 && (
        <>
          <ul className={classes.entries}>
            {listed.map((a) => {
              const time = formatTime(a.appointment_time)
              const customer = customerLabel(i18n, a)
              const status = a.source === 'assistant' ? `${statusLabel(i18n, a.status)}, ${t`booked by the assistant`}` : statusLabel(i18n, a.status)
              return (
                <li key={a.id}>
                  <button
                    type="button"
                    className={classes.entry}
                    data-status={a.status}
                    data-color={statusColor(a.status)}
                    onClick={() => props.onAppointment(a.id)}
                    aria-label={t`${time} ${customer}, ${status}`}
                    data-testid="calendar-entry"
                    data-source={a.source}
                  >
                    <span className={classes.entryTime}>{time}</span> {customer}
                  </button>
                </li>
              )
            })}
          </ul>
          {hidden > 0 && (
            <span className={classes.more} aria-hidden>
              {t`+${hidden} more`}
            </span>
          )}
          <span className={classes.dots} aria-hidden data-testid="calendar-dots">
            {dots.map((a) => (
              <span key={a.id} className={classes.dot} data-status={a.status} data-color={statusColor(a.status)} />
            ))}
            {moreDots > 0 && <span className={classes.moreDots}>{`+${moreDots}`}</span>}
          </span>
        </>
      )}
    </div>
  )
}
