// What the customer form says for each error code the domain returns.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CustomerFormError } from '../../../domain/customers.ts'

export const FORM_ERRORS: Record<CustomerFormError, MessageDescriptor> = {
  required: msg`This field is required`,
  invalid_phone: msg`Enter a valid mobile phone number`,
  invalid_email: msg`Enter a valid e-mail address`,
}
