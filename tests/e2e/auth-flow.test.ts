// Sign-up, sign-in and phone verification in a real browser against the
// production build and the local stack, in the default language (Turkish).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from '../support/axe.ts'
import { useAppUnderTest } from '../support/app-under-test.ts'

type Owner = { email: string; digits: string; phone: string }

let seq = 0
function newOwner(): Owner {
  seq += 1
  // 53 then eight digits: a mobile number no other test (or the seed) uses, in a range the phone
  // library knows (it writes 53x numbers 3-3-2-2 as the tests read them; "512…" it would write 3-3-4).
  const digits = `53${String(Date.now() % 1e5).padStart(5, '0')}${String(seq).padStart(3, '0')}`
  return { email: `owner-${digits}@example.com`, digits, phone: `+90${digits}` }
}

describe('auth and phone verification in the browser', () => {
  const running = useAppUnderTest()

  async function newPage(): Promise<Page> {
    // Service workers would serve a cached shell across tests; each test gets a clean browser profile.
    const context = await running.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 720 } })
    return context.newPage()
  }

  async function latestCode(phone: string, after?: string): Promise<string> {
    let code: string | undefined
    await expect
      .poll(
        async () => {
          const res = await fetch(`${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(phone)}`)
          const rows = (await res.json()) as Array<{ to: string; body: string; created_at: string }>
          const newest = rows.find((r) => r.to === phone)
          code = newest && newest.created_at !== after ? /(\d{6})/.exec(newest.body)?.[1] : undefined
          return code
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/)
    return code!
  }

  async function outboxCount(phone: string): Promise<number> {
    const res = await fetch(`${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(phone)}`)
    return ((await res.json()) as unknown[]).length
  }

  async function fillSignUp(page: Page, owner: Owner) {
    await page.goto(`${running.app}/auth`)
    const form = page.locator('form')
    await page.getByRole('button', { name: 'Kayıt ol', exact: true }).last().click()
    await page.getByLabel('İşletme adı').fill('Kuaför Ayşe')
    const phone = page.getByRole('textbox', { name: /Telefon numarası/ })
    // Non-digits are dropped and the field stops at ten digits.
    await phone.fill(`(${owner.digits.slice(0, 3)}) ${owner.digits.slice(3)}99`)
    await expect.poll(() => phone.inputValue()).toBe(owner.digits)
    expect(await phone.getAttribute('inputmode')).toBe('numeric')
    expect(await phone.getAttribute('placeholder')).toBe('5XX XXX XX XX')
    await page.getByLabel('E-posta').fill(owner.email)
    expect(await page.getByLabel('E-posta').getAttribute('type')).toBe('email')
    await page.getByRole('textbox', { name: 'Şifre', exact: true }).fill('gizli-sifre-123')
    await form.getByRole('button', { name: 'Kayıt ol' }).click()
  }

  async function signUpToVerify(page: Page, owner: Owner) {
    await fillSignUp(page, owner)
    await page.waitForURL(/\/phone-verify$/)
    await page.getByText('+90 ' + owner.digits.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, '$1 $2 $3 $4')).waitFor()
  }

  const codeField = (page: Page) => page.getByRole('textbox', { name: 'Doğrulama kodu' })
  const verifyButton = (page: Page) => page.getByRole('button', { name: 'Doğrula', exact: true })

  it('signs up, verifies the texted code and lands on the dashboard', async () => {
    const page = await newPage()
    const owner = newOwner()
    await signUpToVerify(page, owner)
    const code = await latestCode(owner.phone)

    const field = codeField(page)
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await field.getAttribute('inputmode')).toBe('numeric')
    await field.fill('12a34')
    expect(await field.inputValue()).toBe('1234')
    expect(await verifyButton(page).isDisabled()).toBe(true)
    await field.fill(code)
    expect(await verifyButton(page).isEnabled()).toBe(true)
    await verifyButton(page).click()
    await page.getByText('Telefon numaranız doğrulandı').waitFor()
    await page.waitForURL(/\/dashboard\/?$/)
    // Sent once: the marker keeps a reload from texting again.
    expect(await outboxCount(owner.phone)).toBe(1)
  })

  it('refuses a phone number that is already registered, in Turkish', async () => {
    const first = newOwner()
    const page = await newPage()
    await signUpToVerify(page, first)

    const other = await newPage()
    await fillSignUp(other, { ...first, email: `second-${first.email}` })
    await other
      .getByRole('alert')
      .getByText('Bu telefon numarası zaten kayıtlı. Lütfen farklı bir telefon numarası kullanın.', { exact: true })
      .waitFor()
    expect(other.url()).toMatch(/\/auth$/)
  })

  it('says when the code is wrong and when it has expired', async () => {
    const page = await newPage()
    const owner = newOwner()
    await signUpToVerify(page, owner)
    const code = await latestCode(owner.phone)

    const wrong = code === '000000' ? '111111' : '000000'
    await codeField(page).fill(wrong)
    await verifyButton(page).click()
    await page.getByRole('alert').getByText('Doğrulama kodu hatalı. Kalan deneme hakkı: 4').waitFor()

    const expired = await fetch(`${running.keys.api}/rest/v1/phone_verifications?phone_number=eq.${encodeURIComponent(owner.phone)}`, {
      method: 'PATCH',
      headers: {
        apikey: running.keys.serviceRoleKey,
        authorization: `Bearer ${running.keys.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ expires_at: new Date(Date.now() - 60_000).toISOString() }),
    })
    expect(expired.ok).toBe(true)
    await codeField(page).fill(code)
    await verifyButton(page).click()
    await page.getByRole('alert').getByText('Doğrulama kodunun süresi doldu. Lütfen yeni bir kod isteyin.').waitFor()
    expect(page.url()).toMatch(/\/phone-verify$/)
  })

  it('shows the resend countdown with the button disabled, then signs out', async () => {
    const page = await newPage()
    const owner = newOwner()
    await signUpToVerify(page, owner)
    await latestCode(owner.phone)

    const resend = page.getByRole('button', { name: 'Kodu tekrar gönder' })
    const countdown = page.getByText(/^\d+ sn sonra tekrar gönderebilirsiniz$/)
    await countdown.waitFor()
    expect(await countdown.getAttribute('aria-live')).toBe('polite')
    const seconds = Number(/^(\d+)/.exec((await countdown.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(50)
    expect(seconds).toBeLessThanOrEqual(60)
    expect(await resend.isDisabled()).toBe(true)
    const marker = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('phone-verify-sent:')))
    expect(marker).toBeTruthy()

    // A reload does not text again while the marker is set: the page settles
    // with the resend button ready and no send asked for.
    const sends: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/functions/v1/send-verification')) sends.push(r.url())
    })
    await page.reload()
    await codeField(page).waitFor()
    await expect.poll(() => resend.isEnabled()).toBe(true)
    expect(sends).toEqual([])
    expect(await outboxCount(owner.phone)).toBe(1)

    await page.getByRole('button', { name: 'Çıkış yap' }).last().click()
    await page.waitForURL(/\/auth$/)
    await page.goto(`${running.app}/phone-verify`)
    await page.waitForURL(/\/auth$/)
  })

  it('resends after the countdown, restarting it and clearing the marker, and the new code verifies', async () => {
    const page = await newPage()
    // A controllable clock, so the 60 s countdown can be skipped.
    await page.clock.install()
    const owner = newOwner()
    await signUpToVerify(page, owner)
    const firstCode = await latestCode(owner.phone)
    const [first] = (await (await fetch(`${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(owner.phone)}`)).json()) as Array<{ created_at: string }>

    // The server counts a minute on its own clock: age the first code, and the limiter's count of it, instead of waiting.
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
    const age = (path: string, patch: Record<string, string>) =>
      fetch(`${running.keys.api}/rest/v1/${path}`, {
        method: 'PATCH',
        headers: {
          apikey: running.keys.serviceRoleKey,
          authorization: `Bearer ${running.keys.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(patch),
      })
    expect((await age(`phone_verifications?phone_number=eq.${encodeURIComponent(owner.phone)}`, { created_at: ago(120_000) })).ok).toBe(true)
    const minute = `rate_limit_hits?rate_key=eq.${encodeURIComponent(`verification:number:${owner.phone}`)}&window_seconds=eq.60`
    expect((await age(minute, { at: ago(120_000), expires_at: ago(60_000) })).ok).toBe(true)

    const resend = page.getByRole('button', { name: 'Kodu tekrar gönder' })
    expect(await resend.isDisabled()).toBe(true)
    await page.clock.fastForward(61_000)
    await expect.poll(() => resend.isEnabled()).toBe(true)
    await resend.click()
    await page.getByText('Yeni bir doğrulama kodu gönderildi.').waitFor()
    await page.getByText(/^(60|59) sn sonra tekrar gönderebilirsiniz$/).waitFor()
    expect(await resend.isDisabled()).toBe(true)
    const marker = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('phone-verify-sent:')))
    expect(marker).toBeUndefined()

    const secondCode = await latestCode(owner.phone, first!.created_at)
    if (secondCode !== firstCode) {
      // Only the latest code counts.
      await codeField(page).fill(firstCode)
      await verifyButton(page).click()
      await page.getByRole('alert').getByText(/^Doğrulama kodu hatalı/).waitFor()
    }
    await codeField(page).fill(secondCode)
    await verifyButton(page).click()
    await page.getByText('Telefon numaranız doğrulandı').waitFor()
    await page.clock.fastForward(1_500)
    await page.waitForURL(/\/dashboard\/?$/)
  })

  it('changes a mistyped number on the verification screen, texts the new one and verifies it', async () => {
    const taken = newOwner()
    await signUpToVerify(await newPage(), taken)
    const page = await newPage()
    const typo = newOwner()
    await signUpToVerify(page, typo)
    await latestCode(typo.phone)

    await page.getByRole('button', { name: 'Numara yanlış mı? Değiştirin' }).click()
    const field = page.getByRole('textbox', { name: /Yeni telefon numarası/ })
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('tel')
    expect(await axeViolations(page)).toEqual([])
    const submit = page.getByRole('button', { name: 'Değiştir ve kod gönder' })

    // Another account's number is refused with the sign-up screen's words.
    await field.fill(taken.digits)
    await submit.click()
    await page.getByText('Bu telefon numarası zaten kayıtlı. Lütfen farklı bir telefon numarası kullanın.').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')

    const right = newOwner()
    await field.fill(right.digits)
    await submit.click()
    await page.getByText('Yeni numaranıza bir doğrulama kodu gönderdik.').waitFor()
    await page.getByText('+90 ' + right.digits.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, '$1 $2 $3 $4')).waitFor()
    await codeField(page).fill(await latestCode(right.phone))
    await verifyButton(page).click()
    await page.getByText('Telefon numaranız doğrulandı').waitFor()
    await page.waitForURL(/\/dashboard\/?$/)
    // The code sent to the old number is not for this account any more, and was the only one it got.
    expect(await outboxCount(typo.phone)).toBe(1)
    expect(await outboxCount(right.phone)).toBe(1)
  })

  it('keeps the outbox away from pages: a script of another origin cannot read the codes', async () => {
    const owner = newOwner()
    const page = await newPage()
    await signUpToVerify(page, owner)
    await latestCode(owner.phone)
    // The app itself is another origin (another port) than the stack: as good a stranger as any site.
    const read = await page.evaluate(async (url) => {
      try {
        const res = await fetch(url)
        return `read ${res.status}: ${await res.text()}`
      } catch {
        return 'blocked'
      }
    }, `${running.keys.api}/__local/outbox.json?to=${encodeURIComponent(owner.phone)}`)
    expect(read).toBe('blocked')
    // The Supabase APIs stay open to the app, as on hosted Supabase.
    const health = await page.evaluate(async (url) => (await fetch(url)).status, `${running.keys.api}/functions/v1/health`)
    expect(health).toBe(200)
  })

  it('signs in with the demo account and reports a wrong password', async () => {
    const page = await newPage()
    await page.goto(`${running.app}/auth`)
    const form = page.locator('form')
    await page.getByLabel('E-posta').fill('demo@example.com')
    await page.getByRole('textbox', { name: 'Şifre', exact: true }).fill('wrong-password')
    await form.getByRole('button', { name: 'Giriş yap' }).click()
    await page.getByRole('alert').getByText('E-posta adresi veya şifre hatalı.').waitFor()

    await page.getByRole('textbox', { name: 'Şifre', exact: true }).fill('demo1234')
    await form.getByRole('button', { name: 'Giriş yap' }).click()
    await page.waitForURL(/\/dashboard\/?$/)

    // The cached profile holds only what the app shows: no WhatsApp credential, not even by name.
    const cached = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('profile-cache:v2:')))
    await expect.poll(cached, { timeout: 10_000 }).toHaveLength(1)
    const stored = await page.evaluate(() => Object.entries(localStorage).map(([k, v]) => `${k}=${v}`))
    expect(stored.filter((entry) => /whatsapp/i.test(entry))).toEqual([])
  })
})
