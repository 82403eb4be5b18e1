// The database holds the business profile's and the FAQ's limits, not only
// the form. For every limit domain/business.ts exports, an owner writing
// through the data API with their own token (as the Business info tab does,
// or around it) stores exactly the limit, and is refused one past it with
// 23514 naming the rule, the stored row left as it was. Every value is also
// put to the domain's own checks (validateBusinessForm, openingHoursError,
// validateFaqForm), so the two sides are proven to agree at each boundary.
// The limits are read from the module: changing one there, or exporting a
// new constant without a database rule (and a row in RULES), fails here.
// PGlite and PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest'
import * as business from '../../domain/business.ts'
import {
  businessPayloadFromForm,
  businessProfileToForm,
  emptyBusinessForm,
  isTimeZone,
  openingHoursError,
  validateBusinessForm,
  validateFaqForm,
  type BusinessFormField,
  type BusinessProfileRow,
  type FaqFormValues,
} from '../../domain/business.ts'
import { refusalOf } from '../../src/features/chatbot/business-api.ts'
import { BACKENDS, makeClient, useOwner, useTestStack, type Owner } from '../support/stack.ts'

type Row = Record<string, unknown>
type Table = 'business_profiles' | 'faq_entries'

/**
 * A limit as the database holds it: each of `at` is stored as written, each
 * of `past` refused under its constraint; `form` is the domain's verdict on
 * the same columns (null when it takes them).
 */
type Refusal = {
  kind: 'refused'
  table: Table
  at: Row[]
  past: { columns: Row; constraint: string }[]
  form(columns: Row): string | null
}
/** A value every new row starts with. */
type Default = { kind: 'default'; table: Table; columns: Row }
/** A number of rows an owner may keep (FAQ_ENTRIES_MAX), proven by its own tests below. */
type Count = { kind: 'count'; table: Table; max: number; constraint: string }
type Rule = Refusal | Default | Count

/**
 * Constants of domain/business.ts that are no rule of a stored value: the
 * error codes, and the list of info-text columns BUSINESS_INFO_TEXT_MAX
 * covers (each of them is written at and past that limit).
 */
const NOT_COLUMN_RULES = ['OPENING_HOURS_ERRORS', 'BUSINESS_FORM_ERRORS', 'BUSINESS_INFO_TEXTS']

/** `n` characters (code points) with Turkish letters and an emoji among them: the database counts as the form does. */
const text = (n: number) => Array.from({ length: n }, (_, i) => ['a', 'ş', '😀', 'İ'][i % 4]).join('')
const URL_PREFIX = 'https://örnek.com.tr/'
const url = (n: number) => URL_PREFIX + 'y'.repeat(n - [...URL_PREFIX].length)
const PHONE_PREFIX = '+90 '
const phone = (n: number) => PHONE_PREFIX + '5'.repeat(n - PHONE_PREFIX.length)
const EMAIL_DOMAIN = '@ornek.com.tr'
const email = (n: number) => text(n - EMAIL_DOMAIN.length) + EMAIL_DOMAIN
/** Every character String.prototype.trim takes away: a blank answer typed with tabs, line breaks or a no-break space is still blank. */
const BLANKS = ' \t\n\r\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'
const ranges = (n: number) => Array.from({ length: n }, (_, i) => [`${String(2 * i).padStart(2, '0')}:00`, `${String(2 * i + 1).padStart(2, '0')}:00`])

/** The domain's verdict on a stored profile with `columns` over the defaults, for the columns given. */
function profileVerdict(columns: Row): string | null {
  const verdicts: (string | null)[] = []
  const rest = { ...columns }
  if ('opening_hours' in rest) {
    // The form reads an unreadable day as closed (rangesOf), so the stored shape is judged as it stands.
    verdicts.push(openingHoursError(rest.opening_hours))
    delete rest.opening_hours
  }
  const row = { ...businessPayloadFromForm(emptyBusinessForm()), ...rest } as BusinessProfileRow
  const errors = validateBusinessForm(businessProfileToForm(row))
  for (const field of Object.keys(rest) as BusinessFormField[]) verdicts.push(errors[field] ?? null)
  return verdicts.find((v) => v !== null) ?? null
}

