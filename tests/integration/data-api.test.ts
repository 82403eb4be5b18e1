// Every data-API read and write of spec section 7, written exactly as the
// product writes it with supabase-js, against what PostgREST would answer.
import { beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { BACKENDS, useOwner, useTestStack } from '../support/stack.ts'
import { appointmentInput, customerInput, excelBatch, excelGroupId, productInput, uniquePhone } from '../support/factories.ts'

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** An insert that answers with the stored row, as the forms send it. */
const insertReturning = (client: SupabaseClient, table: string, row: object) => client.from(table).insert(row).select().single()

/** First and last day of a month as the calendar sends them (YYYY-MM-DD). */
function monthRange(year: number, month: number): { first: string; last: string } {
  const pad = (n: number) => String(n).padStart(2, '0')
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return { first: `${year}-${pad(month)}-01`, last: `${year}-${pad(month)}-${pad(lastDay)}` }
}

describe.each(BACKENDS)('data API on %s', (backend) => {
  const stack = useTestStack(backend)

  describe('users', () => {
    const owner = useOwner(stack)

    it('selects the own profile by id with single()', async () => {
      const { data, error } = await owner.client.from('users').select('*').eq('id', owner.user.id).single()
      expect(error).toBeNull()
      expect(data).toMatchObject({ id: owner.user.id, email: owner.email, phone_verified: false })
    })

    it('maybeSingle() gives null without error for a random id', async () => {
      const { data, error } = await owner.client.from('users').select('*').eq('id', randomUUID()).maybeSingle()
      expect(error).toBeNull()
      expect(data).toBeNull()
    })

    it('single() for a random id is a 406 PGRST116 error', async () => {
      const { data, error, status } = await owner.client.from('users').select('*').eq('id', randomUUID()).single()
      expect(data).toBeNull()
      expect(status).toBe(406)
      expect(error?.code).toBe('PGRST116')
    })

    it("the product's post-sign-up inserts fail harmlessly: the trigger already made the rows", async () => {
      const { error: userError } = await owner.client.from('users').insert({
        id: owner.user.id,
        email: owner.email,
        business_name: 'Başka Ad',
        phone_number: owner.phone,
        phone_verified: false,
      })
      expect(userError).not.toBeNull()
      const { error: creditsError } = await owner.client
        .from('credits')
        .insert({ user_id: owner.user.id, amount: 0, used: 0, remaining: 0 })
      expect(creditsError).not.toBeNull()

      const { data } = await stack.service().from('users').select('business_name').eq('id', owner.user.id).single()
      expect(data?.business_name).toBe(owner.businessName)
      const { count } = await stack
        .service()
        .from('credits')
        .select('*', { count: 'exact', head: true })
        .eq('user_id', owner.user.id)
      expect(count).toBe(1)
    })

    // The WhatsApp credentials of the settings form go through set_whatsapp_credentials
    // instead (whatsapp-credentials.test.ts): users no longer holds them.
    it('upserts settings on id with updated_at and returns the row', async () => {
      const updatedAt = new Date().toISOString()
      const { data, error } = await owner.client
        .from('users')
        .upsert(
          {
            id: owner.user.id,
            email: owner.email,
            business_name: 'Yeni Anadolu Kahve Evi',
            avatar_url: `${stack.url}/storage/v1/object/public/avatars/${owner.user.id}/1700000000000.png`,
            updated_at: updatedAt,
          },
          { onConflict: 'id' },
        )
        .select()
        .single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        id: owner.user.id,
        email: owner.email,
        business_name: 'Yeni Anadolu Kahve Evi',
        phone_number: owner.phone,
        phone_verified: false,
      })
      expect(new Date(data!.updated_at as string).getTime()).not.toBeNaN()
    })

    it('keeps the e-mail equal to the account e-mail when an upsert sends another', async () => {
      const { data, error } = await owner.client
        .from('users')
        .upsert(
          { id: owner.user.id, email: 'baska.adres@ornek.com.tr', business_name: 'Ad Değişti', updated_at: new Date().toISOString() },
          { onConflict: 'id' },
        )
        .select()
        .single()
      expect(error).toBeNull()
      expect(data?.email).toBe(owner.email)
      expect(data?.business_name).toBe('Ad Değişti')
      const { data: stored } = await stack.service().from('users').select('email').eq('id', owner.user.id).single()
      expect(stored?.email).toBe(owner.email)
    })

    it('refuses phone_verified from the owner, by upsert and by update', async () => {
      const { error: upsertError } = await owner.client
        .from('users')
        .upsert({ id: owner.user.id, email: owner.email, phone_verified: true, updated_at: new Date().toISOString() }, { onConflict: 'id' })
        .select()
        .single()
      expect(upsertError).not.toBeNull()
      expect(upsertError?.code).toBe('42501')
      const { error: updateError } = await owner.client.from('users').update({ phone_verified: true }).eq('id', owner.user.id)
      expect(updateError).not.toBeNull()
      expect(updateError?.code).toBe('42501')
      const { data } = await stack.service().from('users').select('phone_verified').eq('id', owner.user.id).single()
      expect(data?.phone_verified).toBe(false)
    })
  })

  describe('credits and transactions', () => {
    const owner = useOwner(stack)
    /** The credits screen's list: the owner's transactions, newest first. */
    const newestTransactions = (limit: number) =>
      owner.client.from('transactions').select('*').eq('user_id', owner.user.id).order('created_at', { ascending: false }).limit(limit)

    it('selects the credits row by user_id with maybeSingle()', async () => {
      const { data, error } = await owner.client.from('credits').select('*').eq('user_id', owner.user.id).maybeSingle()
      expect(error).toBeNull()
      expect(data).toMatchObject({ user_id: owner.user.id, amount: 0, used: 0, remaining: 0 })
      expect(data).toHaveProperty('id')
      expect(data).toHaveProperty('created_at')
      expect(data).toHaveProperty('updated_at')
    })

    it('gives an empty transaction list to a new owner (limit 5 and limit 1)', async () => {
      for (const limit of [5, 1]) {
        const { data, error } = await newestTransactions(limit)
        expect(error).toBeNull()
        expect(data).toEqual([])
      }
    })

    it('lists transactions newest first, limit 5 and limit 1', async () => {
      const start = Date.parse('2026-03-01T09:00:00.000Z')
      // Inserted out of order so only ORDER BY can produce the expected order.
      const rows = [3, 0, 6, 1, 5, 2, 4].map((i) => ({
        user_id: owner.user.id,
        amount: 1500 + i,
        credits_purchased: 250,
        status: i % 3 === 0 ? 'completed' : i % 3 === 1 ? 'pending' : 'failed',
        created_at: new Date(start + i * 3_600_000).toISOString(),
      }))
      const { error: insertError } = await stack.service().from('transactions').insert(rows)
      expect(insertError).toBeNull()

      const { data, error } = await newestTransactions(5)
      expect(error).toBeNull()
      expect(data!.map((t) => t.amount)).toEqual([1506, 1505, 1504, 1503, 1502])
      expect(data![0]).toMatchObject({ user_id: owner.user.id, credits_purchased: 250, status: 'completed' })
      expect(typeof data![0].amount).toBe('number')

      const { data: latest, error: latestError } = await newestTransactions(1)
      expect(latestError).toBeNull()
      expect(latest).toHaveLength(1)
      expect(latest![0].amount).toBe(1506)
      expect(new Date(latest![0].created_at as string).toISOString()).toBe(new Date(start + 6 * 3_600_000).toISOString())
    })
  })

  describe('products', () => {
    const owner = useOwner(stack)

    const listAll = () =>
      owner.client.from('products').select('*').eq('user_id', owner.user.id).order('created_at', { ascending: false })

    it('inserts one product without and one with a product link, listed newest first', async () => {
      const plain = productInput(owner.user.id, { name: 'Türk Kahvesi 250 g', price: 189.9, currency: 'TRY', stock: 25 })
      const { error: e1 } = await owner.client.from('products').insert(plain)
      expect(e1).toBeNull()
      await pause(5)
      const linked = productInput(owner.user.id, {
        name: 'El Yapımı Bakır Cezve',
        price: 649.5,
        currency: 'EUR',
        stock: 3,
        product_link: 'https://ornek-magaza.com.tr/urun/bakir-cezve',
      })
      const { error: e2 } = await owner.client.from('products').insert(linked)
      expect(e2).toBeNull()

      const { data, error } = await listAll()
      expect(error).toBeNull()
      expect(data!.map((p) => p.name)).toEqual(['El Yapımı Bakır Cezve', 'Türk Kahvesi 250 g'])
      expect(data![0]).toMatchObject({
        price: 649.5,
        currency: 'EUR',
        stock: 3,
        product_link: 'https://ornek-magaza.com.tr/urun/bakir-cezve',
        user_id: owner.user.id,
        group_id: null,
      })
      expect(data![1]).toMatchObject({ price: 189.9, product_link: null, description: plain.description })
      // The UI formats price with toFixed(2): it must arrive as a JSON number.
      expect(typeof data![0].price).toBe('number')
      expect(data![0].id).toEqual(expect.any(String))
      expect(data![0].created_at).toEqual(expect.any(String))
    })

    it('updates a product by id with the same fields', async () => {
      const { data: inserted } = await insertReturning(owner.client, 'products', productInput(owner.user.id, { name: 'İpek Eşarp' }))
      const { error } = await owner.client
        .from('products')
        .update({
          name: 'İpek Eşarp (Lacivert)',
          description: 'Bursa ipeği, 90×90 cm',
          price: 1049.99,
          currency: 'USD',
          stock: 0,
          product_link: 'https://ornek-magaza.com.tr/urun/ipek-esarp',
        })
        .eq('id', inserted!.id)
      expect(error).toBeNull()
      const { data } = await owner.client.from('products').select('*').eq('id', inserted!.id).single()
      expect(data).toMatchObject({
        name: 'İpek Eşarp (Lacivert)',
        price: 1049.99,
        currency: 'USD',
        stock: 0,
        product_link: 'https://ornek-magaza.com.tr/urun/ipek-esarp',
      })
    })

    it('deletes a product by id', async () => {
      const { data: inserted } = await insertReturning(owner.client, 'products', productInput(owner.user.id))
      const { error } = await owner.client.from('products').delete().eq('id', inserted!.id)
      expect(error).toBeNull()
      const { data } = await owner.client.from('products').select('id').eq('id', inserted!.id)
      expect(data).toEqual([])
    })

    it('bulk inserts Excel batches, finds the latest group, counts per group and deletes one batch', async () => {
      const first = excelGroupId()
      const { error: e1 } = await owner.client.from('products').insert(excelBatch(owner.user.id, first, 3))
      expect(e1).toBeNull()
      await pause(5)
      const second = excelGroupId()
      const { error: e2 } = await owner.client.from('products').insert(excelBatch(owner.user.id, second, 2))
      expect(e2).toBeNull()

      const { data: latest, error: latestError } = await owner.client
        .from('products')
        .select('group_id')
        .eq('user_id', owner.user.id)
        .not('group_id', 'is', null)
        .order('created_at', { ascending: false })
        .limit(1)
      expect(latestError).toBeNull()
      expect(latest).toEqual([{ group_id: second }])

      const { data: grouped, error: groupedError } = await owner.client
        .from('products')
        .select('group_id, created_at')
        .eq('user_id', owner.user.id)
        .not('group_id', 'is', null)
      expect(groupedError).toBeNull()
      const counts = new Map<string, number>()
      for (const row of grouped!) {
        expect(Object.keys(row).sort()).toEqual(['created_at', 'group_id'])
        counts.set(row.group_id as string, (counts.get(row.group_id as string) ?? 0) + 1)
      }
      expect(Object.fromEntries(counts)).toEqual({ [first]: 3, [second]: 2 })

      const { data: batchRows } = await owner.client.from('products').select('*').eq('group_id', first)
      expect(batchRows!.filter((p) => p.product_link !== null)).toHaveLength(1)
      expect(new Set(batchRows!.map((p) => p.currency))).toEqual(new Set(['USD', 'EUR']))

      const { error: deleteError } = await owner.client
        .from('products')
        .delete()
        .eq('group_id', first)
        .eq('user_id', owner.user.id)
      expect(deleteError).toBeNull()
      const { data: remaining } = await owner.client
        .from('products')
        .select('group_id')
        .eq('user_id', owner.user.id)
        .not('group_id', 'is', null)
      expect(remaining!.map((r) => r.group_id)).toEqual([second, second])
      // Manual additions survive a batch delete.
      const { data: manual } = await owner.client.from('products').select('id').eq('user_id', owner.user.id).is('group_id', null)
      expect(manual!.length).toBeGreaterThanOrEqual(3)
    })

    it('counts with head: true and count exact', async () => {
      const other = await stack.signUpOwner()
      const { error: insertError } = await other.client
        .from('products')
        .insert([productInput(other.user.id), productInput(other.user.id), productInput(other.user.id)])
      expect(insertError).toBeNull()
      const { data, count, error } = await other.client
        .from('products')
        .select('*', { count: 'exact', head: true })
        .eq('user_id', other.user.id)
      expect(error).toBeNull()
      expect(data).toBeNull()
      expect(count).toBe(3)
    })
  })

  describe('customers', () => {
    const owner = useOwner(stack)

    it('inserts a customer and returns the row with select().single()', async () => {
      const input = customerInput(owner.user.id, {
        name: 'Zeynep Kaya',
        phone_number: '+905321112233',
        email: 'zeynep.kaya@ornek.com.tr',
        notes: 'Cumartesi sabahlarını tercih ediyor',
      })
      const { data, error } = await insertReturning(owner.client, 'customers', input)
      expect(error).toBeNull()
      expect(data).toMatchObject(input)
      expect(data!.id).toEqual(expect.any(String))
    })

    it('keeps blank e-mail and notes as null', async () => {
      const { data, error } = await insertReturning(
        owner.client,
        'customers',
        customerInput(owner.user.id, { name: 'Ahmet Yıldız', email: null, notes: null }),
      )
      expect(error).toBeNull()
      expect(data).toMatchObject({ email: null, notes: null })
    })

    it('lists customers ordered by name', async () => {
      await owner.client
        .from('customers')
        .insert([
          customerInput(owner.user.id, { name: 'Mehmet Demir' }),
          customerInput(owner.user.id, { name: 'Burak Aydın' }),
        ])
      const { data, error } = await owner.client
        .from('customers')
        .select('*')
        .eq('user_id', owner.user.id)
        .order('name', { ascending: true })
      expect(error).toBeNull()
      expect(data!.map((c) => c.name)).toEqual(['Ahmet Yıldız', 'Burak Aydın', 'Mehmet Demir', 'Zeynep Kaya'])
    })

    it('updates and deletes a customer by id', async () => {
      const { data: created } = await insertReturning(owner.client, 'customers', customerInput(owner.user.id, { name: 'Elif Çelik' }))
      const { error: updateError } = await owner.client
        .from('customers')
        .update({ name: 'Elif Çelik Arslan', phone_number: '+905059998877', email: 'elif@ornek.com.tr', notes: 'VIP' })
        .eq('id', created!.id)
      expect(updateError).toBeNull()
      const { data: updated } = await owner.client.from('customers').select('*').eq('id', created!.id).single()
      expect(updated).toMatchObject({ name: 'Elif Çelik Arslan', phone_number: '+905059998877', email: 'elif@ornek.com.tr', notes: 'VIP' })

      const { error: deleteError } = await owner.client.from('customers').delete().eq('id', created!.id)
      expect(deleteError).toBeNull()
      const { data: gone } = await owner.client.from('customers').select('id').eq('id', created!.id).maybeSingle()
      expect(gone).toBeNull()
    })
  })

  describe('appointments', () => {
    const owner = useOwner(stack)
    let ayse: { id: string; name: string }
    let mehmet: { id: string; name: string }
    const { first, last } = monthRange(2026, 11)

    const monthQuery = () =>
      owner.client
        .from('appointments')
        .select('*, customer:customers(*)')
        .eq('user_id', owner.user.id)
        .gte('appointment_date', first)
        .lte('appointment_date', last)
        .order('appointment_date', { ascending: true })
        .order('appointment_time', { ascending: true })

    beforeAll(async () => {
      const { data, error } = await owner.client
        .from('customers')
        .insert([
          customerInput(owner.user.id, { name: 'Ayşe Yılmaz', phone_number: '+905321234567', email: 'ayse@ornek.com.tr' }),
          customerInput(owner.user.id, { name: 'Mehmet Demir', phone_number: '+905339876543' }),
        ])
        .select()
      if (error) throw new Error(`customer setup failed: ${error.code} ${error.message}`)
      ayse = data!.find((c) => c.name === 'Ayşe Yılmaz') as { id: string; name: string }
      mehmet = data!.find((c) => c.name === 'Mehmet Demir') as { id: string; name: string }
    })

    it('inserts appointments with the default status', async () => {
      // Out of order, and with neighbours just outside the month.
      const inputs = [
        appointmentInput(owner.user.id, ayse.id, { appointment_date: '2026-11-15', appointment_time: '14:00' }),
        appointmentInput(owner.user.id, mehmet.id, { appointment_date: '2026-11-30', appointment_time: '17:00', duration_minutes: 30 }),
        appointmentInput(owner.user.id, mehmet.id, { appointment_date: '2026-11-15', appointment_time: '09:30', duration_minutes: 90 }),
        appointmentInput(owner.user.id, ayse.id, { appointment_date: '2026-11-01', appointment_time: '10:00', description: null }),
        appointmentInput(owner.user.id, ayse.id, { appointment_date: '2026-10-31', appointment_time: '10:00' }),
        appointmentInput(owner.user.id, ayse.id, { appointment_date: '2026-12-01', appointment_time: '09:00' }),
      ]
      for (const input of inputs) {
        const { error } = await owner.client.from('appointments').insert(input)
        expect(error).toBeNull()
      }
      const { data } = await owner.client.from('appointments').select('status').eq('user_id', owner.user.id)
      expect(data!.map((a) => a.status)).toEqual(Array(6).fill('scheduled'))
    })

    it("selects the month with the joined customer, ordered by date then time", async () => {
      const { data, error } = await monthQuery()
      expect(error).toBeNull()
      expect(data!.map((a) => [a.appointment_date, String(a.appointment_time).slice(0, 5)])).toEqual([
        ['2026-11-01', '10:00'],
        ['2026-11-15', '09:30'],
        ['2026-11-15', '14:00'],
        ['2026-11-30', '17:00'],
      ])
      expect(data![0].appointment_time).toMatch(/^10:00(:00)?$/)
      expect(data![1]).toMatchObject({ duration_minutes: 90, status: 'scheduled', customer_id: mehmet.id })
      const customer = data![1].customer as Record<string, unknown>
      expect(Array.isArray(customer)).toBe(false)
      expect(customer).toMatchObject({ id: mehmet.id, name: 'Mehmet Demir', phone_number: '+905339876543', user_id: owner.user.id })
      expect(data![0].customer).toMatchObject({ name: 'Ayşe Yılmaz', email: 'ayse@ornek.com.tr' })
      expect(data![0].description).toBeNull()
    })

    it('updates all fields of an appointment, then the status alone', async () => {
      const { data: before } = await monthQuery()
      const target = before!.find((a) => a.appointment_date === '2026-11-30')!
      const { error } = await owner.client
        .from('appointments')
        .update({
          appointment_date: '2026-11-20',
          appointment_time: '11:15',
          duration_minutes: 120,
          status: 'confirmed',
          description: 'Boya ve kesim',
          notes: 'Müşteri 10 dk geç kalabilir',
        })
        .eq('id', target.id)
      expect(error).toBeNull()
      const { data: updated } = await owner.client.from('appointments').select('*').eq('id', target.id).single()
      expect(updated).toMatchObject({
        appointment_date: '2026-11-20',
        duration_minutes: 120,
        status: 'confirmed',
        description: 'Boya ve kesim',
        notes: 'Müşteri 10 dk geç kalabilir',
      })
      expect(String(updated!.appointment_time).slice(0, 5)).toBe('11:15')

      for (const status of ['completed', 'cancelled', 'no_show', 'scheduled']) {
        const { error: statusError } = await owner.client.from('appointments').update({ status }).eq('id', target.id)
        expect(statusError).toBeNull()
        const { data } = await owner.client.from('appointments').select('status, duration_minutes').eq('id', target.id).single()
        expect(data).toEqual({ status, duration_minutes: 120 })
      }
    })

    it('refuses an invalid status or duration with 23514', async () => {
      const { error: badInsert } = await owner.client
        .from('appointments')
        .insert(appointmentInput(owner.user.id, ayse.id, { duration_minutes: 45 }))
      expect(badInsert?.code).toBe('23514')
      const { data: some } = await owner.client.from('appointments').select('id').eq('user_id', owner.user.id).limit(1).single()
      const { error: badStatus } = await owner.client.from('appointments').update({ status: 'postponed' }).eq('id', some!.id)
      expect(badStatus?.code).toBe('23514')
      const { error: badDuration } = await owner.client.from('appointments').update({ duration_minutes: 15 }).eq('id', some!.id)
      expect(badDuration?.code).toBe('23514')
    })

    it('joins a null customer once the customer is deleted', async () => {
      const { error } = await owner.client.from('customers').delete().eq('id', mehmet.id)
      expect(error).toBeNull()
      const { data } = await monthQuery()
      const orphan = data!.find((a) => a.appointment_date === '2026-11-15' && String(a.appointment_time).startsWith('09:30'))!
      expect(orphan.customer_id).toBeNull()
      expect(orphan.customer).toBeNull()
      expect(data!.find((a) => a.appointment_date === '2026-11-01')!.customer).toMatchObject({ name: 'Ayşe Yılmaz' })
    })

    it('deletes an appointment by id', async () => {
      const { data: before } = await monthQuery()
      const { error } = await owner.client.from('appointments').delete().eq('id', before![0].id)
      expect(error).toBeNull()
      const { data: after } = await monthQuery()
      expect(after).toHaveLength(before!.length - 1)
      expect(after!.map((a) => a.id)).not.toContain(before![0].id)
    })
  })

  describe('chatbot', () => {
    const owner = useOwner(stack)

    it('selects the default config with single()', async () => {
      const { data, error } = await owner.client.from('chatbot_configs').select('*').eq('user_id', owner.user.id).single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        user_id: owner.user.id,
        enabled: false,
        primary_color: '#3B82F6',
        position: 'bottom-right',
        openai_model: 'gpt-3.5-turbo',
        temperature: 0.7,
        max_tokens: 1000,
        allowed_domains: [],
      })
      for (const text of ['bot_name', 'welcome_message', 'bot_description', 'system_prompt'] as const) {
        expect(typeof data![text], text).toBe('string')
        expect((data![text] as string).length, text).toBeGreaterThan(0)
      }
    })

    it('upserts the whole config object on user_id', async () => {
      const config = {
        user_id: owner.user.id,
        enabled: true,
        bot_name: "Kahve'ci Asistan",
        welcome_message: 'Merhaba! Size nasıl yardımcı olabilirim?',
        bot_description: 'Siparişler ve ürünler hakkında sorularınızı yanıtlar',
        primary_color: '#10B981',
        position: 'bottom-left',
        openai_model: 'gpt-4',
        temperature: 0.3,
        max_tokens: 1500,
        system_prompt: 'Sen {business_name} için çalışan yardımsever bir asistansın.',
        website_url: 'https://anadolukahve.com.tr',
        allowed_domains: ['anadolukahve.com.tr', 'www.anadolukahve.com.tr'],
      }
      const { error } = await owner.client.from('chatbot_configs').upsert(config, { onConflict: 'user_id' })
      expect(error).toBeNull()
      const { data, error: readError } = await owner.client.from('chatbot_configs').select('*').eq('user_id', owner.user.id).single()
      expect(readError).toBeNull()
      expect(data).toMatchObject(config)

      // Saving again with the loaded row (id and timestamps included) is also an update, not a second row.
      const { error: again } = await owner.client
        .from('chatbot_configs')
        .upsert({ ...data, temperature: 1, max_tokens: 4000 }, { onConflict: 'user_id' })
      expect(again).toBeNull()
      const { data: rows } = await owner.client.from('chatbot_configs').select('temperature, max_tokens').eq('user_id', owner.user.id)
      expect(rows).toEqual([{ temperature: 1, max_tokens: 4000 }])
    })

    it('refuses out-of-range chatbot settings with 23514', async () => {
      const { error } = await owner.client
        .from('chatbot_configs')
        .upsert({ user_id: owner.user.id, temperature: 1.5 }, { onConflict: 'user_id' })
      expect(error).not.toBeNull()
      const { error: tokens } = await owner.client.from('chatbot_configs').update({ max_tokens: 50 }).eq('user_id', owner.user.id)
      expect(tokens?.code).toBe('23514')
    })

    it('selects api_usage_limits with single(): 50 / 1000 / free', async () => {
      const { data, error } = await owner.client.from('api_usage_limits').select('*').eq('user_id', owner.user.id).single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        user_id: owner.user.id,
        daily_message_limit: 50,
        daily_messages_used: 0,
        monthly_message_limit: 1000,
        monthly_messages_used: 0,
        plan_type: 'free',
      })
    })

    it('get_chatbot_stats gives zeros to a new owner', async () => {
      const { data, error } = await owner.client.rpc('get_chatbot_stats', { p_user_id: owner.user.id })
      expect(error).toBeNull()
      expect(Array.isArray(data)).toBe(true)
      expect(data[0]).toEqual({ total_messages: 0, this_month: 0, last_week: 0, last_day: 0 })
    })

    it('get_chatbot_stats counts answered messages: all, this month, last 7 days and last 24 hours', async () => {
      const now = Date.now()
      const ages = { hour: 3_600_000, threeDays: 3 * 86_400_000, fortyDays: 40 * 86_400_000 }
      const rows = [
        { age: ages.hour, author: 'customer' },
        { age: ages.hour, author: 'assistant' },
        { age: ages.threeDays, author: 'customer' },
        { age: ages.fortyDays, author: 'customer' },
        { age: ages.fortyDays, author: 'assistant' },
      ].map(({ age, author }, i) => ({
        user_id: owner.user.id,
        channel: i % 2 === 0 ? 'widget' : 'whatsapp',
        conversation_id: '',
        author,
        content: author === 'customer' ? 'Türk kahvesi stokta var mı?' : 'Evet, 25 paket stokta.',
        created_at: new Date(now - age).toISOString(),
      }))
      // Each turn in a conversation of its channel, as the server issues them.
      for (const row of rows) {
        const { data, error } = await stack.service().from('conversations').insert({ user_id: row.user_id, channel: row.channel }).select('id').single()
        expect(error).toBeNull()
        row.conversation_id = (data as { id: string }).id
      }
      const { error: insertError } = await stack.service().from('chatbot_messages').insert(rows)
      expect(insertError).toBeNull()

      // Answered messages: the assistant's replies (an hour and forty days ago), not the customers' messages.
      // "This month" depends on today's date and the server's time zone: ask the server.
      let thisMonth = 0
      for (const row of rows.filter((r) => r.author === 'assistant')) {
        const { rows: r } = await stack.db.query<{ in_month: boolean }>(
          "select $1::timestamptz >= date_trunc('month', now()) as in_month",
          [row.created_at],
        )
        if (r[0]?.in_month) thisMonth++
      }
      const { data, error } = await owner.client.rpc('get_chatbot_stats', { p_user_id: owner.user.id })
      expect(error).toBeNull()
      expect(data[0]).toEqual({ total_messages: 2, this_month: thisMonth, last_week: 1, last_day: 1 })
    })

    it("get_chatbot_stats refuses another owner's id with 42501", async () => {
      const other = await stack.signUpOwner()
      const { data, error } = await other.client.rpc('get_chatbot_stats', { p_user_id: owner.user.id })
      expect(data).toBeNull()
      expect(error?.code).toBe('42501')
    })
  })

  describe('phone numbers', () => {
    it('a profile phone must be +90 and 10 digits, and changes only through change_phone_number', async () => {
      const owner = await stack.signUpOwner()
      const { error } = await owner.client
        .from('users')
        .upsert({ id: owner.user.id, email: owner.email, phone_number: uniquePhone(), updated_at: new Date().toISOString() }, { onConflict: 'id' })
      expect(error?.code).toBe('42501')
      const refused = await owner.client.rpc('change_phone_number', { p_phone_number: '05321234567' })
      expect(refused).toMatchObject({ error: null, data: { changed: false, error: 'invalid_phone' } })
      const changed = await owner.client.rpc('change_phone_number', { p_phone_number: uniquePhone() })
      expect(changed).toMatchObject({ error: null, data: { changed: true, error: null } })
      const bad = await stack.service().from('users').update({ phone_number: '05321234567' }).eq('id', owner.user.id)
      expect(bad.error?.code).toBe('23514')
    })
  })
})
