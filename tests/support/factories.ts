// Builders for realistic Turkish business data, shaped exactly like the
// payloads the product sends (spec section 7), so tests read like the app.
import { randomBytes } from 'node:crypto'

let seq = 0
// A random base keeps values distinct across workers sharing one database;
// the sequence keeps them distinct within one worker.
const base = Math.floor(Math.random() * 400_000_000)
const next = () => ++seq

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!

export function uniqueEmail(prefix = 'isletme'): string {
  return `${prefix}.${next()}.${randomBytes(3).toString('hex')}@ornek.com.tr`
}

/** +90 then 10 digits, a mobile number (5XX…) as the sign-up form builds it. */
export function uniquePhone(): string {
  return `+905${String(base + next()).padStart(9, '0')}`
}

const BUSINESSES = ['Anadolu Kahve Evi', 'Boğaziçi Çiçekçilik', 'Ege Zeytinyağı', 'Kapadokya Seramik', 'Karadeniz Çay Ocağı']
export function businessName(): string {
  return `${pick(BUSINESSES, next())} ${next()}`
}

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY', 'JPY', 'CAD', 'AUD', 'CHF'] as const
export type Currency = (typeof CURRENCIES)[number]

export type ProductInput = {
  name: string
  description: string | null
  price: number
  currency: Currency
  stock: number
  user_id: string
  product_link?: string
  group_id?: string
}

const PRODUCTS = [
  { name: 'Türk Kahvesi 250 g', description: 'Taze çekilmiş, orta kavrulmuş', price: 189.9 },
  { name: 'El Yapımı Bakır Cezve', description: 'Kalaylı, iki kişilik', price: 649.5 },
  { name: 'Antep Fıstıklı Baklava 1 kg', description: 'Günlük üretim', price: 1250 },
  { name: 'İpek Eşarp', description: 'Bursa ipeği, 90×90 cm', price: 980 },
  { name: 'Zeytinyağlı Sabun', description: null, price: 45.25 },
  { name: 'Çini Desenli Kupa', description: 'İznik motifli, 300 ml', price: 320 },
] as const

export function productInput(userId: string, overrides: Partial<ProductInput> = {}): ProductInput {
  const p = pick(PRODUCTS, next())
  return {
    name: p.name,
    description: p.description,
    price: p.price,
    currency: 'TRY',
    stock: 10 + (seq % 40),
    user_id: userId,
    ...overrides,
  }
}

/** The batch id of an Excel upload: excel_{millisecond timestamp}_{random string}. */
export function excelGroupId(): string {
  return `excel_${Date.now()}_${randomBytes(4).toString('hex')}`
}

/** Rows as the Excel import inserts them: currency upper-cased, USD when blank, link only when given. */
export function excelBatch(userId: string, groupId: string, count: number): ProductInput[] {
  return Array.from({ length: count }, (_, i) =>
    productInput(userId, {
      group_id: groupId,
      currency: i % 2 === 0 ? 'USD' : 'EUR',
      ...(i === 0 ? { product_link: 'https://ornek-magaza.com.tr/urun/excel-1' } : {}),
    }),
  )
}

export type CustomerInput = {
  user_id: string
  name: string
  phone_number: string
  email: string | null
  notes: string | null
}

const CUSTOMERS = ['Ayşe Yılmaz', 'Mehmet Demir', 'Zeynep Kaya', 'Emre Şahin', 'Elif Çelik', 'Burak Öztürk']

export function customerInput(userId: string, overrides: Partial<CustomerInput> = {}): CustomerInput {
  const n = next()
  return {
    user_id: userId,
    name: pick(CUSTOMERS, n),
    phone_number: `+90532${String(1_000_000 + n).slice(-7)}`,
    email: null,
    notes: null,
    ...overrides,
  }
}

export type AppointmentInput = {
  user_id: string
  customer_id: string | null
  appointment_date: string
  appointment_time: string
  duration_minutes: number
  description: string | null
  notes: string | null
}

export function appointmentInput(
  userId: string,
  customerId: string | null,
  overrides: Partial<AppointmentInput> = {},
): AppointmentInput {
  return {
    user_id: userId,
    customer_id: customerId,
    appointment_date: '2026-11-16',
    appointment_time: '10:30',
    duration_minutes: 60,
    description: 'Saç kesimi ve fön',
    notes: null,
    ...overrides,
  }
}
