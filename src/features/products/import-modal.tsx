// The Excel import: choose a file, watch it being read (in a worker), see
// every rejected row with its reason and a paged preview of the rest, then
// add the valid rows to the store in one write. Nothing is stored until the
// owner confirms, and a failed write keeps the preview so they can try again.
import { useEffect, useRef, useState } from 'react'
import { Alert, Button, FileButton, Group, Pagination, Progress, ScrollArea, Stack, Table, Text, ThemeIcon } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createBatchId, stampBatch } from '../../../domain/products/batches.ts'
import { formatPrice } from '../../../domain/products/currency.ts'
import { excelFileProblem, type ExcelRowError } from '../../../domain/products/excel.ts'
import { clampPage, pageCount, pageSlice, PREVIEW_PAGE_SIZE } from '../../../domain/products/pagination.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ModalButtons, ResponsiveModal } from '../../components/responsive-modal.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { isExcelImportError, type ExcelImportErrorCode } from './excel/errors.ts'
import type { ExcelParseResult } from './excel/parse-workbook.ts'
import { COLUMN_LABELS, importErrorMessage, rowErrorMessage } from './messages.ts'
import classes from './products.module.css'
import './styles/pagination.ts'

/** How long the success view stays before the dialog closes itself. */
export const IMPORT_AUTO_CLOSE_MS = 2000
/** The spec's simulated progress: +10% every 200 ms. Real progress overtakes it; it never runs ahead past 80%. */
const SIMULATED_STEP = 0.1
const SIMULATED_EVERY_MS = 200
const SIMULATED_CAP = 0.8

type Stage =
  | { kind: 'pick'; error?: ExcelImportErrorCode }
  | { kind: 'parsing'; fileName: string }
  | {
      kind: 'review'
      fileName: string
      result: ExcelParseResult
      page: number
      /** The page of the error list, paged like the preview so every error can be read. */
      errorPage: number
      adding: boolean
      insertError?: string
    }
  | { kind: 'done'; count: number }

export type ImportModalProps = {
  opened: boolean
  onClose: () => void
  /** Called with the new batch's id once its products are stored. */
  onImported?: (groupId: string, count: number) => void
}

export function ImportModal(props: ImportModalProps) {
  const { t } = useLingui()
  // The flow reports whether a write is running, when closing would lose track of it.
  const [busy, setBusy] = useState(false)
  return (
    <ResponsiveModal opened={props.opened} onClose={props.onClose} busy={busy} title={t`Upload products from Excel`} size="xl" testId="import-dialog">
      {/* Mounted afresh on every opening: each starts at the file picker, and closing cancels a running parse. */}
      <ImportFlow {...props} setBusy={setBusy} />
    </ResponsiveModal>
  )
}

