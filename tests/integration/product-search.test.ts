// Product search for the assistant (migration 20261122001500 and
// supabase/functions/_shared/assistant/catalogue.ts), on both engines: what
// customers type — any case, Turkish letters or not, typos, plurals, filler
// words — reaches the owner's live products and nothing else, and a large
// catalogue is searched through the trigram index.
import { beforeAll, describe, expect, it } from 'vitest'
import { createCatalogue } from '../../supabase/functions/_shared/assistant/catalogue.ts'
import type { Catalogue } from '../../supabase/functions/_shared/assistant/types.ts'
import { BACKENDS, useTestStack, type Owner, type TestStack } from '../support/stack.ts'

type Seed = { name: string; description?: string; deleted?: boolean; price?: number }

const CATALOGUE: Seed[] = [
  { name: 'Bluetooth Kulaklık', description: 'Kablosuz, 30 saat pil' },
  { name: 'İstanbul Kartpostalı', description: 'Galata manzaralı' },
  { name: 'Işık Zinciri', description: 'LED, 10 metre' },
  { name: 'Deri Çanta', description: 'El yapımı' },
  { name: 'Dağ Bisikleti', description: '21 vites' },
  { name: 'Buharlı Ütü' },
  { name: 'Örgü Atkı', description: 'Yün' },
  { name: 'Şemsiye', description: 'Rüzgara dayanıklı' },
  { name: 'Yazlık Elbise', description: 'Çiçek desenli' },
  { name: 'Akıllı Telefon', description: '128 GB' },
  { name: 'Spor Ayakkabı', description: 'Koşu için' },
  { name: 'Siyah Deri Ceket' },
  { name: 'Kahverengi Deri Ceket' },
  { name: 'Siyah Kazak' },
  { name: 'Wireless Headphones', description: 'Noise cancelling, over-ear' },
  { name: 'Silinmiş Kulaklık Kutusu', deleted: true },
]

async function insertProducts(stack: TestStack, ownerId: string, seeds: Seed[]): Promise<void> {
  for (const s of seeds) {
    await stack.db.query(
      `insert into public.products (user_id, name, description, price, _deleted) values ($1, $2, $3, $4, $5)`,
      [ownerId, s.name, s.description ?? null, s.price ?? 100, s.deleted ?? false],
    )
  }
}

