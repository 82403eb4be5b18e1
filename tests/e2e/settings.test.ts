// The settings screen in real Chromium against the production build and the
// local stack: the profile photo (shown in the sidebar at once; a non-image or
// a file over 2 MB refused with the spec's words), the business name, the
// WhatsApp credentials saved and shown only masked (never in any response
// the browser receives), a failed save and offline keeping what was typed,
// the automation token minted after the password, shown once and opening the
// endpoints it lists, sharing the access token with the automation after the
// password, and axe (the password prompt too) in both languages on a desktop
// and a phone.
import { deflateSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { AVATAR_MAX_BYTES } from '../../domain/settings.ts'
import { axeViolations } from '../support/axe.ts'
import { useAppUnderTest, type OpenOptions } from '../support/app-under-test.ts'
import { createVerifiedOwner, serverRows, type Owner } from '../support/owners.ts'

const PHONE = { width: 375, height: 740 }

/** A valid 1×1 PNG, padded (in a private chunk) to `size` bytes when asked. */
function png(size = 0): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0
    for (const b of buf) {
      c ^= b
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
    }
    return ~c >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const ihdr = chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]))
  const idat = chunk('IDAT', deflateSync(Buffer.from([0, 12, 122, 107])))
  const end = chunk('IEND', Buffer.alloc(0))
  const base = Buffer.concat([header, ihdr, idat, end])
  if (size <= base.length) return base
  const pad = chunk('teSt', Buffer.alloc(size - base.length - 12, 7))
  return Buffer.concat([header, ihdr, pad, idat, end])
}

