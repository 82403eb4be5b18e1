// npm run eval:assistant — the assistant on the evaluation set, through
// chatbot-api on the local stack (PGlite), with the built-in responder and
// the set's 30 products among 10,000. Prints, per category, the share of
// answers that carry the right facts; the number of invented prices (a price
// in a reply that no product has); and the median and p95 time per answer.
// Targets: facts ≥ 95 %, invented prices 0, p95 ≤ 150 ms.
import { performance } from 'node:perf_hooks'
import { formatPrice } from '../../domain/products.ts'
import { startStack } from '../../supabase/local/server.ts'
import { TEST_RATE_LIMITS } from '../support/stack.ts'
import { EVAL_PRODUCTS, EVAL_QUESTIONS, type EvalProduct, type EvalQuestion } from './assistant-set.ts'

const TOTAL_PRODUCTS = 10_000
const TARGET_FACTS = 0.95
const TARGET_P95_MS = 150

// One address asks every question: the per-address and per-conversation limits are lifted for the run.
process.env.CHATBOT_API_ADDRESS_LIMIT_PER_MINUTE ??= '1000000'
process.env.CHATBOT_API_CONVERSATION_LIMIT_PER_MINUTE ??= '1000000'
process.env.CHATBOT_API_ADDRESS_DAILY_LIMIT ??= '1000000'

const fold = (s: string) => s.toLocaleLowerCase('tr').normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i')
const OUT_OF_STOCK = ['stokta yok', 'stoklarimizda yok', 'tukendi', 'kalmadi', 'mevcut degil', 'out of stock', 'not in stock', 'sold out', 'not available', 'unavailable']
const PRICE_PATTERN = /(?:[₺$€£¥]|C\$|A\$|CHF)\s?\d[\d.,]*(?:\s?[A-Z]{3})?|\d[\d.,]*\s?(?:TRY|USD|EUR|GBP|JPY|CAD|AUD|CHF)\b/g

const byKey = new Map(EVAL_PRODUCTS.map((p) => [p.key, p]))
const product = (key: string): EvalProduct => {
  const found = byKey.get(key)
  if (!found) throw new Error(`the set names an unknown product: ${key}`)
  return found
}
const priceIn = (p: Pick<EvalProduct, 'price' | 'currency'>, language: 'tr' | 'en') => formatPrice(p.price, p.currency, language)

function filler(i: number) {
  // Names no question asks for, prices that are real rows all the same.
  return { name: `Stok kalemi ${i}`, description: `Depo ürünü ${i}`, price: (i % 900) + 0.5, currency: ['TRY', 'USD', 'EUR'][i % 3]!, stock: i % 17, product_link: null }
}

