// The product list: a table on large screens, cards on small ones, windowed
// (the shared RecordList), so a catalogue of tens of thousands of products
// scrolls and filters smoothly. This file says what a product's row and card
// show.
import type { ReactNode } from 'react'
import { Anchor, Group, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPrice } from '../../../domain/products/currency.ts'
import { LINK_MAX_CARD, LINK_MAX_TABLE, productLinkHref, truncateLink } from '../../../domain/products/links.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import type { RecordListView } from '../../components/record-list.tsx'
import type { ListColumn } from '../../components/virtual-list.tsx'
import classes from './products.module.css'

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

function useColumns(): ListColumn<ProductRecord>[] {
  const { t, i18n } = useLingui()
  const number = new Intl.NumberFormat(i18n.locale)
  return [
    {
      key: 'name',
      header: t`Name`,
      width: '20%',
      cell: (p) => (
        <Text size="sm" fw={600} lineClamp={2}>
          {p.name}
        </Text>
      ),
    },
    { key: 'description', header: t`Description`, cell: (p) => <Description text={p.description} />, placeholder: '90%' },
    {
      key: 'price',
      header: t`Price`,
      width: '140px',
      align: 'end',
      cell: (p) => <Text size="sm">{formatPrice(p.price, p.currency, i18n.locale)}</Text>,
      placeholder: 80,
    },
    { key: 'stock', header: t`Stock`, width: '90px', align: 'end', cell: (p) => <Text size="sm">{number.format(p.stock)}</Text>, placeholder: 40 },
    { key: 'link', header: t`Product link`, width: '20%', cell: (p) => <ProductLink url={p.product_link} max={LINK_MAX_TABLE} />, placeholder: 120 },
  ]
}

function ProductCard(props: { product: ProductRecord }) {
  const { t, i18n } = useLingui()
  const product = props.product
  return (
    <>
      <Text fw={600}>{product.name}</Text>
      <Description text={product.description} />
      <Group justify="space-between" gap="xs">
        <Field label={t`Price`}>{formatPrice(product.price, product.currency, i18n.locale)}</Field>
        <Field label={t`Stock`}>{new Intl.NumberFormat(i18n.locale).format(product.stock)}</Field>
      </Group>
      <ProductLink url={product.product_link} max={LINK_MAX_CARD} />
    </>
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

/** The products as the shared RecordList and its skeleton draw them. */
export function useProductListView(): RecordListView<ProductRecord> {
  const { t } = useLingui()
  return {
    columns: useColumns(),
    card: (p) => <ProductCard product={p} />,
    // The Turkish catalogue names the product in the accusative ("… ürününü düzenle").
    labels: (name) => ({
      edit: t({ message: `Edit: ${name}`, context: 'product' }),
      delete: t({ message: `Delete: ${name}`, context: 'product' }),
    }),
    cardHeight: 190,
    label: t`Products`,
    loadingLabel: t`Loading products`,
    testIds: { list: 'products', row: 'product-row', loading: 'products-loading', loadingRow: 'product-skeleton' },
  }
}
