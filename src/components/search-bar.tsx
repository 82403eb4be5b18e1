// A screen's search: a labelled search field with a clear button, and room
// beside it for filters. The landmark lets screen-reader users jump to it.
import type { ReactNode } from 'react'
import { CloseButton, TextInput } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import classes from './search-bar.module.css'

export type SearchBarProps = {
  value: string
  onChange: (value: string) => void
  /** Says what is searched ("Search by name or description"). */
  placeholder: string
  /** On the search field. */
  testId: string
  /** Filters beside the field; they wrap under it on a phone. */
  children?: ReactNode
}

export function SearchBar(props: SearchBarProps) {
  const { t } = useLingui()
  return (
    <div className={classes.toolbar} role="search">
      <TextInput
        className={classes.search}
        label={t`Search`}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        type="search"
        rightSection={props.value ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => props.onChange('')} /> : null}
        data-testid={props.testId}
      />
      {props.children}
    </div>
  )
}
