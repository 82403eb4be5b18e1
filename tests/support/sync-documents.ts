// The fields of one document of each synced table as a device stores it
// (domain/records.ts), without its id: the merge's unit tests (sync/) and the
// push function's contract tests (tests/sync/) build their documents on them,
// each with ids of its own.
import type { WithDeleted } from 'rxdb'
import type { AppointmentRecord, CustomerRecord, ProductRecord } from '../../domain/records.ts'

type Fields<T> = Omit<WithDeleted<T>, 'id'>

export const PRODUCT_FIELDS = {
  name: 'Türk Kahvesi',
  description: 'Orta kavrulmuş',
  price: 12.5,
  currency: 'TRY',
  stock: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  _deleted: false,
} satisfies Fields<ProductRecord>

export const CUSTOMER_FIELDS = {
  name: 'Ayşe Yılmaz',
  phone_number: '+905321112233',
  created_at: '2026-11-20T10:00:00.000Z',
  _deleted: false,
} satisfies Fields<CustomerRecord>

export const APPOINTMENT_FIELDS = {
  appointment_date: '2026-12-01',
  appointment_time: '14:30:00',
  duration_minutes: 60,
  status: 'scheduled',
  source: 'owner',
  created_at: '2026-11-20T10:00:00.000Z',
  _deleted: false,
} satisfies Fields<AppointmentRecord>
