import { Badge } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { statusColor } from '../../../domain/calendar.ts'
import { statusLabel } from './messages.ts'

// The dot variant keeps the label in the body text colour on a light
// background, so every status reads with full contrast (yellow included).
export function StatusBadge(props: { status: string }) {
  const { i18n } = useLingui()
  return (
    <Badge component="span" variant="dot" color={statusColor(props.status)} tt="none" size="md" data-status={props.status}>
      {statusLabel(i18n, props.status)}
    </Badge>
  )
}
