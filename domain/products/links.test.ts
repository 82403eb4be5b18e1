import { describe, expect, it } from 'vitest'
import { LINK_MAX_CARD, LINK_MAX_TABLE, productLinkHref, truncateLink } from './links.ts'

describe('truncateLink', () => {
  const url = 'https://magaza.example.com.tr/urunler/seramik-vazo-buyuk'

  it('leaves a link within the limit alone', () => {
    expect(truncateLink('https://a.co', LINK_MAX_TABLE)).toBe('https://a.co')
    const exact = url.slice(0, 30)
    expect(truncateLink(exact, 30)).toBe(exact)
  })

  it('cuts to the limit with the ellipsis counted as one of the characters', () => {
    const table = truncateLink(url, LINK_MAX_TABLE)
    expect(table).toBe(`${url.slice(0, 29)}…`)
    expect(table).toHaveLength(30)
    expect(truncateLink(url, LINK_MAX_CARD)).toBe(`${url.slice(0, 39)}…`)
    expect(truncateLink(url.slice(0, 31), 30)).toHaveLength(30)
  })

  it('never splits a character made of two code units', () => {
    const link = `https://ornek.com/${'🌷'.repeat(20)}`
    const cut = truncateLink(link, 30)
    expect(Array.from(cut)).toHaveLength(30)
    expect(cut.endsWith('🌷…')).toBe(true)
  })
})

describe('productLinkHref', () => {
  it('keeps an absolute http(s) address', () => {
    expect(productLinkHref('https://ornek.com.tr/urunler/vazo?renk=mavi#boy')).toBe('https://ornek.com.tr/urunler/vazo?renk=mavi#boy')
    expect(productLinkHref(' HTTP://Ornek.com ')).toBe('http://ornek.com/')
  })

  it('puts https:// in front of a bare host, with or without a path or port', () => {
    expect(productLinkHref('www.x.com')).toBe('https://www.x.com/')
    expect(productLinkHref('example.com/a')).toBe('https://example.com/a')
    expect(productLinkHref('magaza.ornek.com.tr:8080/urun?id=5')).toBe('https://magaza.ornek.com.tr:8080/urun?id=5')
    expect(productLinkHref('çiçek.com.tr/gül')).toBe('https://xn--iek-1lab.com.tr/g%C3%BCl')
  })

  it('gives no address for other schemes, relative paths, plain text or nothing', () => {
    for (const link of [
      'javascript:alert(1)', 'JavaScript://ornek.com/%0Aalert(1)', 'data:text/html,<b>x</b>', 'mailto:satis@ornek.com', 'ftp://ornek.com/a',
      'tel:+905321112233', '/urunler/vazo', '//ornek.com/a', 'urunler/vazo', 'vazo', 'localhost:3000', '192.168.1.1/a', 'ornek.c', 'ornek.com is the shop',
      'https://', 'http//ornek.com', '', '   ', undefined, null,
    ]) {
      expect(productLinkHref(link), String(link)).toBeNull()
    }
  })
})
