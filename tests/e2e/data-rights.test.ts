// "Your data" on the settings screen, in real Chromium against the production
// build and the local stack: the archive downloads under its dated name and
// holds the owner's data as JSON and a workbook; deleting the account takes
// the typed e-mail in a dialog, after which the account cannot sign in and a
// second signed-in device of the owner, with products in its local store,
// ends up signed out with an empty local store once it syncs. An owner whose
// phone is not verified (kept out of the dashboard) reaches the same card
// from the phone verification screen, on a phone and by keyboard, and can
// download and delete too. Axe checks the screens, the section and the dialog.
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import * as XLSX from 'xlsx'
import { axeViolations } from '../support/axe.ts'
import { AUTH_STORAGE_KEY, useAppUnderTest } from '../support/app-under-test.ts'
import { createUnverifiedOwner, createVerifiedOwner, insertRows, type Owner } from '../support/owners.ts'

type Row = Record<string, unknown>

function product(owner: Owner, name: string): Row {
  return { id: randomUUID(), user_id: owner.id, name, description: 'Elde dokuma', price: 450.75, currency: 'TRY', stock: 7 }
}

/** The names of this owner's IndexedDB databases (the local store's, one per collection and more). */
function ownerDatabases(page: Page, ownerId: string): Promise<string[]> {
  return page.evaluate(async (id) => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(id)), ownerId)
}

describe('your data', () => {
  const running = useAppUnderTest()

  async function openSettings(owner: Owner, language: 'tr' | 'en' = 'tr') {
    const opened = await running.openAs(owner, '/dashboard/settings', { language, context: { acceptDownloads: true } })
    await opened.page.getByTestId('data-rights').waitFor()
    return opened
  }

  /** The deleted account's e-mail and password sign in no more. */
  async function expectSignInRefused(owner: Owner) {
    const signIn = await fetch(`${running.keys.api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    })
    expect(signIn.status).toBe(400)
    expect(await signIn.json()).toMatchObject({ code: 'invalid_credentials' })
  }

  it('downloads one archive with the JSON and the workbook it promises, and passes axe', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [product(owner, 'Kilim Yastık Kılıfı')])
    const { page } = await openSettings(owner)
    expect(await axeViolations(page, '[data-testid="data-rights"]')).toEqual([])

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-rights-download').click()])
    expect(download.suggestedFilename()).toMatch(/^mesaj-asistani-verilerim-\d{4}-\d{2}-\d{2}\.zip$/)
    const bytes = await readFile((await download.path())!)
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' })
    const file = (name: string) => Buffer.from((XLSX.CFB.find(zip, name) as { content: Uint8Array }).content)

    const profile = JSON.parse(file('profile.json').toString('utf8')) as { profile: Row }
    expect(profile.profile).toMatchObject({ id: owner.id, email: owner.email, phone_verified: true })
    expect(JSON.parse(file('products.json').toString('utf8'))).toEqual([expect.objectContaining({ name: 'Kilim Yastık Kılıfı', price: 450.75 })])
    const book = XLSX.read(file('business-data.xlsx'), { type: 'buffer' })
    expect(XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]!]!)).toEqual([
      expect.objectContaining({ name: 'Kilim Yastık Kılıfı', price: 450.75, currency: 'TRY', stock: 7 }),
    ])
    expect(bytes.toString('latin1')).not.toContain(owner.password)
  })

  it('an owner whose phone is not verified finds them from phone verification, on a phone and by keyboard, downloads and deletes', async () => {
    const owner = await createUnverifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [product(owner, 'Ebru Tablo')])
    const { page } = await running.openAs(owner, '/dashboard', {
      language: 'en',
      viewport: { width: 390, height: 844 },
      context: { acceptDownloads: true, isMobile: true, hasTouch: true },
    })
    await page.waitForURL(/\/phone-verify$/)
    const link = page.getByRole('link', { name: 'Download or delete my data' })
    await link.waitFor()
    expect(await axeViolations(page)).toEqual([])

    await link.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/data-rights$/)
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
    const card = page.getByRole('region', { name: 'Your data' })
    await card.waitFor()
    expect(await card.textContent()).toContain('Download my data')
    expect(await page.getByText(owner.email).count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-rights-download').click()])
    expect(download.suggestedFilename()).toMatch(/^mesaj-asistani-verilerim-\d{4}-\d{2}-\d{2}\.zip$/)
    const zip = XLSX.CFB.read(await readFile((await download.path())!), { type: 'buffer' })
    const file = (name: string) => JSON.parse(Buffer.from((XLSX.CFB.find(zip, name) as { content: Uint8Array }).content).toString('utf8')) as unknown
    expect(file('profile.json')).toMatchObject({ profile: { id: owner.id, email: owner.email, phone_verified: false } })
    expect(file('products.json')).toEqual([expect.objectContaining({ name: 'Ebru Tablo' })])
    expect(await page.getByTestId('data-rights-download-error').count()).toBe(0)

    // The dialog by keyboard: opened from its button, the e-mail typed into the focused field, Enter submits.
    await page.getByTestId('data-rights-delete').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('delete-account-dialog')
    await dialog.waitFor()
    expect(await dialog.getAttribute('data-layout')).toBe('sheet')
    expect(await axeViolations(page, '[data-testid="delete-account-dialog"]')).toEqual([])
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'delete-account-confirmation')
    await page.keyboard.type(owner.email)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${running.app}/`)
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull()

    await expectSignInRefused(owner)
  })

  it('deletes the account after the typed e-mail; it cannot sign in and its other device is cleared and signed out', async () => {
    const owner = await createVerifiedOwner(running.keys)
    await insertRows(running.keys, owner, 'products', [product(owner, 'Bakır Cezve'), product(owner, 'Çini Kase')])

    // The second device: signed in, its local store holding the products.
    const other = await running.openAs(owner, '/dashboard/products')
    await other.page.getByText('Çini Kase').first().waitFor()
    expect((await ownerDatabases(other.page, owner.id)).length).toBeGreaterThan(0)

    const { page } = await openSettings(owner, 'en')
    await page.getByTestId('data-rights-delete').click()
    const dialog = page.getByTestId('delete-account-dialog')
    await dialog.waitFor()
    expect(await axeViolations(page, '[data-testid="delete-account-dialog"]')).toEqual([])
    const confirm = page.getByTestId('delete-account-confirm')
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByTestId('delete-account-confirmation').fill('someone-else@example.com')
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByTestId('delete-account-confirmation').fill(owner.email.toUpperCase())
    await confirm.click()
    await page.waitForURL(`${running.app}/`)
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull()
    await page.waitForFunction(async (id) => !(await indexedDB.databases()).some((d) => d.name?.includes(id)), owner.id)

    await expectSignInRefused(owner)

    // Its next sync (here: the connection comes back): signed out, taken to sign-in, its store gone.
    await other.context.setOffline(true)
    await other.context.setOffline(false)
    await other.page.waitForURL(/\/auth$/, { timeout: 20_000 })
    // The app reloads the page and removes the store as it starts (src/db/forgotten.ts): done once
    // no database of the owner is left and no removal is still pending.
    await expect
      .poll(async () => {
        try {
          await other.page.waitForLoadState('load')
          return {
            session: await other.page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY),
            pending: await other.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('forgotten-store:'))),
            databases: await ownerDatabases(other.page, owner.id),
          }
        } catch (error) {
          // The reload replaced the page between two reads: read again.
          if (/Execution context was destroyed|navigat/i.test(String(error))) return 'reloading'
          throw error
        }
      }, { timeout: 20_000 })
      .toEqual({ session: null, pending: [], databases: [] })
  })
})
