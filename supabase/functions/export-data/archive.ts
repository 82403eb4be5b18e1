// The owner's archive, built from rows already read: pure, so the layout is
// one place and tests can build it without a server. A zip (SheetJS's own
// CFB container writer, so the function needs no second package) holding
// one JSON file per kind of data and a workbook of the three business
// tables.
//
// What goes in is an allowlist of columns per table (data.ts), never `*` of
// a table that also holds secrets: no WhatsApp access token or app secret,
// no automation token hash, no verification code, no webhook verify token.
import * as XLSX from 'xlsx'
import { EXCEL_COLUMNS } from '../../../domain/products/excel.ts'

export type Row = Record<string, unknown>

export type ExportData = {
  profile: Row | null
  credits: Row | null
  usage: Row | null
  products: Row[]
  customers: Row[]
  appointments: Row[]
  chatbotConfig: Row | null
  businessProfile: Row | null
  faqEntries: Row[]
  bookingSettings: Row | null
  services: Row[]
  conversations: Row[]
  chatbotMessages: Row[]
  whatsappMessages: Row[]
  outgoingMessages: Row[]
  transactions: Row[]
}

/** Every file of the archive, in the order a reader meets them. */
export const ARCHIVE_FILES = [
  'README.txt',
  'profile.json',
  'products.json',
  'customers.json',
  'appointments.json',
  'chatbot-config.json',
  'business-profile.json',
  'faq.json',
  'booking.json',
  'conversations.json',
  'chatbot-messages.json',
  'whatsapp-messages.json',
  'outgoing-messages.json',
  'transactions.json',
  'business-data.xlsx',
] as const

export const CUSTOMER_SHEET_COLUMNS = ['name', 'phone_number', 'email', 'notes', 'created_at'] as const
export const APPOINTMENT_SHEET_COLUMNS = [
  'appointment_date', 'appointment_time', 'duration_minutes', 'status', 'customer_name', 'customer_phone', 'description', 'notes',
] as const
export const SHEET_NAMES = { products: 'Products', customers: 'Customers', appointments: 'Appointments' } as const

const README = `Mesaj Asistanı — verileriniz / your data

Bu arşiv, hesabınızda sunucuda tutulan verilerin bir kopyasıdır (KVKK md. 11, GDPR md. 15 ve 20).
This archive is a copy of the data your account holds on the server (KVKK art. 11, GDPR art. 15 and 20).

profile.json            profil, kredi bakiyesi, kullanım limitleri / profile, credit balance, usage limits
products.json           ürünler / products
customers.json          müşteriler / customers
appointments.json       randevular / appointments
chatbot-config.json     sohbet asistanı ayarları / chat assistant settings
business-profile.json   işletme bilgileri: adres, iletişim, çalışma saatleri, kargo, iade, ödeme / business info: address, contact, opening hours, shipping, returns, payment
faq.json                sık sorulan sorular ve yanıtları / frequently asked questions and their answers
booking.json            online randevu ayarları ve hizmetler / online booking settings and services
conversations.json      sohbetler: kanal, kişi, durum / conversations: channel, contact, status
chatbot-messages.json   web sitesi ve WhatsApp mesajları / website and WhatsApp messages
whatsapp-messages.json  gelen WhatsApp mesajları / incoming WhatsApp messages
outgoing-messages.json  gönderilen SMS ve WhatsApp mesajları / SMS and WhatsApp messages sent
transactions.json       kredi satın alımları / credit purchases
business-data.xlsx      ürünler, müşteriler, randevular (Excel) / products, customers, appointments (Excel)

Silinmiş kayıtlar JSON dosyalarında "_deleted": true ile yer alır; Excel dosyasında yer almaz.
Deleted records appear in the JSON files with "_deleted": true; the workbook leaves them out.
Erişim anahtarları ve gizli bilgiler (WhatsApp erişim anahtarı, uygulama gizli anahtarı, otomasyon anahtarı) güvenlik nedeniyle dahil edilmez.
Credentials (the WhatsApp access token and app secret, the automation token) are left out for safety.
`

const live = (rows: Row[]) => rows.filter((r) => r._deleted !== true)

function sheet(rows: Row[], columns: readonly string[]): XLSX.WorkSheet {
  return XLSX.utils.json_to_sheet(
    rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? '']))),
    { header: [...columns] },
  )
}

/** The workbook of the business tables, live rows only, appointments with their customer's name and number. */
export function businessWorkbook(data: Pick<ExportData, 'products' | 'customers' | 'appointments'>): Uint8Array {
  const customers = new Map(data.customers.map((c) => [c.id, c]))
  const appointments = live(data.appointments).map((a) => {
    const customer = typeof a.customer_id === 'string' ? customers.get(a.customer_id) : undefined
    return { ...a, customer_name: customer?.name ?? '', customer_phone: customer?.phone_number ?? '' }
  })
  const book = XLSX.utils.book_new()
  // The import template's columns in its order, so the owner can import the sheet again here or elsewhere.
  XLSX.utils.book_append_sheet(book, sheet(live(data.products).map((p) => ({ ...p, price: Number(p.price) })), EXCEL_COLUMNS), SHEET_NAMES.products)
  XLSX.utils.book_append_sheet(book, sheet(live(data.customers), CUSTOMER_SHEET_COLUMNS), SHEET_NAMES.customers)
  XLSX.utils.book_append_sheet(book, sheet(appointments, APPOINTMENT_SHEET_COLUMNS), SHEET_NAMES.appointments)
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer)
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2))

export function buildArchive(data: ExportData, exportedAt: Date): Uint8Array<ArrayBuffer> {
  const files: Record<(typeof ARCHIVE_FILES)[number], Uint8Array> = {
    'README.txt': new TextEncoder().encode(README),
    'profile.json': json({ exported_at: exportedAt.toISOString(), profile: data.profile, credits: data.credits, usage: data.usage }),
    'products.json': json(data.products),
    'customers.json': json(data.customers),
    'appointments.json': json(data.appointments),
    'chatbot-config.json': json(data.chatbotConfig),
    'business-profile.json': json(data.businessProfile),
    'faq.json': json(data.faqEntries),
    'booking.json': json({ settings: data.bookingSettings, services: data.services }),
    'conversations.json': json(data.conversations),
    'chatbot-messages.json': json(data.chatbotMessages),
    'whatsapp-messages.json': json(data.whatsappMessages),
    'outgoing-messages.json': json(data.outgoingMessages),
    'transactions.json': json(data.transactions),
    'business-data.xlsx': businessWorkbook(data),
  }
  // SheetJS types its CFB container `any`; these are the calls its zip writer documents.
  const cfb = XLSX.CFB as {
    utils: { cfb_new(): unknown; cfb_add(container: unknown, name: string, content: Uint8Array): void }
    write(container: unknown, opts: { fileType: 'zip'; type: 'array'; compression: boolean }): ArrayLike<number>
  }
  const zip = cfb.utils.cfb_new()
  for (const name of ARCHIVE_FILES) cfb.utils.cfb_add(zip, name, files[name])
  return Uint8Array.from(cfb.write(zip, { fileType: 'zip', type: 'array', compression: true }))
}
