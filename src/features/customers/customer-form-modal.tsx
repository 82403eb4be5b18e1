// Add and edit a customer in the shared dialog shell (a bottom sheet on
// phones). The form keeps what the owner typed until it is saved: a failed
// save shows the error and leaves every field as it was.
import { useState } from 'react'
import { Alert, Stack, TextInput, Textarea } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  changedCustomerFields,
  customerChangesFromPayload,
  customerFieldsFromPayload,
  customerPayloadFromForm,
  customerToForm,
  emptyCustomerForm,
  validateCustomerForm,
  type CustomerFormValues,
} from '../../../domain/customers.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import { FormDialog, useDialogBusy } from '../../components/form-dialog.tsx'
import { useDomainForm } from '../../components/forms.ts'
import type { RecordDialog } from '../../components/record-dialog.ts'
import { SaveButtons } from '../../components/save-buttons.tsx'
import { useRecordActions } from '../../db/hooks.ts'
import { useSession } from '../../lib/session.tsx'
import { PHONE_EXAMPLE } from './constants.ts'
import { FORM_ERRORS } from './messages.ts'

export function CustomerFormModal(props: {
  dialog: RecordDialog<CustomerRecord>
  /** What a new customer's form starts with (the inbox links here with the number a conversation came from). */
  prefill?: Partial<CustomerFormValues>
}) {
  const { t } = useLingui()
  const { dialog } = props
  const name = dialog.record?.name ?? ''
  return (
    <FormDialog
      dialog={dialog}
      title={dialog.record ? t`Edit customer` : t`New customer`}
      description={dialog.record ? t`Update the contact details and notes of ${name}.` : t`Only the name and phone number are required.`}
      testId="customer-dialog"
    >
      <CustomerForm
        customer={dialog.record}
        prefill={props.prefill}
        onClose={dialog.close}
        onSaved={(customer, mode) => dialog.saved(customer.name, mode)}
      />
    </FormDialog>
  )
}

type Failure = 'save' | 'unauthenticated'

type CustomerFormProps = {
  /** The customer to edit; null adds a new one. */
  customer: CustomerRecord | null
  prefill?: Partial<CustomerFormValues>
  onClose: () => void
  onSaved: (customer: CustomerRecord, mode: 'added' | 'updated') => void
}

function CustomerForm(props: CustomerFormProps) {
  const { t } = useLingui()
  const session = useSession()
  const actions = useRecordActions('customers')
  const [failure, setFailure] = useState<Failure | null>(null)
  const { form, onSubmit } = useDomainForm({
    initialValues: props.customer ? customerToForm(props.customer) : { ...emptyCustomerForm(), ...props.prefill },
    validate: validateCustomerForm,
    messages: FORM_ERRORS,
  })
  const saving = form.submitting
  useDialogBusy(saving)
  const example = PHONE_EXAMPLE

  async function save(values: CustomerFormValues) {
    if (!session.user) {
      setFailure('unauthenticated')
      return
    }
    setFailure(null)
    try {
      if (props.customer) {
        // Only what differs from what the form opened with: a field changed on another device meanwhile stays (see changedCustomerFields).
        const changes = customerChangesFromPayload(changedCustomerFields(form.getInitialValues(), values))
        const saved = Object.keys(changes).length === 0 ? props.customer : await actions.update(props.customer.id, changes)
        props.onSaved(saved, 'updated')
      } else {
        const [saved] = await actions.insert([customerFieldsFromPayload(customerPayloadFromForm(values))])
        props.onSaved(saved!, 'added')
      }
    } catch (error) {
      console.error('saving a customer failed', error)
      setFailure('save')
    }
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate aria-busy={saving}>
      <Stack gap="sm">
        <TextInput
          label={t`Name`}
          required
          {...form.getInputProps('name')}
          // The owner types someone else's details: the browser's own contact autofill would be wrong.
          autoComplete="off"
          maxLength={200}
          data-autofocus
        />
        <TextInput
          label={t`Phone`}
          description={t`For example ${example}. For a number outside Türkiye, start with + and the country code.`}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={PHONE_EXAMPLE}
          {...form.getInputProps('phone_number')}
          maxLength={40}
        />
        <TextInput label={t`E-mail`} type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} maxLength={254} />
        <Textarea label={t`Notes`} rows={3} {...form.getInputProps('notes')} />
        {failure && (
          <Alert color="red" role="alert">
            {failure === 'unauthenticated' ? <Trans>User not authenticated</Trans> : <Trans>An error occurred while saving the customer.</Trans>}
          </Alert>
        )}
        <SaveButtons saving={saving} onCancel={props.onClose} label={props.customer ? <Trans>Save changes</Trans> : <Trans>Add customer</Trans>} />
      </Stack>
    </form>
  )
}