function ImportFlow(props: ImportModalProps & { setBusy: (busy: boolean) => void }) {
  const { t, i18n } = useLingui()
  const actions = useRecordActions('products')
  const [stage, setStage] = useState<Stage>({ kind: 'pick' })
  const [progress, setProgress] = useState(0)
  const abortRef = useRef<AbortController | null>(null)
  const resetFileRef = useRef<() => void>(null)
  const { setBusy } = props

  useEffect(() => () => abortRef.current?.abort(), [])

  const busy = stage.kind === 'review' && stage.adding
  useEffect(() => setBusy(busy), [busy, setBusy])

  const close = () => {
    abortRef.current?.abort()
    props.onClose()
  }

  useEffect(() => {
    if (stage.kind !== 'done') return
    const timer = setTimeout(props.onClose, IMPORT_AUTO_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [stage.kind, props.onClose])

  async function choose(file: File | null) {
    resetFileRef.current?.()
    if (!file) return
    abortRef.current?.abort()
    // A wrong name or a file over the size limit is refused before a byte of it is read.
    const problem = excelFileProblem(file)
    if (problem) {
      setStage({ kind: 'pick', error: problem })
      return
    }
    const controller = new AbortController()
    abortRef.current = controller
    setProgress(0)
    setStage({ kind: 'parsing', fileName: file.name })
    try {
      // Loaded with the first file, so the screen itself never pays for the parser.
      const { parseInWorker } = await import('./excel/parse-in-worker.ts')
      const result = await parseInWorker(file, setProgress, {
        signal: controller.signal,
      })
      if (controller.signal.aborted) return
      setProgress(1)
      setStage({
        kind: 'review',
        fileName: file.name,
        result,
        page: 1,
        errorPage: 1,
        adding: false,
      })
    } catch (error) {
      if (controller.signal.aborted) return
      console.error('the Excel file could not be imported', error)
      setStage({
        kind: 'pick',
        error: isExcelImportError(error) ? error.code : 'processing_failed',
      })
    }
  }

  async function add() {
    if (stage.kind !== 'review' || stage.adding) return
    const { result } = stage
    setStage({ ...stage, adding: true, insertError: undefined })
    const groupId = createBatchId()
    try {
      await actions.insert(stampBatch(result.products, groupId))
      setStage({ kind: 'done', count: result.products.length })
      props.onImported?.(groupId, result.products.length)
    } catch (error) {
      console.error('storing the imported products failed', error)
      setStage({
        ...stage,
        adding: false,
        insertError: error instanceof Error ? error.message : String(error),
      })
    }
  }

  return (
    <>
      {stage.kind === 'pick' && (
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Choose an .xlsx or .xls file laid out like the template: name, description, price, currency, stock, product_link. The first row is the header;
              only the first sheet is read.
            </Trans>
          </Text>
          {stage.error && (
            <Alert color="red" role="alert" title={t`The file was not imported`}>
              {importErrorMessage(i18n, stage.error)}
            </Alert>
          )}
          <ModalButtons mt={0}>
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <FileButton
              onChange={(f) => void choose(f)}
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              resetRef={resetFileRef}
            >
              {(buttonProps) => (
                <Button {...buttonProps} data-autofocus>
                  <Trans>Choose Excel file</Trans>
                </Button>
              )}
            </FileButton>
          </ModalButtons>
        </Stack>
      )}

      {stage.kind === 'parsing' && <Parsing fileName={stage.fileName} real={progress} onCancel={close} />}

      {stage.kind === 'review' && (
        <Review
          stage={stage}
          onPage={(page) => setStage({ ...stage, page })}
          onErrorPage={(errorPage) => setStage({ ...stage, errorPage })}
          onAdd={() => void add()}
          onCancel={close}
          onOtherFile={() => setStage({ kind: 'pick' })}
        />
      )}

      {stage.kind === 'done' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <ThemeIcon size={48} radius="xl" color="green" aria-hidden>
            <svg viewBox="0 0 24 24" width={28} height={28} fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden focusable="false">
              <path d="M5 12l5 5L20 7" />
            </svg>
          </ThemeIcon>
          <Text fw={600} size="lg">
            <Plural value={stage.count} one="# product added" other="# products added" />
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>They are in your catalogue now and sync when you are online.</Trans>
          </Text>
        </Stack>
      )}
    </>
  )
}

function Parsing(props: { fileName: string; real: number; onCancel: () => void }) {
  const { t } = useLingui()
  const [simulated, setSimulated] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setSimulated((s) => Math.min(SIMULATED_CAP, s + SIMULATED_STEP)), SIMULATED_EVERY_MS)
    return () => clearInterval(timer)
  }, [])
  const percent = Math.round(Math.max(props.real, simulated) * 100)
  const step = props.real < 0.05 ? t`Preparing the reader…` : props.real < 0.85 ? t`Reading the workbook…` : t`Checking the rows…`
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} className={classes.link}>
        {props.fileName}
      </Text>
      <Progress value={percent} size="lg" animated aria-label={t`Reading the Excel file`} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {step}
        </Text>
        <Text size="sm" fw={600}>
          {percent}%
        </Text>
      </Group>
      <ModalButtons mt={0}>
        <Button variant="default" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </ModalButtons>
    </Stack>
  )
}

