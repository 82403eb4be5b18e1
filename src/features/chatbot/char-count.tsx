// "120 / 2000" under a text field, red once past the limit. Counted as the
// database counts (code points, domain/forms.ts textLength) and after
// trimming, as the text is stored; the field itself takes any length, so a
// paste is never cut short silently: the form's check says what is too much.
import type { ReactNode } from 'react'
import { Text, VisuallyHidden } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { textLength } from '../../../domain/forms.ts'
import classes from './business.module.css'

export function CharCount(props: { value: string; max: number }) {
  const { t, i18n } = useLingui()
  const used = textLength(props.value.trim())
  const over = used > props.max
  return (
    <Text size="xs" c={over ? 'red.8' : 'dimmed'} className={classes.counter} data-over={over || undefined}>
      {i18n.number(used)} / {i18n.number(props.max)}
      <VisuallyHidden> {t`characters`}</VisuallyHidden>
    </Text>
  )
}

/** A Mantine field's `inputContainer` that puts the counter right under the input, above any error. */
export const withCount = (value: string, max: number) =>
  function InputWithCount(children: ReactNode) {
    return (
      <>
        {children}
        <CharCount value={value} max={max} />
      </>
    )
  }
