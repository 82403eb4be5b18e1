// The assistant's link policy (supabase/functions/_shared/assistant/links.ts):
// a reply leaves with the owner's links only.
import { describe, expect, it } from 'vitest'
import { keepOwnLinks, linkKey } from './links.ts'

const policy = (allowed: string[], products: string[] = []) => ({
  allowed: new Set(allowed.map((l) => linkKey(l)!)),
  productLinks: async (candidates: string[]) => candidates.filter((c) => products.includes(c)),
})

describe('keepOwnLinks', () => {
  it('keeps the owner\'s links, however the reply writes them', async () => {
    const p = policy(['https://Shop.example.com.tr/', 'https://shop.example.com.tr/urun/1'])
    const reply = 'Sitemiz: shop.example.com.tr, ürün: https://shop.example.com.tr/urun/1#renk ve HTTPS://SHOP.EXAMPLE.COM.TR'
    expect(await keepOwnLinks(reply, p)).toBe(reply)
  })

  it('removes every other link: bare, www., http, and a Markdown link\'s address (its words stay)', async () => {
    const p = policy(['https://shop.com.tr'])
    const out = await keepOwnLinks(
      'İndirim için https://kampanya.net/kod?x=1 adresine, www.baska-site.com sayfasına ya da [şuraya](http://evil.org/a) bakın.\nSitemiz https://shop.com.tr',
      p,
    )
    expect(out).toBe('İndirim için adresine, sayfasına ya da şuraya bakın.\nSitemiz https://shop.com.tr')
  })

  it('asks the catalogue only about links it has not read, and keeps those that are product links', async () => {
    const asked: string[][] = []
    const p = {
      allowed: new Set<string>(),
      productLinks: async (candidates: string[]) => {
        asked.push(candidates)
        return candidates.filter((c) => c === 'https://magaza.com.tr/p/9')
      },
    }
    expect(await keepOwnLinks('Bakın: https://magaza.com.tr/p/9 ve https://sahte.com.tr/p/9', p)).toBe('Bakın: https://magaza.com.tr/p/9 ve')
    expect(asked).toHaveLength(1)
    expect(await keepOwnLinks('Bağlantı yok, sadece 3.5 kg ve e-posta info@magaza.com.tr', p)).toBe('Bağlantı yok, sadece 3.5 kg ve e-posta info@magaza.com.tr')
    expect(asked).toHaveLength(1)
  })

  it('reads no address it cannot open as a web link as the owner\'s', () => {
    expect(linkKey('javascript:alert(1)')).toBeNull()
    expect(linkKey('https://x.com/a/')).toBe('https://x.com/a/')
    expect(linkKey('x.com')).toBe('https://x.com')
  })
})