function faqVerdict(columns: Row): string | null {
  const errors = validateFaqForm({ question: 'Kargo ücretli mi?', answer: 'Evet, 50 TL.', ...columns } as FaqFormValues)
  return Object.keys(columns).map((field) => errors[field as keyof FaqFormValues] ?? null).find((v) => v !== null) ?? null
}

function profileText(field: BusinessFormField, max: number, value: (n: number) => string): Refusal {
  return {
    kind: 'refused',
    table: 'business_profiles',
    at: [{ [field]: value(max) }],
    past: [{ columns: { [field]: value(max + 1) }, constraint: `business_profiles_${field}_check` }],
    form: profileVerdict,
  }
}

function faqText(field: keyof FaqFormValues, max: number): Refusal {
  return {
    kind: 'refused',
    table: 'faq_entries',
    // White space around the text is not counted, on either side: what String.prototype.trim takes away.
    at: [{ [field]: text(max) }, { [field]: `  ${text(max)}  ` }, { [field]: `${BLANKS}${text(max)}${BLANKS}` }, { [field]: 'x' }],
    past: [
      { columns: { [field]: text(max + 1) }, constraint: `faq_entries_${field}_check` },
      { columns: { [field]: `${BLANKS}${text(max + 1)}` }, constraint: `faq_entries_${field}_check` },
      { columns: { [field]: '' }, constraint: `faq_entries_${field}_check` },
      { columns: { [field]: '   ' }, constraint: `faq_entries_${field}_check` },
      { columns: { [field]: BLANKS }, constraint: `faq_entries_${field}_check` },
    ],
    form: faqVerdict,
  }
}

/** No zone's name is 64 characters long; the longest the database and the form both know is written at the limit's side. */
const LONG_ZONE = 'America/Argentina/Buenos_Aires'
const HOURS = 'business_profiles_opening_hours_check'

/** One per rule export; the keys must be exactly the module's. */
const RULES: Record<string, Rule> = {
  BUSINESS_ADDRESS_MAX: profileText('address', business.BUSINESS_ADDRESS_MAX, text),
  BUSINESS_MAPS_URL_MAX: profileText('maps_url', business.BUSINESS_MAPS_URL_MAX, url),
  BUSINESS_CONTACT_PHONE_MAX: profileText('contact_phone', business.BUSINESS_CONTACT_PHONE_MAX, phone),
  BUSINESS_CONTACT_EMAIL_MAX: profileText('contact_email', business.BUSINESS_CONTACT_EMAIL_MAX, email),
  BUSINESS_INFO_TEXT_MAX: {
    kind: 'refused',
    table: 'business_profiles',
    at: business.BUSINESS_INFO_TEXTS.map((field) => ({ [field]: text(business.BUSINESS_INFO_TEXT_MAX) })),
    past: business.BUSINESS_INFO_TEXTS.map((field) => ({
      columns: { [field]: text(business.BUSINESS_INFO_TEXT_MAX + 1) },
      constraint: `business_profiles_${field}_check`,
    })),
    form: profileVerdict,
  },
  BUSINESS_TIME_ZONE_MAX: {
    kind: 'refused',
    table: 'business_profiles',
    at: [{ time_zone: LONG_ZONE }],
    past: [{ columns: { time_zone: `Europe/${'X'.repeat(business.BUSINESS_TIME_ZONE_MAX + 1 - 'Europe/'.length)}` }, constraint: 'business_profiles_time_zone_check' }],
    form: profileVerdict,
  },
  OPENING_RANGES_PER_DAY_MAX: {
    kind: 'refused',
    table: 'business_profiles',
    at: [{ opening_hours: { mon: ranges(business.OPENING_RANGES_PER_DAY_MAX), sun: ranges(1) } }],
    past: [{ columns: { opening_hours: { mon: ranges(1), sat: ranges(business.OPENING_RANGES_PER_DAY_MAX + 1) } }, constraint: HOURS }],
    form: profileVerdict,
  },
  WEEKDAYS: {
    kind: 'refused',
    table: 'business_profiles',
    at: [{ opening_hours: Object.fromEntries(business.WEEKDAYS.map((day) => [day, [['09:00', '18:00']]])) }],
    past: ['monday', 'Mon', 'pzt', ''].map((day) => ({ columns: { opening_hours: { [day]: [['09:00', '18:00']] } }, constraint: HOURS })),
    form: profileVerdict,
  },
  DEFAULT_TIME_ZONE: { kind: 'default', table: 'business_profiles', columns: { time_zone: business.DEFAULT_TIME_ZONE, opening_hours: {} } },
  FAQ_QUESTION_MAX: faqText('question', business.FAQ_QUESTION_MAX),
  FAQ_ANSWER_MAX: faqText('answer', business.FAQ_ANSWER_MAX),
  FAQ_ENTRIES_MAX: { kind: 'count', table: 'faq_entries', max: business.FAQ_ENTRIES_MAX, constraint: 'faq_entries_count_check' },
}

