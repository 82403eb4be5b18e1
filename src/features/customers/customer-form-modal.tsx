// Add and edit a customer: a bottom sheet on phones, a centred dialog on
// larger screens. The form keeps what the owner typed until it is saved: a
// failed save shows the error and leaves every field as it was.
import { useId, useState, type FormEvent } from 'react'
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  changedCustomerFields,
  customerChangesFromPayload,
  customerFieldsFromPayload,
  customerPayloadFromForm,
  customerToForm,
  emptyCustomerForm,
  validateCustomerForm,
  type CustomerFormErrors,
  type CustomerFormField,
  type CustomerFormValues,
} from '../../../domain/customers.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import { useRecordActions } from '../../db/hooks.ts'
import { useSession } from '../../lib/session.tsx'
import { PHONE_EXAMPLE, PHONE_QUERY } from './constants.ts'
import { FORM_ERRORS } from './messages.ts'
import classes from './customers.module.css'

export type CustomerFormModalProps = {
  opened: boolean
  /** Changes with every opening, so the form inside is mounted afresh even if the dialog is reopened while it closes. */
  openings: number
  /** The customer to edit; null adds a new one. */
  customer: CustomerRecord | null
  onClose: () => void
  onSaved: (customer: CustomerRecord, mode: 'added' | 'updated') => void
}

export function CustomerFormModal(props: CustomerFormModalProps) {
  const { t } = useLingui()
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const [saving, setSaving] = useState(false)
  const name = props.customer?.name ?? ''
  return (
    <Modal.Root
      opened={props.opened}
      // Closing mid-save would hide the outcome; the write is local and takes milliseconds.
      onClose={() => !saving && props.onClose()}
      centered={!phone}
      size="lg"
      yOffset={phone ? '1.25rem' : undefined}
      transitionProps={{ transition: phone ? 'slide-up' : 'pop', duration: 200 }}
      classNames={phone ? { inner: classes.sheetInner, content: classes.sheetContent } : undefined}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="customer-dialog" data-layout={phone ? 'sheet' : 'dialog'}>
        <Modal.Header className={classes.dialogHeader}>
          <div>
            <Modal.Title className={classes.dialogTitle}>{props.customer ? t`Edit customer` : t`New customer`}</Modal.Title>
            <Text size="sm" c="dimmed" mt={4}>
              {props.customer ? t`Update the contact details and notes of ${name}.` : t`Only the name and phone number are required.`}
            </Text>
          </div>
          <Modal.CloseButton aria-label={t`Close`} disabled={saving} />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted afresh on every opening and for every customer, so the form starts from the customer it opens with. */}
          <CustomerForm key={`${props.openings}:${props.customer?.id ?? ''}`} {...props} saving={saving} setSaving={setSaving} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}

type Failure = 'save' | 'unauthenticated'

const FIELD_ORDER: readonly CustomerFormField[] = ['name', 'phone_number', 'email', 'notes']

function CustomerForm(props: CustomerFormModalProps & { saving: boolean; setSaving: (saving: boolean) => void }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const actions = useRecordActions('customers')
  // What the form opened with: an edit writes only the fields that differ from it (see changedCustomerFields).
  const [initial] = useState<CustomerFormValues>(() => (props.customer ? customerToForm(props.customer) : emptyCustomerForm()))
  const [values, setValues] = useState<CustomerFormValues>(initial)
  const [errors, setErrors] = useState<CustomerFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const { saving, setSaving } = props
  const formId = useId()
  const example = PHONE_EXAMPLE

  function set(field: CustomerFormField, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    // After a first attempt, errors follow the typing so a fixed field clears at once.
    if (submitted) setErrors(validateCustomerForm(next))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    setSubmitted(true)
    const found = validateCustomerForm(values)
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus()
      return
    }
    if (!session.user) {
      setFailure('unauthenticated')
      return
    }
    setSaving(true)
    setFailure(null)
    try {
      if (props.customer) {
        const changes = customerChangesFromPayload(changedCustomerFields(initial, values))
        const saved = Object.keys(changes).length === 0 ? props.customer : await actions.update(props.customer.id, changes)
        props.onSaved(saved, 'updated')
      } else {
        const [saved] = await actions.insert([customerFieldsFromPayload(customerPayloadFromForm(values))])
        props.onSaved(saved!, 'added')
      }
    } catch (error) {
      console.error('saving a customer failed', error)
      setFailure('save')
    } finally {
      setSaving(false)
    }
  }

  const error = (field: CustomerFormField) => (errors[field] ? i18n._(FORM_ERRORS[errors[field]]) : undefined)

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
      <Stack gap="sm">
        <TextInput
          id={`${formId}-name`}
          label={t`Name`}
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={error('name')}
          // The owner types someone else's details: the browser's own contact autofill would be wrong.
          autoComplete="off"
          maxLength={200}
          data-autofocus
        />
        <TextInput
          id={`${formId}-phone_number`}
          label={t`Phone`}
          description={t`For example ${example}. For a number outside Türkiye, start with + and the country code.`}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={PHONE_EXAMPLE}
          value={values.phone_number}
          onChange={(e) => set('phone_number', e.currentTarget.value)}
          error={error('phone_number')}
          maxLength={40}
        />
        <TextInput
          id={`${formId}-email`}
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={error('email')}
          maxLength={254}
        />
        <Textarea id={`${formId}-notes`} label={t`Notes`} rows={3} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
        {failure && (
          <Alert color="red" role="alert">
            {failure === 'unauthenticated' ? <Trans>User not authenticated</Trans> : <Trans>An error occurred while saving the customer.</Trans>}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm" className={classes.dialogButtons}>
          <Button variant="default" onClick={props.onClose} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={saving} leftSection={saving ? <Loader size={14} color="currentColor" /> : undefined}>
            {saving ? <Trans>Saving…</Trans> : props.customer ? <Trans>Save changes</Trans> : <Trans>Add customer</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
