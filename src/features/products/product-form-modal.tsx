// Add and edit a product. The form keeps what the owner typed until it is
// saved: a failed save shows the error and leaves every field as it was.
import { useId, useMemo, useState, type FormEvent } from 'react'
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  CURRENCIES,
  emptyProductForm,
  productChangesFromForm,
  productFieldsFromForm,
  productToForm,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormField,
  type ProductFormValues,
} from '../../../domain/products.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import { useRecordActions } from '../../db/hooks.ts'
import { PHONE_QUERY } from './constants.ts'
import { FORM_ERRORS } from './messages.ts'

export type ProductFormModalProps = {
  opened: boolean
  /** The product to edit; null adds a new one. */
  product: ProductRecord | null
  onClose: () => void
  onSaved: (product: ProductRecord, mode: 'added' | 'updated') => void
}

export function ProductFormModal(props: ProductFormModalProps) {
  const { t } = useLingui()
  const phone = useMediaQuery(PHONE_QUERY, false, {
    getInitialValueInEffect: false,
  })
  const [saving, setSaving] = useState(false)
  return (
    <Modal
      opened={props.opened}
      onClose={() => !saving && props.onClose()}
      title={props.product ? t`Edit product` : t`Add product`}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {/* Mounted afresh on every opening, so the form starts from the product it opens with. */}
      <ProductForm {...props} saving={saving} setSaving={setSaving} />
    </Modal>
  )
}

function ProductForm(
  props: ProductFormModalProps & {
    saving: boolean
    setSaving: (saving: boolean) => void
  },
) {
  const { t, i18n } = useLingui()
  const actions = useRecordActions('products')
  const decimalMark = i18n.locale === 'tr' ? ',' : '.'
  const [values, setValues] = useState<ProductFormValues>(() => (props.product ? productToForm(props.product, decimalMark) : emptyProductForm()))
  const [errors, setErrors] = useState<ProductFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [saveFailed, setSaveFailed] = useState(false)
  const { saving, setSaving } = props
  const formId = useId()

  const currencyNames = useMemo(() => {
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.locale], { type: 'currency' }) : null
    return CURRENCIES.map((c) => ({
      value: c.code,
      label: `${c.code} · ${c.symbol === c.code ? '' : `${c.symbol} `}${names?.of(c.code) ?? c.name}`,
    }))
  }, [i18n.locale])

  function set<K extends ProductFormField>(field: K, value: ProductFormValues[K]) {
    const next = { ...values, [field]: value }
    setValues(next)
    // After a first attempt, errors follow the typing so a fixed field clears at once.
    if (submitted) setErrors(validateProductForm(next))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    const found = validateProductForm(values)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      const first = (['name', 'price', 'currency', 'stock', 'product_link'] as const).find((f) => found[f])
      if (first) document.getElementById(`${formId}-${first}`)?.focus()
      return
    }
    setSaving(true)
    setSaveFailed(false)
    try {
      if (props.product) {
        const saved = await actions.update(props.product.id, productChangesFromForm(values))
        props.onSaved(saved, 'updated')
      } else {
        const [saved] = await actions.insert([productFieldsFromForm(values)])
        props.onSaved(saved!, 'added')
      }
    } catch (error) {
      console.error('saving a product failed', error)
      setSaveFailed(true)
    } finally {
      setSaving(false)
    }
  }

  const error = (field: ProductFormField) => (errors[field] ? i18n._(FORM_ERRORS[errors[field]]) : undefined)

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
      <Stack gap="sm">
        {saveFailed && (
          <Alert color="red" role="alert">
            <Trans>Failed to save product. Please try again.</Trans>
          </Alert>
        )}
        <TextInput
          id={`${formId}-name`}
          label={t`Name`}
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={error('name')}
          data-autofocus
          maxLength={500}
        />
        <Textarea
          id={`${formId}-description`}
          label={t`Description`}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {/* Plain text inputs: a number input rewrites what is typed ("2.5" → 25, "12.345" → 12.34),
              so the owner would never see why a value is refused. The domain rules judge the text. */}
          <TextInput
            id={`${formId}-price`}
            label={t`Price`}
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder={`0${decimalMark}00`}
            value={values.price}
            onChange={(e) => set('price', e.currentTarget.value)}
            error={error('price')}
            miw={140}
          />
          <Select
            id={`${formId}-currency`}
            label={t`Currency`}
            required
            data={currencyNames}
            value={values.currency}
            onChange={(v) => v && set('currency', v)}
            allowDeselect={false}
            error={error('currency')}
            comboboxProps={{ withinPortal: true }}
            miw={180}
          />
        </SimpleGrid>
        <TextInput
          id={`${formId}-stock`}
          label={t`Stock`}
          required
          inputMode="numeric"
          autoComplete="off"
          value={values.stock}
          onChange={(e) => set('stock', e.currentTarget.value)}
          error={error('stock')}
        />
        <TextInput
          id={`${formId}-product_link`}
          label={t`Product link`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.product_link}
          onChange={(e) => set('product_link', e.currentTarget.value)}
          error={error('product_link')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            {props.product ? <Trans>Save changes</Trans> : <Trans>Add product</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