/**
 * Opening hours as an owner (or a client that skipped the form) might send
 * them, with the domain's verdict: the database takes exactly those the
 * domain takes.
 */
const HOUR_SHAPES: [string, unknown, business.OpeningHoursError | null][] = [
  ['no day', {}, null],
  ['a closed day', { mon: [] }, null],
  ['round the clock', { mon: [['00:00', '24:00']] }, null],
  ['ranges that touch', { tue: [['09:00', '12:00'], ['12:00', '18:00']] }, null],
  ['the last minute', { wed: [['23:59', '24:00']] }, null],
  ['a lunch break and an evening', { fri: [['09:00', '12:30'], ['13:30', '18:00'], ['20:00', '23:00']] }, null],
  ['a list, not an object', [['09:00', '18:00']], 'invalid_shape'],
  ['a text', '09:00-18:00', 'invalid_shape'],
  ['a bad weekday key', { monday: [['09:00', '18:00']] }, 'invalid_shape'],
  ['a day that is not a list', { mon: '09:00-18:00' }, 'invalid_shape'],
  ['a day that is an object', { mon: { from: '09:00', to: '18:00' } }, 'invalid_shape'],
  ['a range of 3 items', { mon: [['09:00', '12:00', '18:00']] }, 'invalid_shape'],
  ['a range of 1 item', { mon: [['09:00']] }, 'invalid_shape'],
  ['a range of numbers', { mon: [[9, 18]] }, 'invalid_shape'],
  ['a range with null', { mon: [['09:00', null]] }, 'invalid_shape'],
  ['a range that is a text', { mon: ['09:00-18:00'] }, 'invalid_shape'],
  ['9:00', { mon: [['9:00', '18:00']] }, 'invalid_time'],
  ['24:00 as start', { mon: [['24:00', '24:00']] }, 'invalid_time'],
  ['24:30 as end', { mon: [['09:00', '24:30']] }, 'invalid_time'],
  ['25:00', { mon: [['09:00', '25:00']] }, 'invalid_time'],
  ['09:60', { mon: [['09:60', '18:00']] }, 'invalid_time'],
  ['seconds', { mon: [['09:00:00', '18:00:00']] }, 'invalid_time'],
  ['spaces', { mon: [[' 09:00', '18:00']] }, 'invalid_time'],
  ['end before start', { mon: [['18:00', '09:00']] }, 'empty_range'],
  ['an empty range', { mon: [['09:00', '09:00']] }, 'empty_range'],
  ['overlap', { mon: [['09:00', '13:00'], ['12:00', '18:00']] }, 'overlap'],
  ['out of order', { mon: [['14:00', '18:00'], ['09:00', '12:00']] }, 'overlap'],
  ['4 ranges', { mon: ranges(4) }, 'too_many'],
]

it('has a database rule for every constant domain/business.ts exports', () => {
  // Functions are the domain's own reading of the rules; constants are the rules.
  const constants = Object.keys(business).filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !NOT_COLUMN_RULES.includes(name))
  expect(Object.keys(RULES).sort()).toEqual(constants.sort())
})