describe.each(BACKENDS)('product search on %s', (backend) => {
  const stack = useTestStack(backend)
  let owner: Owner
  let other: Owner
  let catalogue: Catalogue
  const names = async (query: string, limit?: number) => (await catalogue.search(query, limit)).map((p) => p.name)

  beforeAll(async () => {
    owner = await stack.signUpOwner()
    other = await stack.signUpOwner()
    await insertProducts(stack, owner.user.id, CATALOGUE)
    await insertProducts(stack, other.user.id, [{ name: 'Kırmızı Kulaklık' }, { name: 'Siyah Deri Ceket Premium' }])
    catalogue = createCatalogue(stack.service(), owner.user.id)
  })

  it('folds case, Turkish letters and other diacritics the same way on both sides', async () => {
    const { rows } = await stack.db.query<{ folded: string; volatility: string }>(
      `select public.search_fold('İSTANBUL İstanbul IŞIK ışık Işık ÇĞÜÖŞ çğüöş Éclair naïve Âşık') as folded,
              (select provolatile from pg_proc where oid = 'public.search_fold(text)'::regprocedure) as volatility`,
    )
    expect(rows[0]).toEqual({
      folded: 'istanbul istanbul isik isik isik cguos cguos eclair naive asik',
      volatility: 'i',
    })
  })

  it('stems a folded word to the form its products share, cutting the longest ending that leaves four letters', async () => {
    const words = {
      elbiseler: 'elbise',
      kulakliklar: 'kulaklik',
      kulakligin: 'kulaklik',
      kulakliklarindan: 'kulaklik',
      kitabi: 'kitap',
      telefonlar: 'telefon',
      headphones: 'headphone',
      ceketler: 'ceket',
      bag: 'bag',
      canta: 'cant',
      // A softened consonant left at the end is hardened; an ending that would leave three letters is kept.
      abcdlar: 'abct',
      abclar: 'abclar',
      kirmizi: 'kirmiz',
      '12345ler': '12345',
    }
    const { rows } = await stack.db.query<{ word: string; stem: string }>(
      `select w as word, public.search_stem(w) as stem from unnest($1::text[]) as w`,
      [Object.keys(words)],
    )
    expect(Object.fromEntries(rows.map((r) => [r.word, r.stem]))).toEqual(words)
  })

  // search_products scores every word of every candidate; as a function call each it cost more than the rest of the query.
  it('has its word score inlined into the query by the planner, not called row by row', async () => {
    const { rows } = await stack.db.query<{ 'QUERY PLAN': string }>(
      `explain verbose select public.search_word_score(w, w, 'yazlik ' || w) from unnest(array['elbise']) as w`,
    )
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(plan).toContain('word_similarity')
    expect(plan).not.toContain('search_word_score')
  })

  // Each wording finds its product first, by one rule of the search.
  const FIRST_FOUND: Record<string, Array<[query: string, expected: string]>> = {
    'folds letters': [
      ['İstanbul', 'İstanbul Kartpostalı'],
      ['istanbul', 'İstanbul Kartpostalı'],
      ['ISTANBUL', 'İstanbul Kartpostalı'],
      ['IŞIK', 'Işık Zinciri'],
      ['ışık', 'Işık Zinciri'],
      ['isik', 'Işık Zinciri'],
      ['çanta', 'Deri Çanta'],
      ['canta', 'Deri Çanta'],
      ['ÇANTA', 'Deri Çanta'],
      ['dag bisikleti', 'Dağ Bisikleti'],
      ['utu', 'Buharlı Ütü'],
      ['orgu atki', 'Örgü Atkı'],
      ['semsiye', 'Şemsiye'],
    ],
    'forgives a one-letter typo': [
      ['kulakık', 'Bluetooth Kulaklık'],
      ['kulakilk', 'Bluetooth Kulaklık'],
      ['kulaklik', 'Bluetooth Kulaklık'],
      ['telfon', 'Akıllı Telefon'],
      ['elbse', 'Yazlık Elbise'],
      ['headphnes', 'Wireless Headphones'],
    ],
    'matches plurals and suffixes': [
      ['kulaklıklar', 'Bluetooth Kulaklık'],
      ['kulaklığın', 'Bluetooth Kulaklık'],
      ['elbiseler', 'Yazlık Elbise'],
      ['telefonlar', 'Akıllı Telefon'],
      ['telefonun', 'Akıllı Telefon'],
      ['ayakkabılar', 'Spor Ayakkabı'],
      ['headphone', 'Wireless Headphones'],
      ['wireless headphones', 'Wireless Headphones'],
    ],
    'ignores filler words': [
      ['kulaklık var mı', 'Bluetooth Kulaklık'],
      ['telefonun fiyatı ne kadar?', 'Akıllı Telefon'],
      ['Spor ayakkabınız var mı acaba', 'Spor Ayakkabı'],
      ['how much are the headphones?', 'Wireless Headphones'],
      ['do you have wireless headphones', 'Wireless Headphones'],
    ],
  }

  it.each(Object.entries(FIRST_FOUND).flatMap(([rule, cases]) => cases.map(([query, expected]) => [rule, query, expected] as const)))('%s: %s finds %s', async (_rule, query, expected) => {
    expect((await names(query))[0]).toBe(expected)
  })

  it('matches plurals to every product they name', async () => {
    expect((await names('ceketler')).slice(0, 2).sort()).toEqual(['Kahverengi Deri Ceket', 'Siyah Deri Ceket'])
  })

  it('ranks products matching more words first, in any word order', async () => {
    for (const query of ['siyah deri ceket', 'deri siyah ceket', 'ceket deri siyah']) {
      const found = await names(query, 10)
      expect(found[0], query).toBe('Siyah Deri Ceket')
      expect(found.indexOf('Kahverengi Deri Ceket'), query).toBeLessThan(found.indexOf('Siyah Kazak'))
      expect(found, query).toContain('Deri Çanta')
    }
  })

  it('finds nothing for filler alone or for words no product has', async () => {
    expect(await names('fiyatı ne kadar?')).toEqual([])
    expect(await names('how much')).toEqual([])
    expect(await names('buzdolabı')).toEqual([])
    expect(await names('   ')).toEqual([])
  })

  it('never finds deleted products', async () => {
    expect(await names('kutusu')).toEqual([])
    // The headphones are named in English: found after the words' own match, the deleted "Kulaklık Kutusu" never.
    expect(await names('kulaklık', 50)).toEqual(['Bluetooth Kulaklık', 'Wireless Headphones'])
  })

  it.each([
    ['scarves', ['Örgü Atkı']],
    ['umbrella', ['Şemsiye']],
    ['leather bag', ['Deri Çanta']],
    ['headphones', ['Wireless Headphones', 'Bluetooth Kulaklık']],
  ])('finds products named in the other language after the words’ own matches: %s', async (query, expected) => {
    const found = await names(query, 10)
    expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort())
    if (expected.length > 1) expect(found[0]).toBe(expected[0])
  })

  it("never finds another owner's products, through search, byIds or list", async () => {
    expect(await names('kırmızı')).toEqual([])
    expect(await names('premium')).toEqual([])
    const theirs = createCatalogue(stack.service(), other.user.id)
    expect((await theirs.search('kırmızı kulaklık')).map((p) => p.name)).toEqual(['Kırmızı Kulaklık'])
    const [theirProduct] = await theirs.search('kırmızı')
    expect(await catalogue.byIds([theirProduct!.id])).toEqual([])
    expect(await theirs.byIds([theirProduct!.id])).toMatchObject([{ name: 'Kırmızı Kulaklık' }])
    expect((await catalogue.list(50)).map((p) => p.name)).not.toContain('Kırmızı Kulaklık')
  })

  it('returns live products with their fields; byIds (in the order asked, in one read) and list skip deleted rows', async () => {
    const [hit] = await catalogue.search('kulaklık')
    expect(hit).toEqual({
      id: expect.any(String),
      name: 'Bluetooth Kulaklık',
      description: 'Kablosuz, 30 saat pil',
      price: 100,
      currency: 'TRY',
      stock: 0,
      product_link: null,
    })
    expect(await catalogue.byIds([hit!.id])).toEqual([hit])
    expect(await catalogue.byIds(['not-a-uuid'])).toEqual([])
    const { rows } = await stack.db.query<{ id: string }>(
      `select id from public.products where user_id = $1 and _deleted`,
      [owner.user.id],
    )
    expect(await catalogue.byIds([rows[0]!.id])).toEqual([])
    const live = (await catalogue.list(3)).map((p) => p.id)
    const asked = [live[2]!, rows[0]!.id, 'not-a-uuid', live[0]!, live[1]!]
    expect((await catalogue.byIds(asked)).map((p) => p.id)).toEqual([live[2], live[0], live[1]])
    const listed = (await catalogue.list(50)).map((p) => p.name)
    expect(listed).toHaveLength(CATALOGUE.filter((s) => !s.deleted).length)
    expect(listed).not.toContain('Silinmiş Kulaklık Kutusu')
    expect(await catalogue.list(3)).toHaveLength(3)
    // Newest first for "what's new": the product added last leads, however its name sorts.
    await stack.db.query(`update public.products set created_at = now() + interval '1 minute' where user_id = $1 and name = $2`, [owner.user.id, listed.at(-1)])
    const newest = await catalogue.list(3, 'newest')
    expect(newest[0]!.name).toBe(listed.at(-1))
    expect(newest.map((p) => p.name)).not.toContain('Silinmiş Kulaklık Kutusu')
  })

  it('is for the server only: owners and anonymous callers cannot call search_products', async () => {
    const asOwner = await owner.client.rpc('search_products', { p_user_id: other.user.id, p_query: 'kulaklık' })
    expect(asOwner.error).not.toBeNull()
    const asAnon = await stack.anon().rpc('search_products', { p_user_id: other.user.id, p_query: 'kulaklık' })
    expect(asAnon.error).not.toBeNull()
  })

  describe('at 10,000 products', () => {
    let big: Owner

    beforeAll(async () => {
      big = await stack.signUpOwner()
      await stack.db.query(
        `insert into public.products (user_id, name, description, price)
         select $1,
                (array['Kulaklık', 'Elbise', 'Telefon', 'Ayakkabı', 'Ceket', 'Çanta', 'Kazak', 'Gömlek', 'Saat', 'Kolye'])[1 + i % 10]
                  || ' ' || (array['Siyah', 'Beyaz', 'Kırmızı', 'Mavi', 'Yeşil', 'Gri', 'Lacivert'])[1 + i % 7]
                  || ' Model ' || i,
                'Ürün açıklaması ' || i,
                10 + i % 500
         from generate_series(1, 9999) as i`,
        [big.user.id],
      )
      await insertProducts(stack, big.user.id, [{ name: 'Zümrüt Küpe', description: 'Gümüş' }])
      await stack.db.query('analyze public.products')
    }, 120_000)

    it('leaves at most 256 kB of them in the index pending list for searches to read', async () => {
      // Merging returns the number of pages that were pending: 8 kB each.
      const { rows } = await stack.db.query<{ pages: string }>(
        `select pg_catalog.gin_clean_pending_list('public.products_search_idx'::regclass)::text as pages`,
      )
      expect(Number(rows[0]!.pages) * 8).toBeLessThanOrEqual(256 + 8)
    })

    it('finds the one match among them', async () => {
      const found = await createCatalogue(stack.service(), big.user.id).search('zumrut kupeler')
      expect(found.map((p) => p.name)).toEqual(['Zümrüt Küpe'])
    })

    // The filter search_products runs (its RETURN QUERY EXECUTE, planned
    // once per call for the words, stems and threshold it derives).
    it('reads candidates through the trigram index, never a sequential scan of products', async () => {
      const plan = await stack.db.transaction(async (tx) => {
        await tx.query(`set local pg_trgm.word_similarity_threshold = 0.5`)
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `explain select p.id from public.products p
            where p.user_id = '${big.user.id}' and not p._deleted
              and (public.search_fold(p.name || ' ' || coalesce(p.description, '')) operator(extensions.%>) any (array['zumrut', 'kupeler'])
                   or public.search_fold(p.name || ' ' || coalesce(p.description, '')) like any (array['%zumrut%', '%kupe%']))`,
        )
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain('products_search_idx')
      expect(plan).not.toMatch(/Seq Scan on products/)
    })

    // GIN's pending list is read in full by every search until it is merged; at its default size (4 MB)
    // an import of thousands of products made each search slow until a vacuum.
    // pg_trgm estimates a trigram filter by running it over every value sampled for the expression, for each
    // word, and search_products plans its query on every call: that planning cost more than the search.
    it('keeps no statistics on the index expression, so planning a search runs no trigram matching', async () => {
      const { rows } = await stack.db.query<{ target: number; sampled: string }>(
        `select a.attstattarget::int as target,
                (select pg_catalog.count(*)::text from pg_catalog.pg_stats s where s.tablename = 'products_search_idx') as sampled
           from pg_catalog.pg_attribute a
          where a.attrelid = 'public.products_search_idx'::regclass and a.attnum = 1`,
      )
      expect(rows[0]).toEqual({ target: 0, sampled: '0' })
    })

    it('keeps the index pending list short, so searches after an import read little besides the index', async () => {
      const { rows } = await stack.db.query<{ options: string[] | null }>(
        `select c.reloptions as options from pg_catalog.pg_class c where c.relname = 'products_search_idx'`,
      )
      expect(rows[0]?.options).toContain('gin_pending_list_limit=256')
    })

    it('uses the index from search_products itself', async () => {
      const scans = async () => {
        const { rows } = await stack.db.query<{ n: string }>(
          `select idx_scan::text as n from pg_stat_user_indexes where indexrelname = 'products_search_idx'`,
        )
        return Number(rows[0]?.n ?? 0)
      }
      const before = await scans()
      await createCatalogue(stack.service(), big.user.id).search('siyah kulaklık')
      // PostgreSQL 15 publishes a backend's counts at most once a second, and an idle one's after up to 10 s.
      await expect.poll(scans, { timeout: 15_000, interval: 250 }).toBeGreaterThan(before)
    })
  })
})
