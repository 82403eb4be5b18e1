// Words for the Insights tab: what each kind of reply was about (the
// assistant's `kind`, supabase/functions/_shared/assistant), as the owner
// reads "what customers ask about". A kind without words here is shown as it
// is stored.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const KIND_LABELS: Record<string, MessageDescriptor> = {
  price: msg`Prices`,
  stock: msg`Stock`,
  link: msg`Product links`,
  list: msg`What you sell`,
  search: msg`Looking for a product`,
  compare: msg`Comparing products`,
  extreme: msg`Cheapest or dearest`,
  budget: msg`Within a budget`,
  recommend: msg`Recommendations`,
  attribute: msg`Product details`,
  ordering: msg`How to order`,
  faq: msg`Your FAQ`,
  hours: msg`Opening hours`,
  location: msg`Address`,
  contact: msg`Contact details`,
  shipping: msg`Shipping`,
  delivery_time: msg`Delivery time`,
  returns: msg`Returns and exchanges`,
  payment: msg`Payment`,
  discounts: msg`Discounts`,
  human: msg`Asked for a person`,
  complaint: msg`Complaints`,
  not_known: msg`Not known twice`,
  booking: msg`Appointments`,
  booked: msg`Appointments booked`,
  booking_failed: msg`Bookings that failed`,
  booking_cancelled: msg`Appointments cancelled`,
  booking_shown: msg`Own appointments looked up`,
  service: msg`Services and their prices`,
  personal_info: msg`Name or number given`,
  greeting: msg`Greetings`,
  thanks: msg`Thanks`,
  goodbye: msg`Goodbyes`,
  ack: msg`Acknowledgements`,
  identity: msg`Asked whether it is a bot`,
  off_topic: msg`Off-topic`,
  injection: msg`Attempts to misuse`,
  unknown: msg`Not known`,
  model: msg`Other questions`,
}
