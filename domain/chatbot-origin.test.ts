import { describe, expect, it } from 'vitest'
import { hostOf, isOriginAllowed } from './chatbot-origin.ts'

const rule = (websiteUrl: string | null, allowedDomains: string[] = []) => ({ websiteUrl, allowedDomains })

/** The origins `r` lets in, and those it refuses. */
function expectOrigins(r: ReturnType<typeof rule>, allowed: string[], refused: string[]) {
  for (const origin of allowed) expect(isOriginAllowed(origin, r), origin).toBe(true)
  for (const origin of refused) expect(isOriginAllowed(origin, r), origin).toBe(false)
}

describe('isOriginAllowed', () => {
  it('lets any origin in when the owner named no site', () => {
    expect(isOriginAllowed('https://anything.example', rule(null))).toBe(true)
    expect(isOriginAllowed('null', rule('', []))).toBe(true)
    expect(isOriginAllowed('https://x.test', { websiteUrl: undefined, allowedDomains: null })).toBe(true)
  })

  it('lets requests without an Origin (server to server) in', () => {
    expect(isOriginAllowed(null, rule('https://shop.example.com'))).toBe(true)
    expect(isOriginAllowed(undefined, rule(null, ['shop.example.com']))).toBe(true)
  })

  it('matches the host of website_url exactly, whatever the scheme, port, path or case', () => {
    expectOrigins(
      rule('https://Shop.Example.com/tr/anasayfa?x=1'),
      ['https://shop.example.com', 'http://shop.example.com:8080', 'https://SHOP.example.com'],
      ['https://example.com', 'https://www.shop.example.com', 'https://shop.example.com.evil.test', 'https://evilshop.example.com'],
    )
  })

  it('accepts allowed_domains written as hosts, host:port or URLs', () => {
    expectOrigins(
      rule(null, [' magaza.com.tr ', 'localhost:3000', 'https://panel.example.org/']),
      ['https://magaza.com.tr', 'http://localhost:5173', 'https://panel.example.org'],
      ['https://www.magaza.com.tr'],
    )
  })

  it('allows subdomains only under a *. pattern, and not the parent itself', () => {
    expectOrigins(
      rule(null, ['*.example.com']),
      ['https://a.example.com', 'https://a.b.example.com'],
      ['https://example.com', 'https://badexample.com', 'https://example.com.evil.test'],
    )
  })

  it('combines website_url and allowed_domains', () => {
    expectOrigins(rule('https://shop.example.com', ['*.cdn.example.net']), ['https://shop.example.com', 'https://x.cdn.example.net'], ['https://other.example.com'])
  })

  it('refuses opaque, malformed and non-web origins once the owner restricted them', () => {
    expectOrigins(rule('https://shop.example.com'), [], [
      'null', '', 'shop.example.com', 'file://shop.example.com', 'https://shop.example.com/path', 'https://user@shop.example.com', 'chrome-extension://abc',
    ])
  })

  it('ignores a too-broad wildcard and unparsable entries rather than letting everyone in', () => {
    expect(isOriginAllowed('https://evil.com', rule(null, ['*.com', 'https://shop.example.com']))).toBe(false)
    expect(isOriginAllowed('https://evil.com', rule(null, ['*.com']))).toBe(true)
  })

  it('compares internationalised hosts in punycode on both sides', () => {
    const r = rule('https://çiçek.com.tr')
    expect(isOriginAllowed('https://xn--iek-qla7b.com.tr', r)).toBe(hostOf('çiçek.com.tr') === 'xn--iek-qla7b.com.tr')
    expect(isOriginAllowed(`https://${hostOf('çiçek.com.tr')}`, r)).toBe(true)
  })
})
