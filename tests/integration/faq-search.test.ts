// The owner's FAQ as the assistant searches it (search_faq, migration
// 20261128000100) and the catalogue's cheapest and dearest products
// (catalogue_extremes), on both engines, through the service role as the
// assistant calls them: a customer's wording of a question — any case,
// without Turkish letters, a typo, suffixes, another word order — finds the
// owner's entry, scored so that a caller can tell the entry's own question
// (1) from a message sharing a word with it, and a filler word is shared with
// nothing; no other owner's entry is ever returned; and at 50,000 entries
// the search reads the owner's rows through an index.
import { beforeAll, describe, expect, it } from 'vitest'
import { FAQ_MIN_SCORE } from '../../supabase/functions/_shared/assistant/faq-answers.ts'
import { createBusinessKnowledge } from '../../supabase/functions/_shared/assistant/business.ts'
import { createCatalogue } from '../../supabase/functions/_shared/assistant/catalogue.ts'
import { BACKENDS, useTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Hit = { id: string; question: string; answer: string; score: number }

const FAQ = [
  { question: 'Kargo ücretli mi?', answer: 'Kargo 50 TL, 500 TL üzeri ücretsiz.' },
  { question: 'İade nasıl yapılır?', answer: '14 gün içinde faturayla iade edebilirsiniz.' },
  { question: 'Kapıda ödeme var mı?', answer: 'Evet, nakit ve kartla.' },
  { question: 'Hafta sonu açık mısınız?', answer: 'Cumartesi açığız, pazar kapalıyız.' },
  { question: 'Siparişim ne zaman gelir?', answer: 'İstanbul içi ertesi gün, diğer iller 2–3 günde.' },
  { question: 'Do you ship abroad?', answer: 'Only within Türkiye for now.' },
]

async function addFaq(stack: TestStack, ownerId: string, entries: { question: string; answer: string }[]): Promise<void> {
  for (const e of entries) {
    await stack.db.query('insert into public.faq_entries (user_id, question, answer) values ($1, $2, $3)', [ownerId, e.question, e.answer])
  }
}

describe.each(BACKENDS)('FAQ search on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner
  let other: Owner

  async function search(query: string, limit?: number, ownerId = owner.user.id): Promise<Hit[]> {
    const { data, error } = await stack.service().rpc('search_faq', { p_user_id: ownerId, p_query: query, ...(limit === undefined ? {} : { p_limit: limit }) })
    expect(error).toBeNull()
    return ((data ?? []) as Hit[]).map((h) => ({ ...h, score: Number(h.score) }))
  }
  const top = async (query: string) => (await search(query))[0]

  /** A shop of its own with `faq`, signed up before the block's tests; its id. */
  function shopWith(faq: { question: string; answer: string }[]): () => string {
    let shop: Owner
    beforeAll(async () => {
      shop = await stack.signUpOwner()
      await addFaq(stack, shop.user.id, faq)
    })
    return () => shop.user.id
  }
  /** The shop's best entry for `query` is `question`, scored high enough to answer with. */
  async function expectAnswered(shopId: string, query: string, question: string) {
    const [hit] = await search(query, 1, shopId)
    expect(hit?.question).toBe(question)
    expect(hit!.score).toBeGreaterThanOrEqual(FAQ_MIN_SCORE)
  }
  /** No entry of the shop is good enough to answer `query` with. */
  async function expectNotAnswered(shopId: string, query: string) {
    const [hit] = await search(query, 1, shopId)
    expect(hit === undefined || hit.score < FAQ_MIN_SCORE).toBe(true)
  }

  beforeAll(async () => {
    owner = await stack.signUpOwner()
    other = await stack.signUpOwner()
    await addFaq(stack, owner.user.id, FAQ)
    // The same question with another answer: only the owner's answer is hers to give.
    await addFaq(stack, other.user.id, [
      { question: 'Kargo ücretli mi?', answer: 'Başka işletme: kargo bedava.' },
      { question: 'Toptan satış yapıyor musunuz?', answer: 'Başka işletme: evet.' },
    ])
  })

  it("scores the entry's own question 1", async () => {
    for (const { question, answer } of FAQ) {
      expect(await top(question), question).toMatchObject({ question, answer, score: 1 })
    }
  })

  it.each([
    ['in capitals', 'KARGO ÜCRETLİ Mİ?'],
    ['in small letters', 'kargo ücretli mi'],
    ['without Turkish letters', 'kargo ucretli mi'],
    ['in capitals without Turkish letters', 'KARGO UCRETLI MI'],
    ['with suffixes', 'kargonun ücreti'],
    ['in another word order', 'ücretli mi kargo?'],
    ['with fillers around it', 'merhaba, acaba kargo ücretli mi?'],
  ])('finds the same question written %s, scored 1', async (_how, query) => {
    expect(await top(query)).toMatchObject({ question: 'Kargo ücretli mi?', answer: 'Kargo 50 TL, 500 TL üzeri ücretsiz.', score: 1 })
  })

  it.each([
    ['kargo ücrtli mi', 'Kargo ücretli mi?'],
    ['kargo ücretlı mi', 'Kargo ücretli mi?'],
    ['iade nasil yapilir', 'İade nasıl yapılır?'],
    ['kapida odeme var mi', 'Kapıda ödeme var mı?'],
    ['kapda ödeme', 'Kapıda ödeme var mı?'],
    ['siparisim ne zmn gelir', 'Siparişim ne zaman gelir?'],
    ['do you ship abrod', 'Do you ship abroad?'],
  ])('forgives a one-letter typo: %s finds %s', async (query, question) => {
    const hit = await top(query)
    expect(hit?.question).toBe(question)
    expect(hit!.score).toBeGreaterThan(0.5)
  })

  it('scores a message sharing one of its words below the own question, best match first', async () => {
    const hits = await search('kargo kaç günde gelir?', 10)
    expect(hits.map((h) => h.question).slice(0, 2).sort()).toEqual(['Kargo ücretli mi?', 'Siparişim ne zaman gelir?'])
    for (const hit of hits) expect(hit.score, hit.question).toBeLessThan(1)
    for (const [a, b] of hits.slice(1).map((h, i) => [hits[i]!, h] as const)) expect(a.score).toBeGreaterThanOrEqual(b.score)
  })

  it("counts the answer's words at half the question's, and the verbs of a question not at all", async () => {
    // "iade" is in the question, "faturayla" only in the answer: 1 + 0.5 of two words.
    expect(await top('iade faturayla mı?')).toMatchObject({ question: 'İade nasıl yapılır?', score: 0.75 })
    expect(await top('iade yapabilir miyim')).toMatchObject({ question: 'İade nasıl yapılır?', score: 1 })
    // "refund" and "return" are read as "iade", the entry's word.
    expect(await top('can I get a refund')).toMatchObject({ question: 'İade nasıl yapılır?', score: 1 })
    expect(await top('gönderim ücretli mi')).toMatchObject({ question: 'Kargo ücretli mi?', score: 1 })
  })

  it('finds a word built on the entry\'s word, and two words written as one', async () => {
    // "Kapıda" → "kapıdan", "ödeme" → "ödemeli": the same five letters begin them.
    expect(await top('kapıdan ödemeli')).toMatchObject({ question: 'Kapıda ödeme var mı?' })
    expect((await top('kapıdan ödemeli'))!.score).toBeGreaterThanOrEqual(0.7)
    // "Hafta sonu" written as one word.
    expect(await top('haftasonu')).toMatchObject({ question: 'Hafta sonu açık mısınız?' })
  })

  it.each([
    ['mi', 'Bu ürün mavi mi?'],
    ['var mı', 'Kırmızısı var mı?'],
    ['do you', 'Do you have it in blue?'],
    ['only fillers', 'merhaba, acaba nasıl?'],
    ['nothing at all', '   '],
  ])('returns nothing for a message that shares only a filler word with the entries (%s)', async (_shared, query) => {
    expect(await search(query, 10)).toEqual([])
  })

  describe('words of one meaning (migration 20261202000100)', () => {
    const shop = shopWith([
      { question: 'Yurt dışına gönderim var mı?', answer: 'Şimdilik yalnızca Türkiye içine gönderiyoruz.' },
      { question: 'Mağazadan teslim alabilir miyim?', answer: 'Evet, hazır olunca SMS gönderiyoruz.' },
      { question: 'Kişiye özel isim yazdırma var mı?', answer: 'Fincanlara isim baskısı yapıyoruz.' },
      { question: 'Do you sell gift cards?', answer: 'Yes, valid for one year.' },
      { question: 'Ürünleriniz orijinal mi?', answer: 'Tüm ürünlerimiz orijinaldir.' },
      { question: 'Hediye paketi yapıyor musunuz?', answer: 'Evet, ücretsiz.' },
    ])

    it.each([
      ['almanyaya gönderiyor musunuz', 'Yurt dışına gönderim var mı?'],
      ['can you send to germany', 'Yurt dışına gönderim var mı?'],
      ['KKTC ye kargo var mı', 'Yurt dışına gönderim var mı?'],
      ['do you deliver outside turkey', 'Yurt dışına gönderim var mı?'],
      ['is everything authentic', 'Ürünleriniz orijinal mi?'],
      ['gelip mağazadan alsam olur mu', 'Mağazadan teslim alabilir miyim?'],
      ['can I pick it up', 'Mağazadan teslim alabilir miyim?'],
      ['can i collect in person', 'Mağazadan teslim alabilir miyim?'],
      ['do you do personalised engraving', 'Kişiye özel isim yazdırma var mı?'],
      ['fincanın üstüne isim yazdırabilir miyim', 'Kişiye özel isim yazdırma var mı?'],
      ['do u have gift vouchers', 'Do you sell gift cards?'],
      ['hediye çeki var mı', 'Do you sell gift cards?'],
      ['are these fakes', 'Ürünleriniz orijinal mi?'],
      ['sahte mi bunlar', 'Ürünleriniz orijinal mi?'],
      ['hediye paketli gönderebilir misiniz', 'Hediye paketi yapıyor musunuz?'],
      ['could you gift wrap it', 'Hediye paketi yapıyor musunuz?'],
    ])('%s finds %s', (query, question) => expectAnswered(shop(), query, question))

    it('does not read shopping at a store as collecting there', async () => {
      await expectNotAnswered(shop(), 'mağazanız alışveriş merkezinde mi')
    })
  })

  describe('more words of one meaning, and more that count for nothing (migration 20261203000100)', () => {
    const shop = shopWith([
      { question: 'Fatura kesiyor musunuz?', answer: 'Her siparişe e-fatura kesilir.' },
      { question: 'Toptan satış yapıyor musunuz?', answer: '20 adet ve üzeri alımlarda toptan fiyat veriyoruz.' },
      { question: 'Ürünleriniz garantili mi?', answer: 'Elektronik ürünler 2 yıl garantilidir.' },
      { question: 'Ürünleriniz orijinal mi?', answer: 'Tüm ürünlerimiz orijinaldir.' },
      { question: 'Hediye paketi yapıyor musunuz?', answer: 'Evet, ücretsiz.' },
      { question: 'Kişiye özel isim yazdırma var mı?', answer: 'Fincanlara isim baskısı yapıyoruz.' },
    ])

    it.each([
      ['faturalı satış var mı', 'Fatura kesiyor musunuz?'],
      ['toplu alımda fiyat farkı var mı', 'Toptan satış yapıyor musunuz?'],
      ['garanti süresi ne kadar', 'Ürünleriniz garantili mi?'],
      ['kdv faturası kesebilir misiniz', 'Fatura kesiyor musunuz?'],
      ['can I get a VAT invoice', 'Fatura kesiyor musunuz?'],
      ['do you provide receipts', 'Fatura kesiyor musunuz?'],
      ['bulk pricing?', 'Toptan satış yapıyor musunuz?'],
      ['is it a genuine product', 'Ürünleriniz orijinal mi?'],
      ['is gift packaging available', 'Hediye paketi yapıyor musunuz?'],
      ['can you wrap it as a present', 'Hediye paketi yapıyor musunuz?'],
      ['süslü paket yapıyor musunuz', 'Hediye paketi yapıyor musunuz?'],
      ['custom name printing?', 'Kişiye özel isim yazdırma var mı?'],
    ])('%s finds %s', (query, question) => expectAnswered(shop(), query, question))

    it('reads a number as nothing, and a haircut as no invoice', async () => {
      const terms = await stack.db.query<{ t: string[] }>("select public.search_question_terms('50 adet alsam indirim olur mu') as t")
      expect(terms.rows[0]!.t).toEqual(['adet', 'indirim'])
      await expectNotAnswered(shop(), 'saç kesimi ne kadar')
    })
  })

  it("never returns another owner's entry", async () => {
    expect(await search('toptan satış', 10)).toEqual([])
    const hits = await search('kargo ücretli mi', 10)
    expect(hits.map((h) => h.answer)).not.toContain('Başka işletme: kargo bedava.')
    const theirs = await search('kargo ücretli mi', 10, other.user.id)
    expect(theirs).toEqual([expect.objectContaining({ answer: 'Başka işletme: kargo bedava.', score: 1 })])
    const nobody = await stack.signUpOwner()
    expect(await search('kargo ücretli mi', 10, nobody.user.id)).toEqual([])
  })

  it('returns at most the limit asked, between 1 and 10', async () => {
    const words = 'kargo iade ödeme hafta sipariş ship'
    expect(await search(words, 2)).toHaveLength(2)
    expect(await search(words, 0)).toHaveLength(1)
    expect((await search(words, 100)).length).toBeLessThanOrEqual(10)
    expect(await search(words)).toHaveLength(3)
  })

  it('answers through the assistant as the database scores it', async () => {
    const knowledge = createBusinessKnowledge(stack.service(), owner.user.id, null, true)
    expect(await knowledge.searchFaq('kargo ucretli mi', 1)).toEqual([
      { id: expect.any(String), question: 'Kargo ücretli mi?', answer: 'Kargo 50 TL, 500 TL üzeri ücretsiz.', score: 1 },
    ])
    expect(await knowledge.searchFaq('Bu ürün mavi mi?')).toEqual([])
  })

  it('is for the server only: owners and anonymous callers cannot call search_faq or catalogue_extremes', async () => {
    for (const client of [owner.client, stack.anon()]) {
      const faq = await client.rpc('search_faq', { p_user_id: owner.user.id, p_query: 'kargo' })
      expect(faq.error?.code).toBe('42501')
      const extremes = await client.rpc('catalogue_extremes', { p_user_id: owner.user.id, p_order: 'cheapest' })
      expect(extremes.error?.code).toBe('42501')
    }
  })

  describe('at 50,000 entries across owners', () => {
    let big: Owner

    beforeAll(async () => {
      big = await stack.signUpOwner()
      // 250 other owners of 200 entries each, every one of them asking about shipping among other things.
      const tag = `faq-${Date.now()}`
      await stack.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                $1 || '-' || i || '@example.com', 'x', '{"provider":"email","providers":["email"]}', '{}', now(), now()
         from generate_series(1, 250) as i`,
        [tag],
      )
      const entries = (owners: string, count: number) =>
        `insert into public.faq_entries (user_id, question, answer)
         select u.id,
                (array['Kargo', 'İade', 'Ödeme', 'Teslimat', 'Garanti', 'Fatura', 'İndirim', 'Randevu', 'Adres', 'Hediye paketi'])[1 + i % 10]
                  || ' ' || (array['ücretli mi', 'nasıl yapılır', 'ne zaman', 'kaç gün sürer', 'var mı'])[1 + (i / 10) % 5]
                  || ' ' || i || '?',
                'Yanıt ' || i
         from (${owners}) u cross join generate_series(1, ${count}) as i`
      // Within every owner's limit by construction; the per-row count trigger would only make the load slow.
      await stack.db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica')
        await tx.query(entries(`select id from public.users where email like $1 || '-%'`, 200), [tag])
      })
      await stack.db.query(entries('select $1::uuid as id', 199), [big.user.id])
      await addFaq(stack, big.user.id, [{ question: 'Zümrüt küpeye hediye paketi yapıyor musunuz?', answer: 'Evet, ücretsiz.' }])
      await stack.db.query('analyze public.faq_entries')
    }, 300_000)

    it('holds 200 entries for the owner and 50,000 in all', async () => {
      const { rows } = await stack.db.query<{ mine: number; total: number }>(
        'select count(*) filter (where user_id = $1)::int as mine, count(*)::int as total from public.faq_entries',
        [big.user.id],
      )
      expect(rows[0]!.mine).toBe(200)
      expect(rows[0]!.total).toBeGreaterThanOrEqual(50_000)
    })

    it('finds the one entry among them, and only the owner’s', async () => {
      expect(await search('zumrut kupe hediye paketi', 3)).toEqual([])
      const hits = await search('zumrut kupe hediye paketi', 3, big.user.id)
      expect(hits[0]).toMatchObject({ question: 'Zümrüt küpeye hediye paketi yapıyor musunuz?', answer: 'Evet, ücretsiz.' })
      const { rows } = await stack.db.query<{ id: string }>('select id from public.faq_entries where user_id = $1', [big.user.id])
      const mine = new Set(rows.map((r) => r.id))
      for (const hit of await search('kargo ücretli mi', 10, big.user.id)) expect(mine.has(hit.id)).toBe(true)
    })

    // The owner's entries as search_faq reads them (20261128000300): all of
    // them, at most 200, scored; the read must go through the owner's index.
    it("reads the owner's entries through an index, never a sequential scan of faq_entries", async () => {
      const { rows } = await stack.db.query<{ 'QUERY PLAN': string }>(
        `explain select f.id, f.question, f.answer from public.faq_entries f where f.user_id = '${big.user.id}'`,
      )
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
      expect(plan).toMatch(/faq_entries_user_idx/)
      expect(plan).not.toMatch(/Seq Scan on faq_entries/)
    })

    it('uses the index from search_faq itself', async () => {
      const scans = async () => {
        const { rows } = await stack.db.query<{ n: string }>(
          `select coalesce(sum(idx_scan), 0)::text as n from pg_stat_user_indexes
            where indexrelname = 'faq_entries_user_idx'`,
        )
        return Number(rows[0]?.n ?? 0)
      }
      const before = await scans()
      await search('kargo ücretli mi', 3, big.user.id)
      // PostgreSQL 15 publishes a backend's counts at most once a second, and an idle one's after up to 10 s.
      await expect.poll(scans, { timeout: 15_000, interval: 250 }).toBeGreaterThan(before)
    })
  })
})

describe.each(BACKENDS)('catalogue extremes on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner
  let other: Owner

  type Seed = { name: string; price: number; currency: string; deleted?: boolean }
  async function insertProducts(ownerId: string, seeds: Seed[]): Promise<void> {
    for (const s of seeds) {
      await stack.db.query(
        'insert into public.products (user_id, name, price, currency, _deleted) values ($1, $2, $3, $4, $5)',
        [ownerId, s.name, s.price, s.currency, s.deleted ?? false],
      )
    }
  }

  async function extremes(order: string, ownerId = owner.user.id) {
    const { data, error } = await stack.service().rpc('catalogue_extremes', { p_user_id: ownerId, p_order: order })
    expect(error).toBeNull()
    return Object.fromEntries(((data ?? []) as { currency: string; name: string; price: number }[]).map((p) => [p.currency, `${p.name} ${Number(p.price)}`]))
  }

  beforeAll(async () => {
    owner = await stack.signUpOwner()
    other = await stack.signUpOwner()
    await insertProducts(owner.user.id, [
      { name: 'Çay Bardağı', price: 45, currency: 'TRY' },
      { name: 'Bakır Cezve', price: 649.5, currency: 'TRY' },
      { name: 'Halı', price: 12_500, currency: 'TRY' },
      { name: 'Silinmiş Ucuz', price: 1, currency: 'TRY', deleted: true },
      { name: 'Silinmiş Pahalı', price: 99_999, currency: 'TRY', deleted: true },
      { name: 'Kilim', price: 120, currency: 'EUR' },
      { name: 'Seramik Tabak', price: 35.5, currency: 'EUR' },
      // Equal prices: the first by name, whichever end is asked.
      { name: 'Lokum B', price: 10, currency: 'USD' },
      { name: 'Lokum A', price: 10, currency: 'USD' },
      { name: 'Yalnızca Silinmiş', price: 5, currency: 'GBP', deleted: true },
    ])
    await insertProducts(other.user.id, [
      { name: 'Başkasının Ucuzu', price: 0.5, currency: 'TRY' },
      { name: 'Başkasının Pahalısı', price: 1_000_000, currency: 'TRY' },
      { name: 'Başkasının Doları', price: 3, currency: 'JPY' },
    ])
  })

  it('gives the cheapest live product of each currency the owner sells in', async () => {
    expect(await extremes('cheapest')).toEqual({ TRY: 'Çay Bardağı 45', EUR: 'Seramik Tabak 35.5', USD: 'Lokum A 10' })
  })

  it('gives the dearest live product of each currency the owner sells in', async () => {
    expect(await extremes('priciest')).toEqual({ TRY: 'Halı 12500', EUR: 'Kilim 120', USD: 'Lokum A 10' })
  })

  it("returns the products' columns, through the assistant's catalogue too", async () => {
    const products = await createCatalogue(stack.service(), owner.user.id).extremes('priciest')
    expect(products.map((p) => p.name).sort()).toEqual(['Halı', 'Kilim', 'Lokum A'])
    expect(products.find((p) => p.name === 'Halı')).toEqual({
      id: expect.any(String), name: 'Halı', description: null, price: 12_500, currency: 'TRY', stock: 0, product_link: null,
    })
  })

  it('counts any order but priciest as cheapest', async () => {
    expect(await extremes('')).toEqual(await extremes('cheapest'))
    expect(await extremes('PRICIEST')).toEqual(await extremes('cheapest'))
  })

  it("gives nothing of another owner's, and nothing for an owner without live products", async () => {
    expect(await extremes('cheapest', other.user.id)).toEqual({ TRY: 'Başkasının Ucuzu 0.5', JPY: 'Başkasının Doları 3' })
    const empty = await stack.signUpOwner()
    await insertProducts(empty.user.id, [{ name: 'Silinmiş', price: 10, currency: 'TRY', deleted: true }])
    expect(await extremes('cheapest', empty.user.id)).toEqual({})
    expect(await extremes('priciest', empty.user.id)).toEqual({})
  })

  describe('at 10,000 products', () => {
    let big: Owner

    beforeAll(async () => {
      big = await stack.signUpOwner()
      await stack.db.query(
        `insert into public.products (user_id, name, price, currency, _deleted)
         select $1, 'Ürün ' || i, 10 + (i * 7919) % 5000, (array['TRY', 'EUR', 'USD'])[1 + i % 3], i % 50 = 0
         from generate_series(1, 9996) as i`,
        [big.user.id],
      )
      await insertProducts(big.user.id, [
        { name: 'En Ucuz', price: 1, currency: 'TRY' },
        { name: 'En Pahalı', price: 90_000, currency: 'EUR' },
        { name: 'Silinmiş En Ucuz', price: 0.01, currency: 'TRY', deleted: true },
        { name: 'Tek Frank', price: 42, currency: 'CHF' },
      ])
      await stack.db.query('analyze public.products')
    }, 120_000)

    it('finds the extremes among them', async () => {
      expect(await extremes('cheapest', big.user.id)).toMatchObject({ TRY: 'En Ucuz 1', CHF: 'Tek Frank 42' })
      expect(await extremes('priciest', big.user.id)).toMatchObject({ EUR: 'En Pahalı 90000', CHF: 'Tek Frank 42' })
      expect(Object.keys(await extremes('cheapest', big.user.id)).sort()).toEqual(['CHF', 'EUR', 'TRY', 'USD'])
    })

    // The function's own body, planned with the owner and the order in place of its parameters.
    it.each(['cheapest', 'priciest'])('reads %s through products_owner_price_idx, never the whole catalogue', async (order) => {
      const { rows: body } = await stack.db.query<{ src: string }>(
        `select prosrc as src from pg_catalog.pg_proc where oid = 'public.catalogue_extremes(uuid, text)'::regprocedure`,
      )
      const query = body[0]!.src.replaceAll(/\bp_user_id\b/g, `'${big.user.id}'::uuid`).replaceAll(/\bp_order\b/g, `'${order}'::text`)
      const { rows } = await stack.db.query<{ 'QUERY PLAN': string }>(`explain ${query}`)
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
      expect(plan).toContain('products_owner_price_idx')
      expect(plan).not.toMatch(/Seq Scan on products/)
      expect(plan).not.toMatch(/Sort Key: .*price/)
    })
  })
})
