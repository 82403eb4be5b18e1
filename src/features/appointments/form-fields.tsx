// The fields the new-appointment wizard and the edit form share: when (date,
// time, duration) and what (description, notes). Each input takes its props
// from the form (`form.getInputProps`), so values, errors and focusing come
// from @mantine/form in both.
import type { ReactNode } from 'react'
import { NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { useLingui } from '@lingui/react/macro'
import { APPOINTMENT_DURATIONS } from '../../../domain/records.ts'
import { durationLabel } from './messages.ts'

type InputProps<Path extends string> = (path: Path) => GetInputPropsReturnType

export type ScheduleFieldsProps = {
  field: InputProps<'appointment_date' | 'appointment_time' | 'duration_minutes'>
  /** More fields in the same grid (the edit form's status). */
  children?: ReactNode
}

export function ScheduleFields(props: ScheduleFieldsProps) {
  const { t } = useLingui()
  const duration = props.field('duration_minutes')
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput type="date" label={t`Date`} required {...props.field('appointment_date')} data-autofocus />
      <TextInput type="time" label={t`Time`} required {...props.field('appointment_time')} />
      <NativeSelect
        label={t`Duration`}
        {...duration}
        // The form holds minutes as a number; the select speaks text.
        value={String(duration.value)}
        onChange={(e) => duration.onChange(Number(e.currentTarget.value))}
        data={durationOptions(Number(duration.value))}
      />
      {props.children}
    </SimpleGrid>
  )
}

export function NoteFields(props: { field: InputProps<'description' | 'notes'>; autoFocus?: boolean }) {
  const { t } = useLingui()
  return (
    <>
      <Textarea label={t`Description`} {...props.field('description')} autosize minRows={2} maxRows={6} data-autofocus={props.autoFocus || undefined} />
      <Textarea label={t`Notes`} {...props.field('notes')} autosize minRows={2} maxRows={6} />
    </>
  )
}

/** The listed durations, plus a stored one outside the list (written elsewhere) so the field shows what is there. */
function durationOptions(current: number) {
  const list: number[] = [...APPOINTMENT_DURATIONS]
  if (!list.includes(current)) list.push(current)
  return list.map((d) => ({ value: String(d), label: durationLabel(d) }))
}
