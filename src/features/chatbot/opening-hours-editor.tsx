// The week's opening hours as one row a day, Monday first: an "open" switch
// and up to OPENING_RANGES_PER_DAY_MAX ranges of two native time fields
// (midnight as an end: see hours.ts).
import { memo, useId, useRef } from 'react'
import { ActionIcon, Button, Group, Input, Switch, Text, VisuallyHidden } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { OPENING_RANGES_PER_DAY_MAX, WEEKDAYS, type TimeRange, type Weekday } from '../../../domain/business.ts'
import { WEEKDAY_NAMES } from './business-messages.ts'
import { DEFAULT_RANGE, endForField, endFromField, nextRange } from './hours.ts'
import classes from './business.module.css'

export type OpeningHoursEditorProps = {
  value: Record<Weekday, TimeRange[]>
  onChange: (day: Weekday, ranges: TimeRange[]) => void
  /** A day's error in words. */
  errors: Partial<Record<Weekday, string>>
  /** The form's data-path of a field without its path: a day's first field is found as `${prefix}opening_hours.mon`, so a failed save focuses it. */
  dataPathPrefix: string
}

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