describe('settings screen', () => {
  const running = useAppUnderTest()

  async function open(owner: Owner, options: OpenOptions = {}) {
    const opened = await running.openAs(owner, '/dashboard/settings', options)
    await opened.page.getByTestId('settings-form').waitFor()
    return opened
  }

  async function rpc<T>(owner: Owner, name: string): Promise<T> {
    const res = await fetch(`${running.keys.api}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    })
    if (!res.ok) throw new Error(`${name} failed with ${res.status}`)
    return (await res.json()) as T
  }

  const chooseFile = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) => page.locator('input[type="file"]').setInputFiles(file)

  it('uploads the profile photo and shows it in the sidebar at once; refuses a non-image and a file over 2 MB', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner)

    await chooseFile(page, { name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('merhaba') })
    await expect.poll(() => page.getByTestId('settings-avatar-error').textContent()).toBe('Lütfen geçerli bir resim dosyası seçin')
    await chooseFile(page, { name: 'buyuk.png', mimeType: 'image/png', buffer: png(AVATAR_MAX_BYTES + 1) })
    await expect.poll(() => page.getByTestId('settings-avatar-error').textContent()).toBe("Resim dosyası 2MB'dan küçük olmalıdır")
    expect((await serverRows<{ avatar_url: string | null }>(running.keys, owner, 'users', 'select=avatar_url'))[0]!.avatar_url).toBeNull()

    // Exactly 2 MB passes, here and in the bucket.
    await chooseFile(page, { name: 'logo.png', mimeType: 'image/png', buffer: png(AVATAR_MAX_BYTES) })
    await page.getByTestId('settings-avatar-done').filter({ hasText: 'Profil fotoğrafınız güncellendi.' }).waitFor()
    await expect.poll(() => page.getByTestId('settings-avatar-error').count()).toBe(0)
    const url = (await serverRows<{ avatar_url: string }>(running.keys, owner, 'users', 'select=avatar_url'))[0]!.avatar_url
    expect(url).toMatch(new RegExp(`/storage/v1/object/public/avatars/${owner.id}/\\d+\\.png$`))
    const sidebarImage = page.getByTestId('profile-card').locator('img')
    await expect.poll(() => sidebarImage.getAttribute('src')).toBe(url)
    await expect.poll(() => sidebarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)

    // A second photo replaces the first, whose file is removed.
    await chooseFile(page, { name: 'yeni.png', mimeType: 'image/png', buffer: png() })
    await expect.poll(async () => (await serverRows<{ avatar_url: string }>(running.keys, owner, 'users', 'select=avatar_url'))[0]!.avatar_url).not.toBe(url)
    await expect.poll(async () => (await fetch(url)).status).not.toBe(200)
  })

  it('saves the business name and the credentials, then shows them only masked; no response to the browser carries a secret', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const token = `EAAG${randomBytes(40).toString('hex')}`
    const secret = randomBytes(16).toString('hex')
    const bodies: string[] = []
    const { page } = await open(owner, {
      setup: async (p) => {
        p.on('response', (res) => void res.text().then((t) => bodies.push(t)).catch(() => undefined))
      },
    })

    await page.getByLabel('İşletme adı').fill('Yeni Butik')
    await page.getByLabel('Erişim anahtarı', { exact: true }).fill(token)
    await page.getByLabel('Telefon numarası kimliği').fill('109876543210987')
    await page.getByLabel('Uygulama gizli anahtarı', { exact: true }).fill(secret)
    await page.getByTestId('settings-save').click()
    await page.getByTestId('settings-saved').filter({ hasText: 'Ayarlar güncellendi' }).waitFor()
    // The sidebar reads the profile again.
    await page.getByTestId('profile-card').filter({ hasText: 'Yeni Butik' }).waitFor()

    expect(await page.getByLabel('Erişim anahtarı', { exact: true }).inputValue()).toBe('')
    expect(await page.getByTestId('settings-access-token').textContent()).toContain(`Kayıtlı · sonu ${token.slice(-4)}`)
    expect(await page.getByTestId('settings-app-secret').textContent()).toContain(`Kayıtlı · sonu ${secret.slice(-4)}`)
    const status = await rpc<{ access_token_set: boolean; phone_number_id: string }>(owner, 'get_whatsapp_credentials_status')
    expect(status).toMatchObject({ access_token_set: true, phone_number_id: '109876543210987' })

    // "Saved" shows for 3 s.
    await expect.poll(() => page.getByTestId('settings-saved').textContent(), { timeout: 6_000 }).toBe('')

    await page.reload()
    await page.getByTestId('settings-form').waitFor()
    expect(await page.getByLabel('Telefon numarası kimliği').inputValue()).toBe('109876543210987')
    expect(await page.getByTestId('settings-access-token').getAttribute('data-state')).toBe('set')
    await page.waitForLoadState('networkidle')
    const all = bodies.join('\n') + (await page.content())
    expect(all).not.toContain(token)
    expect(all).not.toContain(secret)
    expect(all).not.toContain(token.slice(4, 24))
  })

  it('a value the server would refuse is named at its field and nothing is saved; a failed save keeps what was typed', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner)
    await page.getByLabel('Telefon numarası kimliği').fill('12ab')
    await page.getByTestId('settings-save').click()
    await page.getByText('Telefon numarası kimliği 5 ile 32 rakamdan oluşur').waitFor()
    expect((await rpc<{ phone_number_id: string | null }>(owner, 'get_whatsapp_credentials_status')).phone_number_id).toBeNull()

    await page.route('**/rest/v1/rpc/set_whatsapp_credentials', (route) => route.abort('failed'))
    await page.getByLabel('Telefon numarası kimliği').fill('109876543210987')
    await page.getByTestId('settings-save').click()
    await page.getByTestId('settings-save-error').filter({ hasText: 'Ayarlar güncellenemedi' }).waitFor()
    expect(await page.getByLabel('Telefon numarası kimliği').inputValue()).toBe('109876543210987')
  })

  it('offline, says so, keeps what was typed and saves nothing until back online', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page, context } = await open(owner)
    await page.getByLabel('İşletme adı').fill('Çevrimdışı Butik')
    await context.setOffline(true)
    await page.getByTestId('settings-offline').waitFor()
    expect(await page.getByTestId('settings-save').isDisabled()).toBe(true)
    expect(await page.getByTestId('settings-generate-token').isDisabled()).toBe(true)
    expect(await page.getByLabel('İşletme adı').inputValue()).toBe('Çevrimdışı Butik')
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('settings-save').isDisabled()).toBe(false)
    await page.getByTestId('settings-save').click()
    await page.getByTestId('settings-saved').filter({ hasText: 'Ayarlar güncellendi' }).waitFor()
    expect((await serverRows<{ business_name: string }>(running.keys, owner, 'users', 'select=business_name'))[0]!.business_name).toBe('Çevrimdışı Butik')
  })

  it('mints the automation token with the password and shows it once; it opens the endpoints listed, says when it was made and used, a new one replaces it, and it can be revoked', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page } = await open(owner, { language: 'en' })
    const channel = await rpc<{ verify_token: string }>(owner, 'get_whatsapp_channel')
    expect(await page.getByTestId('settings-verify-token').locator('input').inputValue()).toBe(channel.verify_token)
    const webhook = await page.getByTestId('settings-webhook-url').locator('input').inputValue()
    expect(webhook).toBe(`${running.keys.api}/functions/v1/whatsapp-webhook/${owner.id}`)
    const userApi = await page.getByTestId('settings-endpoint-user').locator('input').inputValue()
    expect(userApi).toBe(`${running.keys.api}/functions/v1/user-api/${owner.id}`)

    // The password first; Enter confirms.
    await page.getByTestId('settings-generate-token').click()
    const dialog = page.getByTestId('generate-token-dialog')
    await dialog.getByLabel('Your password').fill(owner.password)
    await dialog.getByLabel('Your password').press('Enter')
    const shown = page.getByTestId('settings-new-token').locator('input')
    await shown.waitFor()
    await dialog.waitFor({ state: 'detached' })
    const first = await shown.inputValue()
    expect(first).toMatch(/^sat_[0-9a-f]{64}$/)
    await page.getByTestId('settings-token-last-used').filter({ hasText: 'Never used yet' }).waitFor()
    expect(await page.getByTestId('settings-token-dates').textContent()).toMatch(/Created .*20\d\d/)
    expect((await fetch(userApi, { headers: { Authorization: `Bearer ${first}` } })).status).toBe(200)
    expect((await fetch(userApi)).status).toBe(401)

    await page.reload()
    await page.getByTestId('settings-form').waitFor()
    expect(await page.getByTestId('settings-new-token').count()).toBe(0)
    expect(await page.getByTestId('settings-automation-token').getAttribute('data-state')).toBe('set')
    expect(await page.getByTestId('settings-token-last-used').textContent()).toMatch(/^Last used .*20\d\d/)
    expect(await page.content()).not.toContain(first)

    // Rotating asks again, and says what happens to the current token.
    await page.getByTestId('settings-generate-token').click()
    await dialog.getByText('The current token stops working at once').waitFor()
    await dialog.getByLabel('Your password').fill(owner.password)
    await dialog.getByRole('button', { name: 'Generate new token' }).click()
    await shown.waitFor()
    const second = await shown.inputValue()
    expect(second).not.toBe(first)
    expect((await fetch(userApi, { headers: { Authorization: `Bearer ${first}` } })).status).toBe(401)
    expect((await fetch(userApi, { headers: { Authorization: `Bearer ${second}` } })).status).toBe(200)

    // Revoking only asks to confirm.
    await page.getByTestId('settings-revoke-token').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => page.getByTestId('settings-automation-token').getAttribute('data-state')).toBe('unset')
    expect(await page.getByTestId('settings-new-token').count()).toBe(0)
    expect((await fetch(userApi, { headers: { Authorization: `Bearer ${second}` } })).status).toBe(401)
  })

  it('sharing the access token asks for the password: a wrong one says so and keeps it off, the right one turns it on for the automation; off needs none', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const accessToken = `EAAG${randomBytes(40).toString('hex')}`
    const appSecret = randomBytes(16).toString('hex')
    const saved = await fetch(`${running.keys.api}/rest/v1/rpc/set_whatsapp_credentials`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_access_token: accessToken, p_phone_number_id: '109876543210987', p_app_secret: appSecret }),
    })
    expect(saved.status).toBe(200)
    const made = await fetch(`${running.keys.api}/functions/v1/automation-token`, {
      method: 'POST',
      headers: { apikey: running.keys.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create', password: owner.password }),
    })
    const automationToken = ((await made.json()) as { token: string }).token
    const automationGet = async () => {
      const res = await fetch(`${running.keys.api}/functions/v1/automation-webhook/${owner.id}`, { headers: { Authorization: `Bearer ${automationToken}` } })
      expect(res.status).toBe(200)
      const text = await res.text()
      expect(text).not.toContain(appSecret)
      return (JSON.parse(text) as { whatsapp: { access_token: string | null } }).whatsapp.access_token
    }
    expect(await automationGet()).toBeNull()

    const { page } = await open(owner)
    const toggle = page.getByRole('switch', { name: 'Erişim anahtarını otomasyonumla paylaş' })
    expect(await toggle.isChecked()).toBe(false)
    await toggle.click({ force: true })
    const dialog = page.getByTestId('share-token-dialog')
    await dialog.getByLabel('Şifreniz').waitFor()
    expect(await axeViolations(page, '[data-testid="share-token-dialog"]'), 'the dialog in Turkish').toEqual([])

    // Nothing typed: said at the field, nothing sent.
    await dialog.getByRole('button', { name: 'Erişim anahtarını paylaş' }).click()
    await dialog.getByText('Lütfen şifrenizi girin').waitFor()

    await dialog.getByLabel('Şifreniz').fill('yanlis-sifre')
    await dialog.getByLabel('Şifreniz').press('Enter')
    await dialog.getByText('Bu, hesabınızın şifresi değil.').waitFor()
    expect(await toggle.isChecked()).toBe(false)
    expect(await automationGet()).toBeNull()
    expect(await axeViolations(page, '[data-testid="share-token-dialog"]'), 'the dialog with its error').toEqual([])

    // Cancelling keeps it off and forgets what was typed.
    await dialog.getByRole('button', { name: 'İptal' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await toggle.isChecked()).toBe(false)
    await toggle.click({ force: true })
    expect(await dialog.getByLabel('Şifreniz').inputValue()).toBe('')

    await dialog.getByLabel('Şifreniz').fill(owner.password)
    await dialog.getByLabel('Şifreniz').press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => toggle.isChecked()).toBe(true)
    expect(await automationGet()).toBe(accessToken)

    // Off: no password asked.
    await toggle.click({ force: true })
    await expect.poll(() => toggle.isChecked()).toBe(false)
    expect(await page.getByTestId('share-token-dialog').count()).toBe(0)
    expect(await automationGet()).toBeNull()
  })

  it('after five wrong passwords the prompt says how long to wait; offline it cannot be sent; axe-clean in English', async () => {
    const owner = await createVerifiedOwner(running.keys)
    const { page, context } = await open(owner, { language: 'en' })
    await page.getByTestId('settings-generate-token').click()
    const dialog = page.getByTestId('generate-token-dialog')
    const field = dialog.getByLabel('Your password')
    await field.waitFor()
    expect(await axeViolations(page, '[data-testid="generate-token-dialog"]'), 'the dialog in English').toEqual([])
    const tryPassword = async (password: string) => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/functions/v1/automation-token'))
      await field.fill(password)
      await field.press('Enter')
      return (await answered).status()
    }
    for (let i = 0; i < 5; i++) {
      expect(await tryPassword(`wrong-${i}`)).toBe(403)
      await dialog.getByText("This is not your account's password.").waitFor()
    }
    expect(await tryPassword(owner.password)).toBe(429)
    await dialog.getByTestId('password-confirmation-error').filter({ hasText: /Too many wrong passwords\. Please try again in 1[45] min\./ }).waitFor()
    expect(await page.getByTestId('settings-automation-token').getAttribute('data-state')).toBe('unset')

    await context.setOffline(true)
    await dialog.getByText('Confirming needs an internet connection.').waitFor()
    expect(await dialog.getByTestId('password-confirmation-submit').isDisabled()).toBe(true)
    await context.setOffline(false)
  })

  it('passes axe in both languages on a desktop and a phone', async () => {
    const owner = await createVerifiedOwner(running.keys)
    for (const language of ['tr', 'en'] as const) {
      for (const viewport of [undefined, PHONE]) {
        const { page, context } = await open(owner, { language, viewport })
        expect(await axeViolations(page), `${language} ${viewport ? 'phone' : 'desktop'}`).toEqual([])
        await context.close()
      }
    }
  })
})
