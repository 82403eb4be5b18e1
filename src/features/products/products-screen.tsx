// /dashboard/products: the owner's catalogue, read from and written to the
// local store, so every action here works offline and syncs later.
import { useCallback, useState, type ReactNode } from 'react'
import { Alert, Button, CloseButton, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { isExcelProduct, type BatchSummary } from '../../../domain/products.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import { useRecordActions } from '../../db/hooks.ts'
import { BatchesPanel } from './batches-panel.tsx'
import { ImportModal } from './import-modal.tsx'
import { ProductFormModal } from './product-form-modal.tsx'
import { ProductList } from './product-list.tsx'
import { SKELETON_ROWS, WIDE_SCREEN_QUERY } from './constants.ts'
import { useProducts, type ProductFilter } from './use-products.ts'
import classes from './products.module.css'

export function ProductsScreen() {
  const { t } = useLingui()
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, true, {
    getInitialValueInEffect: false,
  })
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState<ProductFilter>('all')
  const data = useProducts(search, filter)
  const actions = useRecordActions('products')
  const [editing, setEditing] = useState<{
    product: ProductRecord | null
  } | null>(null)
  const [importing, setImporting] = useState(false)
  const [templateBusy, setTemplateBusy] = useState(false)
  const [deletingBatch, setDeletingBatch] = useState<string | null>(null)

  const closeImport = useCallback(() => setImporting(false), [])
  const query = search.trim()
  const shown = data.visible.length
  const total = data.all.length
  const hasExcelBatch = data.batches.some((b) => b.excel)

  async function downloadTemplate() {
    setTemplateBusy(true)
    try {
      const template = await import('./excel/template.ts')
      await template.downloadTemplate()
    } catch (error) {
      console.error('the template could not be built', error)
      notifications.show({
        color: 'red',
        message: t`The template could not be created. Please try again.`,
      })
    } finally {
      setTemplateBusy(false)
    }
  }

  function confirmDelete(product: ProductRecord) {
    const name = product.name
    modals.openConfirmModal({
      title: t`Delete product`,
      children: <Text size="sm">{t`Delete “${name}”? This cannot be undone.`}</Text>,
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          await actions.remove([product.id])
          notifications.show({
            color: 'green',
            message: t`“${name}” was deleted.`,
          })
        } catch (error) {
          console.error('deleting a product failed', error)
          notifications.show({
            color: 'red',
            message: t`Failed to delete product. Please try again.`,
          })
        }
      },
    })
  }

  function confirmDeleteBatch(batch: BatchSummary) {
    const groupId = batch.groupId
    if (!groupId) return
    const count = batch.count
    modals.openConfirmModal({
      title: t`Delete this upload`,
      children: (
        <Text size="sm">
          {plural(count, {
            one: 'The # product of this upload will be deleted. This cannot be undone.',
            other: 'All # products of this upload will be deleted. This cannot be undone.',
          })}
        </Text>
      ),
      labels: {
        confirm: plural(count, {
          one: 'Delete # product',
          other: 'Delete # products',
        }),
        cancel: t`Cancel`,
      },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        setDeletingBatch(groupId)
        try {
          // Chosen by the store at the moment of deleting: products of this
          // upload that synced in while the confirmation was open go too.
          const deleted = await actions.removeWhere({ group_id: groupId })
          notifications.show({
            color: 'green',
            message: plural(deleted, {
              one: '# product deleted.',
              other: '# products deleted.',
            }),
          })
        } catch (error) {
          console.error('deleting an upload failed', error)
          const detail = error instanceof Error ? error.message : String(error)
          notifications.show({
            color: 'red',
            message: t`Error occurred while deleting products: ${detail}`,
          })
        } finally {
          setDeletingBatch(null)
        }
      },
    })
  }

  function saved(product: ProductRecord, mode: 'added' | 'updated') {
    setEditing(null)
    const name = product.name
    notifications.show({
      color: 'green',
      message: mode === 'added' ? t`“${name}” was added.` : t`“${name}” was saved.`,
    })
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>
          <Trans>Products</Trans>
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => void downloadTemplate()} loading={templateBusy}>
            <Trans>Download template</Trans>
          </Button>
          <Button variant="light" onClick={() => setImporting(true)}>
            <Trans>Upload Excel</Trans>
          </Button>
          <Button onClick={() => setEditing({ product: null })}>
            <Trans>Add product</Trans>
          </Button>
        </Group>
      </Group>

      <div className={classes.toolbar} role="search">
        <TextInput
          className={classes.search}
          label={t`Search`}
          placeholder={t`Search by name or description`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          rightSection={search ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => setSearch('')} /> : null}
          data-testid="product-search"
        />
        <Select
          className={classes.filter}
          label={t`Show`}
          value={filter}
          onChange={(v) => setFilter(v === 'excel' ? 'excel' : 'all')}
          allowDeselect={false}
          data={[
            { value: 'all', label: t`All products` },
            { value: 'excel', label: t`Uploaded with Excel` },
          ]}
          data-testid="product-filter"
        />
      </div>

      {hasExcelBatch && <BatchesPanel batches={data.batches} onDelete={confirmDeleteBatch} deleting={deletingBatch} />}

      {data.error ? (
        <Alert color="red" title={t`Unable to Load Products`} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{data.error.message || t`Failed to load products`}</Text>
            <Button size="xs" color="red" variant="light" onClick={data.retry}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : data.loading ? (
        // The newest rows, read ahead, stand in for the list while the whole
        // catalogue loads; a search or the Excel filter needs every product,
        // so those wait for it.
        data.first && data.first.length > 0 && query === '' && filter === 'all' ? (
          <>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="product-count">
              <Trans>Loading all products…</Trans>
            </Text>
            <ProductList products={data.first} layout={wide ? 'table' : 'cards'} onEdit={(product) => setEditing({ product })} onDelete={confirmDelete} />
          </>
        ) : (
          <ListSkeleton wide={wide} />
        )
      ) : data.all.length === 0 ? (
        <EmptyState
          title={t`No products yet`}
          text={t`Add your products so the assistant can answer with their price, stock and link.`}
          action={<Button onClick={() => setEditing({ product: null })}>{t`Add your first product`}</Button>}
        />
      ) : filter === 'excel' && !data.all.some(isExcelProduct) ? (
        <EmptyState
          title={t`No products uploaded with Excel`}
          text={t`Products you upload from an Excel file are listed here.`}
          action={<Button onClick={() => setImporting(true)}>{t`Upload Excel`}</Button>}
        />
      ) : data.visible.length === 0 ? (
        <EmptyState
          title={t`No matching products`}
          text={t`No product name or description contains “${query}”.`}
          action={
            <Button variant="default" onClick={() => setSearch('')}>
              {t`Clear search`}
            </Button>
          }
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="product-count">
            {shown === total
              ? plural(total, { one: '# product', other: '# products' })
              : plural(total, {
                  one: `${shown} of # product`,
                  other: `${shown} of # products`,
                })}
          </Text>
          <ProductList products={data.visible} layout={wide ? 'table' : 'cards'} onEdit={(product) => setEditing({ product })} onDelete={confirmDelete} />
        </>
      )}

      <ProductFormModal opened={editing !== null} product={editing?.product ?? null} onClose={() => setEditing(null)} onSaved={saved} />
      <ImportModal opened={importing} onClose={closeImport} />
    </Stack>
  )
}

function EmptyState(props: { title: string; text: string; action: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="products-empty">
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {props.text}
        </Text>
        <div>{props.action}</div>
      </Stack>
    </Paper>
  )
}

function ListSkeleton(props: { wide: boolean }) {
  const { t } = useLingui()
  const rows = Array.from({ length: SKELETON_ROWS }, (_, i) => i)
  if (!props.wide) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Loading products`} data-testid="products-loading">
        {rows.map((i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </Stack>
    )
  }
  return (
    <Table aria-busy="true" aria-label={t`Loading products`} data-testid="products-loading">
      <Table.Tbody>
        {rows.map((i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <Skeleton height={14} width="70%" />
            </Table.Td>
            <Table.Td>
              <Skeleton height={14} width="90%" />
            </Table.Td>
            <Table.Td>
              <Skeleton height={14} width={80} />
            </Table.Td>
            <Table.Td>
              <Skeleton height={14} width={40} />
            </Table.Td>
            <Table.Td>
              <Skeleton height={14} width={120} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