/** The facts `q` asks for, each checked in the reply; the list of those missing. */
function missingFacts(q: EvalQuestion, reply: string): string[] {
  const text = fold(reply)
  const missing: string[] = []
  const mentions = (key: string) => text.includes(fold(product(key).name))
  const saysOutOfStock = OUT_OF_STOCK.some((w) => text.includes(w))
  for (const key of q.expect.prices ?? []) if (!reply.includes(priceIn(product(key), q.language))) missing.push(`price of ${key}`)
  for (const key of q.expect.links ?? []) if (!reply.includes(product(key).product_link!)) missing.push(`link of ${key}`)
  for (const key of q.expect.names ?? []) if (!mentions(key)) missing.push(`name of ${key}`)
  if (q.expect.anyOf && !q.expect.anyOf.some(mentions)) missing.push(`one of ${q.expect.anyOf.join(', ')}`)
  for (const key of q.expect.outOfStock ?? []) if (!saysOutOfStock) missing.push(`${key} out of stock`)
  for (const key of q.expect.inStock ?? []) if (saysOutOfStock || !mentions(key)) missing.push(`${key} in stock`)
  if (q.expect.noPrice && reply.match(PRICE_PATTERN)) missing.push('no price')
  return missing
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function main() {
  const stack = await startStack({ port: 0, db: { kind: 'memory' }, seed: false, config: { ...TEST_RATE_LIMITS } })
  try {
    const { url, config } = stack
    const service = { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': 'application/json' }
    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `eval-${Date.now()}@example.com`, password: 'eval-password-1', data: { business_name: 'Anadolu Dükkanı', phone_number: '+905550000077' } }),
    })
    if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`)
    const ownerId = ((await signup.json()) as { user: { id: string } }).user.id
    const insert = async (table: string, rows: unknown[], prefer = 'return=minimal') => {
      const upsert = prefer.includes('merge-duplicates') ? '?on_conflict=user_id' : ''
      const res = await fetch(`${url}/rest/v1/${table}${upsert}`, { method: 'POST', headers: { ...service, prefer }, body: JSON.stringify(rows) })
      if (!res.ok) throw new Error(`insert into ${table} failed: ${res.status} ${await res.text()}`)
    }
    const rows = EVAL_PRODUCTS.map(({ key: _key, ...p }) => ({ ...p, user_id: ownerId }))
    for (let i = 0; rows.length < TOTAL_PRODUCTS; i++) rows.push({ ...filler(i), user_id: ownerId })
    for (let start = 0; start < rows.length; start += 1000) await insert('products', rows.slice(start, start + 1000))
    // The stack analyzes changed tables every few seconds (PGlite has no autovacuum); now, so the first questions are planned on a 10,000-product table.
    await stack.db.query('analyze public.products')
    await insert('chatbot_configs', [{ user_id: ownerId, enabled: true }], 'resolution=merge-duplicates,return=minimal')
    await insert('api_usage_limits', [{ user_id: ownerId, daily_message_limit: 1_000_000, monthly_message_limit: 1_000_000 }], 'resolution=merge-duplicates,return=minimal')

    const ask = async (message: string, language: 'tr' | 'en', conversationId?: string) => {
      const res = await fetch(`${url}/functions/v1/chatbot-api`, {
        method: 'POST',
        headers: { apikey: config.anonKey, 'content-type': 'application/json', origin: 'https://shop.example' },
        body: JSON.stringify({ userId: ownerId, message, language, ...(conversationId ? { conversationId } : {}) }),
      })
      const body = (await res.json()) as { reply?: string; conversationId?: string; error?: string }
      if (!res.ok || !body.reply) throw new Error(`chatbot-api answered ${res.status} ${JSON.stringify(body)} to "${message}"`)
      return { reply: body.reply, conversationId: body.conversationId }
    }

    // Warm-up, so the first question does not pay for compiling the function.
    for (let i = 0; i < 5; i++) await ask('Merhaba', 'tr')

    const known = new Set<string>()
    for (const p of rows) for (const l of ['tr', 'en'] as const) known.add(priceIn(p, l))
    const times: number[] = []
    const slowest: Array<[number, string]> = []
    const perCategory = new Map<string, { right: number; total: number }>()
    const failures: string[] = []
    const replies: string[] = []
    let invented = 0
    for (const q of EVAL_QUESTIONS) {
      let conversationId: string | undefined
      for (const earlier of q.before ?? []) conversationId = (await ask(earlier, q.language, conversationId)).conversationId
      const t = performance.now()
      const { reply } = await ask(q.message, q.language, conversationId)
      const took = performance.now() - t
      times.push(took)
      slowest.push([took, q.message])
      for (const quoted of reply.match(PRICE_PATTERN) ?? []) if (![...known].some((k) => quoted.trim() === k || k.includes(quoted.trim()))) invented++
      replies.push(`[${q.category}] ${q.message} → ${reply.replace(/\n/g, ' ⏎ ')}`)
      const missing = missingFacts(q, reply)
      const tally = perCategory.get(q.category) ?? { right: 0, total: 0 }
      tally.total++
      if (missing.length === 0) tally.right++
      else failures.push(`[${q.category}/${q.language}] ${q.message}\n    → ${reply.replace(/\n/g, ' ⏎ ')}\n    missing: ${missing.join('; ')}`)
      perCategory.set(q.category, tally)
    }

    const right = [...perCategory.values()].reduce((n, c) => n + c.right, 0)
    const share = right / EVAL_QUESTIONS.length
    times.sort((a, b) => a - b)
    console.info(`assistant evaluation: ${EVAL_QUESTIONS.length} questions, ${EVAL_PRODUCTS.length} products among ${rows.length}, built-in responder, PGlite`)
    for (const [category, c] of perCategory) console.info(`  ${category.padEnd(15)} ${c.right}/${c.total}  ${((100 * c.right) / c.total).toFixed(0)} %`)
    console.info(`facts right:      ${(100 * share).toFixed(1)} %  (target ≥ ${TARGET_FACTS * 100} %)  ${share >= TARGET_FACTS ? 'met' : 'MISSED'}`)
    console.info(`invented prices:  ${invented}  (target 0)  ${invented === 0 ? 'met' : 'MISSED'}`)
    const p95 = percentile(times, 95)
    console.info(`time per answer:  median ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms  (target p95 ≤ ${TARGET_P95_MS} ms)  ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`)
    slowest.sort((a, b) => b[0] - a[0])
    console.info(`slowest answers:  ${slowest.slice(0, 5).map(([ms, m]) => `${ms.toFixed(0)} ms "${m}"`).join(', ')}`)
    if (process.env.EVAL_SHOW_REPLIES) console.info(replies.join('\n'))
    if (failures.length) console.info(`\nanswers missing facts:\n  ${failures.join('\n  ')}`)
  } finally {
    await stack.close()
  }
}

await main()
