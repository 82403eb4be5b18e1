// Product links: which addresses the form accepts, where a stored link may
// take someone who clicks it, and how it is shortened for display.

export const LINK_MAX_TABLE = 30
export const LINK_MAX_CARD = 40
export const ELLIPSIS = '…'

/**
 * A link shortened for display to at most `max` characters, the ellipsis
 * included: a 31-character URL becomes its first 29 characters and "…" in the
 * table. Characters are counted as code points, so an emoji or a non-Latin
 * letter is never cut in half.
 */
export function truncateLink(url: string, max: number): string {
  if (url.length <= max) return url
  const chars = Array.from(url)
  if (chars.length <= max) return url
  if (max <= 1) return ELLIPSIS.slice(0, Math.max(0, max))
  return chars.slice(0, max - 1).join('') + ELLIPSIS
}

/** An absolute http or https address with a host: what a customer can open from the list. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

// A bare host as people write one: labels of letters, digits and hyphens,
// a dot, a top-level domain of letters, then optionally a port and a path.
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]|$)/u

/**
 * Where a stored product link may take someone who clicks it: the address
 * itself when it is an absolute http(s) URL, https:// in front of a bare
 * host such as "www.ornek.com" or "ornek.com/vazo" (imports and other
 * clients store those), and null for anything else — another scheme
 * ("javascript:", "mailto:"), a relative path or plain text — which the list
 * shows as text, not as a link.
 */
export function productLinkHref(link: string | null | undefined): string | null {
  const value = link?.trim() ?? ''
  if (value === '') return null
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : BARE_HOST.test(value) ? `https://${value}` : null
  if (candidate === null || !isHttpUrl(candidate)) return null
  return new URL(candidate).href
}
