// Where the owner sees what each Excel upload added and can take a whole
// upload back. Products added by hand are one entry, listed but not deletable
// as a group: removing them one by one from the list is the deliberate path.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { BatchSummary } from '../../../domain/products/batches.ts'
import classes from './products.module.css'

export type BatchesPanelProps = {
  batches: BatchSummary[]
  onDelete: (batch: BatchSummary) => void
  deleting: string | null
}

export function BatchesPanel(props: BatchesPanelProps) {
  const { t, i18n } = useLingui()
  const date = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="batches-title" data-testid="batches-panel">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batches-title">
          <Trans>Excel uploads</Trans>
        </Title>
        <Stack gap={0} component="ul" className={classes.batchList}>
          {props.batches.map((batch) => {
            const when = date.format(new Date(batch.firstCreatedAt))
            const label = batch.excel ? t`Excel upload` : t`Manual Addition`
            return (
              <Group
                component="li"
                key={batch.groupId ?? 'manual'}
                justify="space-between"
                wrap="nowrap"
                py={8}
                gap="sm"
                data-testid="batch-row"
                data-group-id={batch.groupId ?? ''}
                className={classes.batchRow}
              >
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Badge variant="light" color={batch.excel ? 'brand' : 'gray'}>
                      {label}
                    </Badge>
                    <Text size="sm" fw={600}>
                      <Plural value={batch.count} one="# product" other="# products" />
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {when}
                  </Text>
                </Stack>
                {batch.groupId !== null && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={props.deleting === batch.groupId}
                    onClick={() => props.onDelete(batch)}
                    aria-label={t`Delete the upload of ${when}`}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                )}
              </Group>
            )
          })}
        </Stack>
      </Stack>
    </Paper>
  )
}