it('puts every value on the boundary the domain draws', () => {
  for (const [name, rule] of Object.entries(RULES)) {
    if (rule.kind !== 'refused') continue
    for (const at of rule.at) expect({ name, at: rule.form(at) }).toEqual({ name, at: null })
    for (const { columns } of rule.past) expect({ name, past: rule.form(columns) }).not.toEqual({ name, past: null })
  }
  expect(profileVerdict({ time_zone: LONG_ZONE })).toBeNull()
  for (const [shape, hours, error] of HOUR_SHAPES) expect({ shape, error: openingHoursError(hours) }).toEqual({ shape, error })
})

describe.each(BACKENDS)('business knowledge limits in the database on %s', (backend) => {
  const stack = useTestStack(backend)
  const owner = useOwner(stack)
  let entryId: string

  beforeAll(async () => {
    const { data, error } = await owner.client
      .from('faq_entries')
      .insert({ user_id: owner.user.id, question: 'Kargo ücretli mi?', answer: 'Evet, 50 TL.' })
      .select('id')
      .single()
    if (error || !data) throw new Error(`adding the FAQ entry failed: ${error?.message}`)
    entryId = (data as { id: string }).id
  })

  /** The row a rule writes: the owner's profile, or the owner's one FAQ entry. */
  const match = (table: Table) => (table === 'business_profiles' ? { column: 'user_id', value: owner.user.id } : { column: 'id', value: entryId })

  async function stored(table: Table) {
    const { column, value } = match(table)
    const { data, error } = await owner.client.from(table).select('*').eq(column, value).single()
    expect(error).toBeNull()
    return data as Row
  }

  /** A PATCH as the owner, answering with the row as stored. */
  async function patch(table: Table, columns: Row) {
    const { column, value } = match(table)
    return owner.client.from(table).update(columns).eq(column, value).select('*').single()
  }

  async function faqCount(o: Owner = owner): Promise<number> {
    const { count, error } = await o.client.from('faq_entries').select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    return count ?? 0
  }

  function expectNamed(error: { code?: string; message: string } | null, constraint: string) {
    expect({ code: error?.code, names: error?.message.includes(constraint) }, error?.message).toEqual({ code: '23514', names: true })
  }

  async function expectRefused(table: Table, columns: Row, constraint: string) {
    const before = await stored(table)
    const { data, error } = await patch(table, columns)
    expect(data).toBeNull()
    expectNamed(error, constraint)
    expect(await stored(table)).toEqual(before)
  }

  // A count needs owners of its own: see FAQ_ENTRIES_MAX below.
  const ROW_RULES = Object.entries(RULES).filter((entry): entry is [string, Refusal | Default] => entry[1].kind !== 'count')

  it.each(ROW_RULES)('%s: stores the limit, refuses one past it and keeps the row', async (_name, rule) => {
    if (rule.kind === 'default') {
      const fresh = await stack.signUpOwner()
      const { data, error } = await fresh.client.from(rule.table).select('*').eq('user_id', fresh.user.id).single()
      expect(error).toBeNull()
      expect(data).toMatchObject(rule.columns)
      return
    }
    for (const at of rule.at) {
      const { data, error } = await patch(rule.table, at)
      expect(error).toBeNull()
      expect(data).toMatchObject(at)
      for (const past of rule.past) await expectRefused(rule.table, past.columns, past.constraint)
    }
    if (rule.table === 'faq_entries') {
      // A new entry is held to the same rule as an edited one.
      for (const past of rule.past) {
        const before = await faqCount()
        const { error } = await owner.client.from('faq_entries').insert({ question: 'Soru', answer: 'Yanıt', ...past.columns, user_id: owner.user.id })
        expectNamed(error, past.constraint)
        expect(await faqCount()).toBe(before)
      }
    }
  })

  it.each(HOUR_SHAPES)('opening hours, %s: stored exactly when the domain takes it', async (_shape, hours, error) => {
    if (error === null) {
      const { data, error: writeError } = await patch('business_profiles', { opening_hours: hours })
      expect(writeError).toBeNull()
      expect((data as Row).opening_hours).toEqual(hours)
    } else {
      await expectRefused('business_profiles', { opening_hours: hours }, HOURS)
    }
  })

  it('takes a time zone Postgres knows, in its own spelling, and refuses any other', async () => {
    for (const zone of ['Europe/Berlin', 'UTC', 'America/New_York', business.DEFAULT_TIME_ZONE]) {
      expect(isTimeZone(zone), zone).toBe(true)
      const { data, error } = await patch('business_profiles', { time_zone: zone })
      expect(error, zone).toBeNull()
      expect(data).toMatchObject({ time_zone: zone })
    }
    for (const zone of ['Mars/Olympus_Mons', 'europe/berlin', 'Europe/Berlın', 'Istanbul', '', 'Europe/../Istanbul']) {
      // The form as typed: a stored empty zone would be read back as the default.
      expect(validateBusinessForm({ ...emptyBusinessForm(), time_zone: zone }).time_zone, zone).toBeDefined()
      await expectRefused('business_profiles', { time_zone: zone }, 'business_profiles_time_zone_check')
    }
  })

  it('has no zone name near the length limit: the longest the database and the form both know is stored', async () => {
    const { rows } = await stack.db.query<{ name: string }>('select name from pg_catalog.pg_timezone_names order by length(name) desc, name')
    const known = rows.map((r) => r.name).filter((name) => isTimeZone(name))
    const longest = known[0]!
    expect(known).toContain(LONG_ZONE)
    expect([...longest].length).toBeLessThanOrEqual(business.BUSINESS_TIME_ZONE_MAX)
    expect(profileVerdict({ time_zone: longest })).toBeNull()
    const { data, error } = await patch('business_profiles', { time_zone: longest })
    expect(error).toBeNull()
    expect(data).toMatchObject({ time_zone: longest })
  })

  it('takes a map link only as http or https, as the form does', async () => {
    for (const link of ['https://maps.app.goo.gl/AbC123', 'http://ornek.com.tr/harita?konum=1']) {
      expect(profileVerdict({ maps_url: link }), link).toBeNull()
      const { error } = await patch('business_profiles', { maps_url: link })
      expect(error, link).toBeNull()
    }
    for (const link of ['javascript:alert(1)', 'ftp://ornek.com.tr/harita', 'www.ornek.com.tr', 'https://', 'maps.google.com']) {
      expect(profileVerdict({ maps_url: link }), link).not.toBeNull()
      await expectRefused('business_profiles', { maps_url: link }, 'business_profiles_maps_url_check')
    }
  })

  it("refuses the whole save of the tab (an upsert) when one field is past its limit", async () => {
    const payload = businessPayloadFromForm({
      ...emptyBusinessForm(),
      address: 'Bağdat Cad. No: 12, Kadıköy, İstanbul',
      time_zone: 'Europe/Berlin',
      opening_hours: { ...emptyBusinessForm().opening_hours, mon: [['09:00', '18:00']] },
    })
    const saved = await owner.client.from('business_profiles').upsert({ ...payload, user_id: owner.user.id }, { onConflict: 'user_id' }).select('*').single()
    expect(saved.error).toBeNull()
    expect(saved.data).toMatchObject(payload)
    const before = await stored('business_profiles')
    const { error } = await owner.client
      .from('business_profiles')
      .upsert({ ...payload, address: 'Başka bir adres', returns_info: text(business.BUSINESS_INFO_TEXT_MAX + 1), user_id: owner.user.id }, { onConflict: 'user_id' })
    expectNamed(error, 'business_profiles_returns_info_check')
    expect(await stored('business_profiles')).toEqual(before)
  })

  // The Business info tab tells the owner which field (or day) a refusal concerns from what the data API passes on.
  it('refuses in words the tab reads as the field, the day or the limit concerned', async () => {
    const refusal = async (table: Table, columns: Row) => refusalOf((await patch(table, columns)).error)
    expect(await refusal('business_profiles', { address: text(business.BUSINESS_ADDRESS_MAX + 1) })).toEqual({ kind: 'profile_field', field: 'address' })
    expect(await refusal('business_profiles', { maps_url: 'www.ornek.com.tr' })).toEqual({ kind: 'profile_field', field: 'maps_url' })
    expect(await refusal('business_profiles', { time_zone: 'Mars/Olympus_Mons' })).toEqual({ kind: 'profile_field', field: 'time_zone' })
    expect(await refusal('business_profiles', { opening_hours: { mon: [['09:00', '18:00']], thu: [['18:00', '09:00']] } })).toEqual({ kind: 'opening_hours', day: 'thu' })
    expect(await refusal('business_profiles', { opening_hours: { sat: ranges(business.OPENING_RANGES_PER_DAY_MAX + 1) } })).toEqual({ kind: 'opening_hours', day: 'sat' })
    expect(await refusal('business_profiles', { opening_hours: { monday: [] } })).toEqual({ kind: 'opening_hours', day: null })
    expect(await refusal('business_profiles', { opening_hours: [] })).toEqual({ kind: 'opening_hours', day: null })
    expect(await refusal('faq_entries', { question: ' \n ' })).toEqual({ kind: 'faq_field', field: 'question' })
    expect(await refusal('faq_entries', { answer: text(business.FAQ_ANSWER_MAX + 1) })).toEqual({ kind: 'faq_field', field: 'answer' })
  })

  describe('FAQ_ENTRIES_MAX', () => {
    const { max, constraint } = RULES.FAQ_ENTRIES_MAX as Count
    const entries = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ question: `Soru ${from + i + 1}?`, answer: `Yanıt ${from + i + 1}.` }))

    it('takes as many entries as the limit and refuses one more, by itself or in one request with the rest', async () => {
      const o = await stack.signUpOwner()
      const all = await o.client.from('faq_entries').insert(entries(max + 1).map((e) => ({ ...e, user_id: o.user.id })))
      expectNamed(all.error, constraint)
      expect(await faqCount(o)).toBe(0)

      const many = await o.client.from('faq_entries').insert(entries(max).map((e) => ({ ...e, user_id: o.user.id })))
      expect(many.error).toBeNull()
      expect(await faqCount(o)).toBe(max)

      const extra = await o.client.from('faq_entries').insert({ ...entries(1, max)[0], user_id: o.user.id }).select('id')
      expect(extra.data).toBeNull()
      expectNamed(extra.error, constraint)
      expect(refusalOf(extra.error)).toEqual({ kind: 'faq_count' })
      expect(await faqCount(o)).toBe(max)

      // An edit is not a new entry; a deleted one frees its place.
      const { data: first } = await o.client.from('faq_entries').select('id').order('created_at').limit(1).single()
      const edited = await o.client.from('faq_entries').update({ answer: 'Yeni yanıt.' }).eq('id', (first as { id: string }).id).select('id')
      expect(edited.error).toBeNull()
      expect(edited.data).toHaveLength(1)
      await o.client.from('faq_entries').delete().eq('id', (first as { id: string }).id).throwOnError()
      const again = await o.client.from('faq_entries').insert({ question: 'Yeniden?', answer: 'Evet.', user_id: o.user.id })
      expect(again.error).toBeNull()
      expect(await faqCount(o)).toBe(max)

      // One owner's entries take none of another's places.
      const other = await stack.signUpOwner()
      const theirs = await other.client.from('faq_entries').insert({ question: 'Açık mısınız?', answer: 'Evet.', user_id: other.user.id })
      expect(theirs.error).toBeNull()
    })

    it('lets exactly one of two simultaneous inserts take the last place', async () => {
      const o = await stack.signUpOwner()
      const last = max - 1
      await o.client.from('faq_entries').insert(entries(last).map((e) => ({ ...e, user_id: o.user.id }))).throwOnError()
      // Two devices of the owner, each signed in with its own session.
      const device = makeClient(stack.url, stack.anonKey)
      const signedIn = await device.auth.signInWithPassword({ email: o.email, password: o.password })
      expect(signedIn.error).toBeNull()
      const results = await Promise.all(
        [o.client, device].map((client, i) => client.from('faq_entries').insert({ question: `Aynı anda ${i}?`, answer: 'Evet.', user_id: o.user.id })),
      )
      expect(results.filter((r) => r.error === null)).toHaveLength(1)
      for (const r of results.filter((r) => r.error !== null)) expectNamed(r.error, constraint)
      expect(await faqCount(o)).toBe(max)
    })
  })
})
