// Add and edit a product in the shared dialog shell (a bottom sheet on
// phones). The form keeps what the owner typed until it is saved: a failed
// save shows the error and leaves every field as it was.
import { useMemo, useState } from 'react'
import { Alert, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { CURRENCIES } from '../../../domain/products/currency.ts'
import { emptyProductForm, productChangesFromForm, productFieldsFromForm, productToForm, validateProductForm, type ProductFormValues } from '../../../domain/products/form.ts'
import type { ProductRecord } from '../../../domain/records.ts'
import { FormDialog, useDialogBusy } from '../../components/form-dialog.tsx'
import { useDomainForm } from '../../components/forms.ts'
import type { RecordDialog } from '../../components/record-dialog.ts'
import { SaveButtons } from '../../components/save-buttons.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { FORM_ERRORS } from './messages.ts'

export function ProductFormModal(props: { dialog: RecordDialog<ProductRecord> }) {
  const { t } = useLingui()
  const { dialog } = props
  return (
    <FormDialog dialog={dialog} title={dialog.record ? t`Edit product` : t`Add product`} testId="product-dialog">
      <ProductForm product={dialog.record} onClose={dialog.close} onSaved={(product, mode) => dialog.saved(product.name, mode)} />
    </FormDialog>
  )
}

type ProductFormProps = {
  /** The product to edit; null adds a new one. */
  product: ProductRecord | null
  onClose: () => void
  onSaved: (product: ProductRecord, mode: 'added' | 'updated') => void
}

function ProductForm(props: ProductFormProps) {
  const { t, i18n } = useLingui()
  const actions = useRecordActions('products')
  const [saveFailed, setSaveFailed] = useState(false)
  const decimalMark = i18n.locale === 'tr' ? ',' : '.'
  const { form, onSubmit } = useDomainForm({
    initialValues: props.product ? productToForm(props.product, decimalMark) : emptyProductForm(),
    validate: validateProductForm,
    messages: FORM_ERRORS,
  })
  const saving = form.submitting
  useDialogBusy(saving)

  const currencyNames = useMemo(() => {
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.locale], { type: 'currency' }) : null
    return CURRENCIES.map((c) => ({
      value: c.code,
      label: `${c.code} · ${c.symbol === c.code ? '' : `${c.symbol} `}${names?.of(c.code) ?? c.name}`,
    }))
  }, [i18n.locale])

  async function save(values: ProductFormValues) {
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
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-busy={saving}>
      <Stack gap="sm">
        <TextInput label={t`Name`} required {...form.getInputProps('name')} data-autofocus maxLength={500} />
        <Textarea label={t`Description`} {...form.getInputProps('description')} autosize minRows={2} maxRows={6} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {/* Plain text inputs: a number input rewrites what is typed ("2.5" → 25, "12.345" → 12.34),
              so the owner would never see why a value is refused. The domain rules judge the text. */}
          <TextInput
            label={t`Price`}
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder={`0${decimalMark}00`}
            {...form.getInputProps('price')}
            miw={140}
          />
          <Select
            label={t`Currency`}
            required
            data={currencyNames}
            {...form.getInputProps('currency')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            miw={180}
          />
        </SimpleGrid>
        <TextInput label={t`Stock`} required inputMode="numeric" autoComplete="off" {...form.getInputProps('stock')} />
        <TextInput label={t`Product link`} type="url" inputMode="url" placeholder="https://" {...form.getInputProps('product_link')} />
        {saveFailed && (
          <Alert color="red" role="alert">
            <Trans>Failed to save product. Please try again.</Trans>
          </Alert>
        )}
        <SaveButtons saving={saving} onCancel={props.onClose} label={props.product ? <Trans>Save changes</Trans> : <Trans>Add product</Trans>} />
      </Stack>
    </form>
  )
}
