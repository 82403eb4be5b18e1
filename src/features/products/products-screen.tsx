// /dashboard/products: the owner's catalogue, read from and written to the
// local store, so every action here works offline and syncs later.
import { useCallback, useState } from 'react'
import { Button, Group, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { isExcelProduct, type BatchSummary } from '../../../domain/products/batches.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import { useConfirmDelete } from '../../components/confirm-delete.tsx'
import { EmptyState, ListCount, LoadError, NoMatches, RecordCount } from '../../components/list-states.tsx'
import { useIsWide } from '../../components/media.ts'
import { useRecordDialog } from '../../components/record-dialog.ts'
import { RecordList, RecordListSkeleton } from '../../components/record-list.tsx'
import { ScreenHeader } from '../../components/screen-header.tsx'
import { SearchBar } from '../../components/search-bar.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { BatchesPanel } from './batches-panel.tsx'
import { ImportModal } from './import-modal.tsx'
import { ProductFormModal } from './product-form-modal.tsx'
import { useProductListView } from './product-list.tsx'
import { useProducts, type ProductFilter } from './use-products.ts'
import classes from './products.module.css'

export function ProductsScreen() {
  const { t } = useLingui()
  const layout = useIsWide() ? 'table' : 'cards'
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState<ProductFilter>('all')
  const data = useProducts(search, filter)
  const actions = useRecordActions('products')
  const dialog = useRecordDialog<ProductRecord>()
  const confirm = useConfirmDelete()
  const [importing, setImporting] = useState(false)
  const [templateBusy, setTemplateBusy] = useState(false)
  const [deletingBatch, setDeletingBatch] = useState<string | null>(null)

  const closeImport = useCallback(() => setImporting(false), [])
  const query = search.trim()
  const shown = data.visible.length
  const total = data.all.length
  const countAll = plural(total, { one: '# product', other: '# products' })
  const countSome = plural(total, { one: `${shown} of # product`, other: `${shown} of # products` })
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
    confirm.record({
      title: t`Delete product`,
      name: product.name,
      remove: () => actions.remove([product.id]),
      failed: t`Failed to delete product. Please try again.`,
    })
  }

  function confirmDeleteBatch(batch: BatchSummary) {
    const groupId = batch.groupId
    if (!groupId) return
    const count = batch.count
    confirm.open({
      title: t`Delete this upload`,
      body: (
        <Text size="sm">
          {plural(count, {
            one: 'The # product of this upload will be deleted. This cannot be undone.',
            other: 'All # products of this upload will be deleted. This cannot be undone.',
          })}
        </Text>
      ),
      confirmLabel: plural(count, { one: 'Delete # product', other: 'Delete # products' }),
      remove: async () => {
        setDeletingBatch(groupId)
        try {
          // Chosen by the store at the moment of deleting: products of this
          // upload that synced in while the confirmation was open go too.
          return await actions.removeWhere({ group_id: groupId })
        } finally {
          setDeletingBatch(null)
        }
      },
      done: (deleted) => plural(deleted, { one: '# product deleted.', other: '# products deleted.' }),
      failed: (error) => {
        const detail = error instanceof Error ? error.message : String(error)
        return t`Error occurred while deleting products: ${detail}`
      },
    })
  }

  const view = useProductListView()
  const list = (products: readonly ProductRecord[]) => <RecordList view={view} records={products} layout={layout} onEdit={dialog.open} onDelete={confirmDelete} />

  return (
    <Stack gap="md">
      <ScreenHeader
        title={<Trans>Products</Trans>}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => void downloadTemplate()} loading={templateBusy}>
              <Trans>Download template</Trans>
            </Button>
            <Button variant="light" onClick={() => setImporting(true)}>
              <Trans>Upload Excel</Trans>
            </Button>
            <Button onClick={() => dialog.open(null)}>
              <Trans>Add product</Trans>
            </Button>
          </Group>
        }
      />

      <SearchBar value={search} onChange={setSearch} placeholder={t`Search by name or description`} testId="product-search">
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
      </SearchBar>

      {hasExcelBatch && <BatchesPanel batches={data.batches} onDelete={confirmDeleteBatch} deleting={deletingBatch} />}

      {data.error ? (
        <LoadError title={t`Unable to Load Products`} message={data.error.message || t`Failed to load products`} onRetry={data.retry} />
      ) : data.loading ? (
        // The newest rows, read ahead, stand in for the list while the whole
        // catalogue loads; a search or the Excel filter needs every product,
        // so those wait for it.
        data.first && data.first.length > 0 && query === '' && filter === 'all' ? (
          <>
            <ListCount testId="product-count">
              <Trans>Loading all products…</Trans>
            </ListCount>
            {list(data.first)}
          </>
        ) : (
          <RecordListSkeleton view={view} layout={layout} />
        )
      ) : data.all.length === 0 ? (
        <EmptyState
          title={t`No products yet`}
          text={t`Add your products so the assistant can answer with their price, stock and link.`}
          action={<Button onClick={() => dialog.open(null)}>{t`Add your first product`}</Button>}
          testId="products-empty"
        />
      ) : filter === 'excel' && !data.all.some(isExcelProduct) ? (
        <EmptyState
          title={t`No products uploaded with Excel`}
          text={t`Products you upload from an Excel file are listed here.`}
          action={<Button onClick={() => setImporting(true)}>{t`Upload Excel`}</Button>}
          testId="products-empty"
        />
      ) : data.visible.length === 0 ? (
        <NoMatches
          title={t`No matching products`}
          text={t`No product name or description contains “${query}”.`}
          onClear={() => setSearch('')}
          testId="products-empty"
        />
      ) : (
        <>
          <RecordCount testId="product-count" shown={shown} total={total} all={countAll} some={countSome} />
          {list(data.visible)}
        </>
      )}

      <ProductFormModal dialog={dialog} />
      <ImportModal opened={importing} onClose={closeImport} />
    </Stack>
  )
}
