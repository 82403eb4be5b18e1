// Tells the owner when a record edited on two devices was merged, so a
// decision taken by the merge rule never goes unnoticed.
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/CloseButton.css'
import { useEffect, useState } from 'react'
import { Alert, Stack } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MergeNotice } from '../../sync/index.ts'
import { useOwnerStore } from '../db/context.tsx'

const FIELD_LABELS: Record<string, MessageDescriptor> = {
  name: msg`name`,
  description: msg`description`,
  price: msg`price`,
  currency: msg`currency`,
  stock: msg`stock`,
  product_link: msg`product link`,
  group_id: msg`upload batch`,
  phone_number: msg`phone`,
  email: msg`e-mail`,
  notes: msg`notes`,
  customer_id: msg`customer`,
  appointment_date: msg`date`,
  appointment_time: msg`time`,
  duration_minutes: msg`duration`,
  status: msg`status`,
}

const KIND: Record<MergeNotice['table'], MessageDescriptor> = {
  products: msg`Product`,
  customers: msg`Customer`,
  appointments: msg`Appointment`,
}

export function MergeNotices() {
  const { i18n } = useLingui()
  const store = useOwnerStore()
  const [notices, setNotices] = useState<MergeNotice[]>([])
  useEffect(() => {
    if (!store) return
    const sub = store.sync.merges$.subscribe(setNotices)
    return () => sub.unsubscribe()
  }, [store])

  if (!store || notices.length === 0) return null
  const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' })
  return (
    <Stack gap="xs" mb="md" data-testid="merge-notices">
      {notices.map((n) => {
        const kind = i18n._(KIND[n.table])
        const label = n.label
        const fields = list.format(n.fields.map((f) => (FIELD_LABELS[f] ? i18n._(FIELD_LABELS[f]) : f)))
        return (
          <Alert
            key={n.key}
            color="yellow"
            variant="light"
            withCloseButton
            closeButtonLabel={i18n._(msg`Dismiss`)}
            onClose={() => void store.sync.dismissMerge(n.key)}
            title={<Trans>{kind} “{label}” was changed on another device too</Trans>}
          >
            {n.restored ? (
              <Trans>It had been deleted on one device and edited on the other; it was kept, with the edits.</Trans>
            ) : n.fields.length > 0 ? (
              <Trans>Both versions were merged. Changed on both devices: {fields}; the value from this device was kept.</Trans>
            ) : (
              <Trans>Both versions were merged; no change was lost.</Trans>
            )}
          </Alert>
        )
      })}
    </Stack>
  )
}