function Review(props: {
  stage: Extract<Stage, { kind: 'review' }>
  onPage: (page: number) => void
  onErrorPage: (page: number) => void
  onAdd: () => void
  onCancel: () => void
  onOtherFile: () => void
}) {
  const { t, i18n } = useLingui()
  const { result, page, adding, insertError } = props.stage
  const detail = insertError ?? ''
  const valid = result.products.length
  const rejectedRows = new Set(result.errors.map((e) => e.row)).size
  const pages = pageCount(valid)
  const number = new Intl.NumberFormat(i18n.locale)

  return (
    <Stack gap="md">
      <Text size="sm">
        <Plural value={valid} one="# product is ready to add." other="# products are ready to add." />{' '}
        {rejectedRows > 0 && <Plural value={rejectedRows} one="# row has errors and will be skipped." other="# rows have errors and will be skipped." />}
      </Text>

      {insertError !== undefined && (
        <Alert color="red" role="alert">
          {t`Error occurred while adding products: ${detail}`}
        </Alert>
      )}

      {result.errors.length > 0 && <RowErrors errors={result.errors} page={props.stage.errorPage} onPage={props.onErrorPage} />}

      {valid > 0 ? (
        <Stack gap="xs">
          <Text fw={600} size="sm" id="import-preview-title">
            <Trans>Products to add</Trans>
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <DataTable
              striped
              verticalSpacing={6}
              aria-labelledby="import-preview-title"
              testId="import-preview"
              rows={pageSlice(result.products, page)}
              rowKey={(_, i) => (page - 1) * PREVIEW_PAGE_SIZE + i}
              columns={[
                { key: 'number', header: <Trans>No.</Trans>, cell: (_, i) => number.format((page - 1) * PREVIEW_PAGE_SIZE + i + 1) },
                { key: 'name', header: i18n._(COLUMN_LABELS.name), cell: (product) => product.name },
                {
                  key: 'description',
                  header: i18n._(COLUMN_LABELS.description),
                  cell: (product) => (
                    <Text size="sm" lineClamp={1}>
                      {product.description ?? ''}
                    </Text>
                  ),
                },
                {
                  key: 'price',
                  header: i18n._(COLUMN_LABELS.price),
                  className: classes.numeric,
                  cellClassName: classes.nowrap,
                  cell: (product) => formatPrice(product.price, product.currency, i18n.locale),
                },
                { key: 'stock', header: i18n._(COLUMN_LABELS.stock), className: classes.numeric, cell: (product) => number.format(product.stock) },
              ]}
            />
          </Table.ScrollContainer>
          {pages > 1 && <Pages label={t`Preview pages`} page={page} pages={pages} onPage={props.onPage} />}
        </Stack>
      ) : (
        <Alert color="yellow">
          <Trans>No row of this file can be added. Fix the rows listed above and upload the file again.</Trans>
        </Alert>
      )}

      <Group justify="space-between">
        <Button variant="subtle" onClick={props.onOtherFile} disabled={adding}>
          <Trans>Choose another file</Trans>
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={adding}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={props.onAdd} loading={adding} disabled={valid === 0}>
            <Plural value={valid} one="Add # product" other="Add # products" />
          </Button>
        </Group>
      </Group>
    </Stack>
  )
}

function RowErrors(props: { errors: ExcelRowError[]; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useLingui()
  const pages = pageCount(props.errors.length)
  const page = clampPage(props.page, pages)
  const shown = pageSlice(props.errors, page)
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" c="red.8" id="import-errors-title">
        <Plural value={props.errors.length} one="# error found" other="# errors found" />
      </Text>
      {/* Keyed by page: another page starts at its first row, not where the last one was scrolled to. */}
      <ScrollArea.Autosize key={page} mah={220} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-labelledby': 'import-errors-title' }}>
        <DataTable
          verticalSpacing={4}
          aria-labelledby="import-errors-title"
          testId="import-errors"
          rows={shown}
          rowKey={(_, i) => `${page}-${i}`}
          columns={[
            { key: 'row', header: <Trans>Row</Trans>, cell: (error) => error.row },
            { key: 'field', header: <Trans>Field</Trans>, cell: (error) => i18n._(COLUMN_LABELS[error.field]) },
            { key: 'message', header: <Trans>Message</Trans>, cell: (error) => rowErrorMessage(i18n, error.code) },
          ]}
        />
      </ScrollArea.Autosize>
      {pages > 1 && <Pages label={t`Error pages`} page={page} pages={pages} onPage={props.onPage} />}
    </Stack>
  )
}

// One boundary page a side and no siblings: Mantine then lists every page up
// to five and collapses past that (1 2 3 … 6, 1 … 4 … 20), as the spec asks,
// in a row that fits a phone.
const PAGER_SIBLINGS = 0
const PAGER_BOUNDARIES = 1

function Pages(props: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useLingui()
  return (
    <nav aria-label={props.label}>
      <Pagination
        total={props.pages}
        value={props.page}
        onChange={props.onPage}
        siblings={PAGER_SIBLINGS}
        boundaries={PAGER_BOUNDARIES}
        size="sm"
        gap={4}
        getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
        // Without edges the only controls are previous and next.
        getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t`Previous page` : t`Next page` })}
        // The gap's dots say nothing a page number does not.
        attributes={{ dots: { 'aria-hidden': true } }}
        classNames={{ root: classes.pager }}
      />
    </nav>
  )
}
