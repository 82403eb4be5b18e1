// The product list: a table on large screens, cards on small ones. Only the
// rows near the viewport are in the DOM (the page itself scrolls), so a
// catalogue of tens of thousands of products scrolls and filters smoothly.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPrice, LINK_MAX_CARD, LINK_MAX_TABLE, productLinkHref, truncateLink } from '../../../domain/products.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import classes from './products.module.css'

export type ProductListProps = {
  products: readonly ProductRecord[]
  layout: 'table' | 'cards'
  onEdit: (product: ProductRecord) => void
  onDelete: (product: ProductRecord) => void
}

/** Distance from the top of the document to the list, which the window virtualizer needs. */
function useDocumentTop<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const next = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setTop((current) => (current === next ? current : next))
    }
    measure()
    // Whatever sits above the list (the batches panel, notices) may change its height.
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  return [ref, top] as const
}

function useRows(count: number, estimate: number, scrollMargin: number) {
  return useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    overscan: 8,
    scrollMargin,
  })
}

function ProductLink(props: { url?: string; max: number }) {
  if (!props.url) {
    return (
      <Text span size="sm" c="dimmed">
        <Trans>No link</Trans>
      </Text>
    )
  }
  const href = productLinkHref(props.url)
  // Only a web address becomes a link: anything else (another scheme, plain
  // text from an import) would open nowhere useful, or somewhere unsafe.
  if (href === null) {
    return (
      <Text span size="sm" title={props.url} className={classes.link} data-testid="product-link-text">
        {truncateLink(props.url, props.max)}
      </Text>
    )
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" title={props.url} className={classes.link}>
      {truncateLink(props.url, props.max)}
    </Anchor>
  )
}

function Description(props: { text?: string }) {
  if (!props.text) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        <Trans>No description</Trans>
      </Text>
    )
  }
  return (
    <Text size="sm" lineClamp={2} title={props.text}>
      {props.text}
    </Text>
  )
}

function Actions(props: { product: ProductRecord; onEdit: ProductListProps['onEdit']; onDelete: ProductListProps['onDelete'] }) {
  const { t } = useLingui()
  const name = props.product.name
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="subtle" onClick={() => props.onEdit(props.product)} aria-label={t`Edit ${name}`}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => props.onDelete(props.product)} aria-label={t`Delete ${name}`}>
        <Trans>Delete</Trans>
      </Button>
    </Group>
  )
}

function ProductTable(props: ProductListProps) {
  const { t, i18n } = useLingui()
  const [ref, top] = useDocumentTop<HTMLTableElement>()
  const rows = useRows(props.products.length, 61, top)
  const items = rows.getVirtualItems()
  const before = items.length > 0 ? items[0]!.start - rows.options.scrollMargin : 0
  const after = items.length > 0 ? rows.getTotalSize() - (items[items.length - 1]!.end - rows.options.scrollMargin) : 0
  const number = new Intl.NumberFormat(i18n.locale)

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table ref={ref} verticalSpacing="sm" highlightOnHover aria-rowcount={props.products.length + 1} aria-label={t`Products`} data-testid="products-table">
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Description</Trans>
            </Table.Th>
            <Table.Th className={classes.numeric}>
              <Trans>Price</Trans>
            </Table.Th>
            <Table.Th className={classes.numeric}>
              <Trans>Stock</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Product link</Trans>
            </Table.Th>
            <Table.Th className={classes.numeric}>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && <Spacer height={before} />}
          {items.map((item) => {
            const product = props.products[item.index]!
            return (
              <Table.Tr key={product.id} data-index={item.index} ref={rows.measureElement} aria-rowindex={item.index + 2} data-testid="product-row">
                <Table.Td className={classes.nameCell}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {product.name}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.descriptionCell}>
                  <Description text={product.description} />
                </Table.Td>
                <Table.Td className={classes.numeric}>
                  <Text size="sm" className={classes.nowrap}>
                    {formatPrice(product.price, product.currency, i18n.locale)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.numeric}>
                  <Text size="sm">{number.format(product.stock)}</Text>
                </Table.Td>
                <Table.Td>
                  <ProductLink url={product.product_link} max={LINK_MAX_TABLE} />
                </Table.Td>
                <Table.Td>
                  <Actions product={product} onEdit={props.onEdit} onDelete={props.onDelete} />
                </Table.Td>
              </Table.Tr>
            )
          })}
          {after > 0 && <Spacer height={after} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Spacer(props: { height: number }) {
  return (
    <tr aria-hidden="true" className={classes.spacer}>
      <td colSpan={6} style={{ height: props.height }} />
    </tr>
  )
}

function ProductCards(props: ProductListProps) {
  const { t, i18n } = useLingui()
  const [ref, top] = useDocumentTop<HTMLDivElement>()
  const rows = useRows(props.products.length, 190, top)
  const items = rows.getVirtualItems()
  const number = new Intl.NumberFormat(i18n.locale)

  return (
    <div ref={ref} role="list" aria-label={t`Products`} className={classes.cards} style={{ height: rows.getTotalSize() }} data-testid="products-cards">
      {items.map((item) => {
        const product = props.products[item.index]!
        return (
          <div
            key={product.id}
            role="listitem"
            data-index={item.index}
            ref={rows.measureElement}
            className={classes.cardSlot}
            style={{
              transform: `translateY(${item.start - rows.options.scrollMargin}px)`,
            }}
            data-testid="product-row"
          >
            <Card withBorder padding="md" radius="md">
              <Stack gap={6}>
                <Text fw={600}>{product.name}</Text>
                <Description text={product.description} />
                <Group justify="space-between" gap="xs">
                  <Field label={t`Price`}>{formatPrice(product.price, product.currency, i18n.locale)}</Field>
                  <Field label={t`Stock`}>{number.format(product.stock)}</Field>
                </Group>
                <ProductLink url={product.product_link} max={LINK_MAX_CARD} />
                <Actions product={product} onEdit={props.onEdit} onDelete={props.onDelete} />
              </Stack>
            </Card>
          </div>
        )
      })}
    </div>
  )
}

function Field(props: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {props.label}:
      </Text>{' '}
      <Text span size="sm" fw={600}>
        {props.children}
      </Text>
    </Text>
  )
}

export function ProductList(props: ProductListProps) {
  return props.layout === 'table' ? <ProductTable {...props} /> : <ProductCards {...props} />
}
