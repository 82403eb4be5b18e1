import { describe, expect, it } from 'vitest'
import { hostOf, isOriginAllowed } from './chatbot-origin.ts'

const rule = (websiteUrl: string | null, allowedDomains: string[] = []) => ({ websiteUrl, allowedDomains })

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
    const r = rule('https://Shop.Example.com/tr/anasayfa?x=1')
    expect(isOriginAllowed('https://shop.example.com', r)).toBe(true)
    expect(isOriginAllowed('http://shop.example.com:8080', r)).toBe(true)
    expect(isOriginAllowed('https://SHOP.example.com', r)).toBe(true)
    expect(isOriginAllowed('https://example.com', r)).toBe(false)
    expect(isOriginAllowed('https://www.shop.example.com', r)).toBe(false)
    expect(isOriginAllowed('https://shop.example.com.evil.test', r)).toBe(false)
    expect(isOriginAllowed('https://evilshop.example.com', r)).toBe(false)
  })

  it('accepts allowed_domains written as hosts, host:port or URLs', () => {
    const r = rule(null, [' magaza.com.tr ', 'localhost:3000', 'https://panel.example.org/'])
    expect(isOriginAllowed('https://magaza.com.tr', r)).toBe(true)
    expect(isOriginAllowed('http://localhost:5173', r)).toBe(true)
    expect(isOriginAllowed('https://panel.example.org', r)).toBe(true)
    expect(isOriginAllowed('https://www.magaza.com.tr', r)).toBe(false)
  })

  it('allows subdomains only under a *. pattern, and not the parent itself', () => {
    const r = rule(null, ['*.example.com'])
    expect(isOriginAllowed('https://a.example.com', r)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', r)).toBe(true)
    expect(isOriginAllowed('https://example.com', r)).toBe(false)
    expect(isOriginAllowed('https://badexample.com', r)).toBe(false)
    expect(isOriginAllowed('https://example.com.evil.test', r)).toBe(false)
  })

  it('combines website_url and allowed_domains', () => {
    const r = rule('https://shop.example.com', ['*.cdn.example.net'])
    expect(isOriginAllowed('https://shop.example.com', r)).toBe(true)
    expect(isOriginAllowed('https://x.cdn.example.net', r)).toBe(true)
    expect(isOriginAllowed('https://other.example.com', r)).toBe(false)
  })

  it('refuses opaque, malformed and non-web origins once the owner restricted them', () => {
    const r = rule('https://shop.example.com')
    for (const origin of ['null', '', 'shop.example.com', 'file://shop.example.com', 'https://shop.example.com/path', 'https://user@shop.example.com', 'chrome-extension://abc']) {
      expect(isOriginAllowed(origin, r), origin).toBe(false)
    }
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
