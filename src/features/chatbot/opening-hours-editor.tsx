// The week's opening hours as one row a day, Monday first: an "open" switch
// and up to OPENING_RANGES_PER_DAY_MAX ranges of two native time fields.
//
// Midnight as an end: the browser's time field stops at 23:59, so an end of
// 00:00 is read as 24:00 (the end of the day) and a stored 24:00 shows as
// 00:00. An end of 00:00 could mean nothing else (a range must end after it
// starts), and it is how people write "until midnight"; a hint under the
// rows says so. 23:59 would lose the last minute and split a stretch that
// runs on past midnight.
import { memo, useId, useRef } from 'react'
import { ActionIcon, Button, Group, Input, Switch, Text, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  OPENING_RANGES_PER_DAY_MAX,
  WEEKDAYS,
  minutesToTime,
  timeToMinutes,
  type TimeRange,
  type Weekday,
} from '../../../domain/business.ts'
import { WEEKDAY_NAMES } from './business-messages.ts'
import classes from './business.module.css'

export type OpeningHoursEditorProps = {
  value: Record<Weekday, TimeRange[]>
  onChange: (day: Weekday, ranges: TimeRange[]) => void
  /** A day's error in words. */
  errors: Partial<Record<Weekday, string>>
  /** The form's data-path of a field without its path: a day's first field is found as `${prefix}opening_hours.mon`, so a failed save focuses it. */
  dataPathPrefix: string
}

const DEFAULT_RANGE: TimeRange = ['09:00', '18:00']
const HOUR = 60
const END_OF_DAY = 24 * HOUR

/** A range after the last one: an hour after it ends, for four hours, within the day; null when the day is full. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange | null {
  const last = ranges.at(-1)
  if (!last) return [...DEFAULT_RANGE]
  const lastEnd = timeToMinutes(last[1]) ?? 17 * HOUR
  if (lastEnd >= END_OF_DAY) return null
  const start = Math.min(lastEnd + HOUR, END_OF_DAY - HOUR)
  const from = Math.max(start, lastEnd)
  return [minutesToTime(from), minutesToTime(Math.min(from + 4 * HOUR, END_OF_DAY))]
}

/** The time field's value of an end: 24:00 as 00:00, which the field can hold. */
const endForField = (end: string) => (end === '24:00' ? '00:00' : end)
/** An end typed as 00:00 is midnight at the end of the day. */
const endFromField = (value: string) => (value === '00:00' ? '24:00' : value)

/** Memoised: the form around it renders with every letter typed, the week only when it changes. */
export const OpeningHoursEditor = memo(function OpeningHoursEditor(props: OpeningHoursEditorProps) {
  // What a day held before it was switched to closed: switching it open again brings it back.
  const closedRanges = useRef<Partial<Record<Weekday, TimeRange[]>>>({})

  function setOpen(day: Weekday, open: boolean) {
    if (open) {
      const before = closedRanges.current[day]
      props.onChange(day, before && before.length > 0 ? before : [[...DEFAULT_RANGE]])
    } else {
      closedRanges.current[day] = props.value[day]
      props.onChange(day, [])
    }
  }

  const copyMonday = () => {
    for (const day of ['tue', 'wed', 'thu', 'fri'] as const) props.onChange(day, props.value.mon.map(([a, b]) => [a, b]))
  }

  return (
    <div>
      <div data-testid="business-hours">
        {WEEKDAYS.map((day) => (
          <DayRow key={day} day={day} {...props} ranges={props.value[day]} onOpen={(open) => setOpen(day, open)} error={props.errors[day]} />
        ))}
      </div>
      <Group justify="space-between" align="flex-start" gap="xs" mt="sm">
        <Text size="xs" c="dimmed" className={classes.hint}>
          <Trans>An end time of 00:00 (12:00 AM) means midnight. For hours past midnight, end the day at 00:00 and open the next day from 00:00.</Trans>
        </Text>
        <Button variant="default" size="xs" onClick={copyMonday} data-testid="business-hours-copy-monday">
          <Trans>Copy Monday to Tuesday–Friday</Trans>
        </Button>
      </Group>
    </div>
  )
})

type DayRowProps = OpeningHoursEditorProps & {
  day: Weekday
  ranges: TimeRange[]
  error: string | undefined
  onOpen: (open: boolean) => void
}

function DayRow(props: DayRowProps) {
  const { t } = useLingui()
  const { day, ranges, error } = props
  const id = useId()
  const nameId = `${id}-name`
  const errorId = `${id}-error`
  const name = t(WEEKDAY_NAMES[day])
  const open = ranges.length > 0
  const next = nextRange(ranges)
  const first = { 'data-path': `${props.dataPathPrefix}opening_hours.${day}` }

  const setRange = (index: number, range: TimeRange) => props.onChange(day, ranges.map((r, i) => (i === index ? range : r)))
  const removeRange = (index: number) => props.onChange(day, ranges.filter((_, i) => i !== index))
  const fieldProps = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    error: Boolean(error),
    withAria: false,
    type: 'time',
    size: 'sm',
    className: classes.time,
  } as const

  return (
    <div className={classes.day} role="group" aria-labelledby={nameId} data-testid={`business-hours-${day}`} data-open={open}>
      <Switch
        className={classes.dayOpen}
        checked={open}
        onChange={(event) => props.onOpen(event.currentTarget.checked)}
        // Named "Monday open": on is open, off is closed.
        label={
          <>
            <span id={nameId} className={classes.dayName}>
              {name}
            </span>
            <VisuallyHidden> {t`open`}</VisuallyHidden>
          </>
        }
        {...(open ? {} : first)}
      />
      <div className={classes.ranges}>
        {!open && (
          <Text size="sm" c="dimmed">
            <Trans>Closed</Trans>
          </Text>
        )}
        {ranges.map(([start, end], index) => {
          const n = index + 1
          return (
            <Group key={index} gap={6} wrap="nowrap" className={classes.range}>
              <Input
                {...fieldProps}
                aria-label={ranges.length === 1 ? t`${name} opens at` : t`${name}, range ${n}, opens at`}
                value={start}
                onChange={(event) => setRange(index, [event.currentTarget.value, end])}
                {...(index === 0 ? first : {})}
              />
              <span aria-hidden="true">–</span>
              <Input
                {...fieldProps}
                aria-label={ranges.length === 1 ? t`${name} closes at` : t`${name}, range ${n}, closes at`}
                value={endForField(end)}
                onChange={(event) => setRange(index, [start, endFromField(event.currentTarget.value)])}
              />
              {ranges.length > 1 && (
                <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => removeRange(index)} aria-label={t`Remove ${name} range ${n}`}>
                  <CrossIcon />
                </ActionIcon>
              )}
            </Group>
          )
        })}
        {open && ranges.length < OPENING_RANGES_PER_DAY_MAX && next && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => props.onChange(day, [...ranges, next])}
            aria-label={t`Add range to ${name}`}
            className={classes.addRange}
          >
            <Trans>Add range</Trans>
          </Button>
        )}
      </div>
      {error && (
        <Text size="sm" c="red.8" id={errorId} className={classes.dayError}>
          {error}
        </Text>
      )}
    </div>
  )
}

function CrossIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden focusable="false">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  )
}
