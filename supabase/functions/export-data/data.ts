// Reads everything the archive holds for one owner, with the service role
// (several of these tables are closed to the owner's own token: WhatsApp
// messages, outgoing messages) and always filtered by the id of the access
// token's user. Each table names its columns: a column added later, a
// secret say, stays out of the archive until someone decides it belongs.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ExportData, Row } from './archive.ts'

const PAGE = 1000

const COLUMNS = {
  users: 'id, email, business_name, phone_number, phone_verified, avatar_url, created_at, updated_at',
  credits: 'amount, used, remaining, updated_at',
  api_usage_limits: 'plan_type, daily_message_limit, daily_messages_used, monthly_message_limit, monthly_messages_used',
  products: 'id, name, description, price, currency, stock, product_link, group_id, created_at, updated_at, _deleted',
  customers: 'id, name, phone_number, email, notes, created_at, updated_at, _deleted',
  appointments:
    'id, customer_id, appointment_date, appointment_time, duration_minutes, status, description, notes, service_id, source, created_at, updated_at, _deleted',
  chatbot_configs:
    'enabled, bot_name, welcome_message, bot_description, system_prompt, primary_color, position, openai_model, temperature, max_tokens, website_url, allowed_domains, created_at, updated_at',
  conversations: 'id, channel, contact, customer_id, status, handoff_reason, created_at, last_message_at',
  chatbot_messages: 'id, channel, conversation_id, author, content, product_ids, kind, outcome, reply_ms, question_id, created_at',
  whatsapp_inbound_messages: 'id, wa_id, kind, body, status, received_at',
  outgoing_messages: 'id, channel, recipient, body, status, appointment_id, created_at',
  transactions: 'id, amount, credits_purchased, status, provider, price_id, created_at',
  business_profiles:
    'address, maps_url, contact_phone, contact_email, opening_hours, time_zone, shipping_info, returns_info, payment_info, ordering_info, created_at, updated_at',
  faq_entries: 'id, question, answer, created_at, updated_at',
  booking_settings:
    'enabled, slot_minutes, default_duration_minutes, min_notice_minutes, max_days_ahead, buffer_minutes, capacity, reminder_hours_before, updated_at',
  services: 'id, name, duration_minutes, price, currency, active, created_at, updated_at',
} as const

type Table = keyof typeof COLUMNS
// Plain strings: supabase-js would otherwise parse each list into a row type, too large a union to check.
const columnsOf = (table: Table): string => COLUMNS[table]

async function one(db: SupabaseClient, table: Table, key: string, userId: string): Promise<Row | null> {
  const { data, error } = await db.from(table).select(columnsOf(table)).eq(key, userId).maybeSingle()
  if (error) throw new Error(`export: reading ${table} failed: ${error.message}`)
  return (data as Row | null) ?? null
}

/** Every row, a page at a time: the data API answers at most 1000 rows a request. */
async function all(db: SupabaseClient, table: Table, userId: string, order: string): Promise<Row[]> {
  const rows: Row[] = []
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await db
      .from(table)
      .select(columnsOf(table))
      .eq('user_id', userId)
      .order(order, { ascending: true })
      .order('id', { ascending: true })
      .range(from, from + PAGE - 1)
    if (error) throw new Error(`export: reading ${table} failed: ${error.message}`)
    const page = (data ?? []) as unknown as Row[]
    rows.push(...page)
    if (page.length < PAGE) return rows
  }
}

export async function readOwnerData(db: SupabaseClient, userId: string): Promise<ExportData> {
  const [profile, credits, usage, chatbotConfig, businessProfile, bookingSettings] = await Promise.all([
    one(db, 'users', 'id', userId),
    one(db, 'credits', 'user_id', userId),
    one(db, 'api_usage_limits', 'user_id', userId),
    one(db, 'chatbot_configs', 'user_id', userId),
    one(db, 'business_profiles', 'user_id', userId),
    one(db, 'booking_settings', 'user_id', userId),
  ])
  // One after another: an owner with a large catalogue should not open a dozen paged reads at once.
  const products = await all(db, 'products', userId, 'created_at')
  const customers = await all(db, 'customers', userId, 'created_at')
  const appointments = await all(db, 'appointments', userId, 'appointment_date')
  const conversations = await all(db, 'conversations', userId, 'created_at')
  const chatbotMessages = await all(db, 'chatbot_messages', userId, 'created_at')
  const whatsappMessages = await all(db, 'whatsapp_inbound_messages', userId, 'received_at')
  const outgoingMessages = await all(db, 'outgoing_messages', userId, 'created_at')
  const transactions = await all(db, 'transactions', userId, 'created_at')
  const faqEntries = await all(db, 'faq_entries', userId, 'created_at')
  const services = await all(db, 'services', userId, 'created_at')
  return {
    profile, credits, usage, products, customers, appointments, chatbotConfig, businessProfile, faqEntries, bookingSettings, services,
    conversations, chatbotMessages, whatsappMessages, outgoingMessages, transactions,
  }
}
