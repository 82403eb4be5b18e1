// Which web pages may call the chat widget's public endpoint (chatbot-api).
// The owner names their site in chatbot_configs: `website_url` and/or
// `allowed_domains`. A browser's `Origin` header must then name one of those
// hosts exactly; a subdomain is allowed only where the owner wrote
// `*.example.com`, so listing `example.com` never lets `evil.example.com`
// embed the widget and spend the owner's quota. Scheme and port are not
// compared: owners write domains, not origins, and a shop moving from http to
// https should not break its widget.
//
// This is a browser rule, not authentication: anything but a browser can send
// any Origin it likes. The quotas and rate limits are what bound abuse.

export type ChatbotOriginRule = {
  websiteUrl: string | null | undefined
  allowedDomains: readonly string[] | null | undefined
}

/** A pattern of the rule: an exact host, or `*.` and a parent domain. */
type HostPattern = { exact: string } | { under: string }

/** The lower-case, punycoded host of an origin or of what an owner typed (a URL, a host, host:port), else null. */
export function hostOf(value: string): string | null {
  const text = value.trim()
  if (!text) return null
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.replace(/\.$/, '').toLowerCase()
  return host || null
}

function patternOf(entry: string): HostPattern | null {
  const text = entry.trim()
  if (text.startsWith('*.')) {
    const parent = hostOf(text.slice(2))
    // `*.com` would let any site in; a wildcard needs a parent with a dot in it.
    return parent && parent.includes('.') ? { under: parent } : null
  }
  const host = hostOf(text)
  return host ? { exact: host } : null
}

/** The rule's host patterns; empty means the owner restricted nothing. */
export function originPatterns(rule: ChatbotOriginRule): HostPattern[] {
  const entries = [...(rule.websiteUrl ? [rule.websiteUrl] : []), ...(rule.allowedDomains ?? [])]
  return entries.map(patternOf).filter((p): p is HostPattern => p !== null)
}

/**
 * Whether a request with this `Origin` header may use the owner's widget.
 * - The owner set neither `website_url` nor `allowed_domains`: any origin.
 * - No `Origin` header at all: allowed. Browsers send it on every
 *   cross-origin fetch, so its absence means a server or a script calling
 *   the API directly, which could forge any Origin anyway; refusing it
 *   would stop only honest integrations (see supabase/functions/README.md).
 * - Otherwise the origin's host must match a pattern; `null` (a sandboxed
 *   frame, a file page) and anything unparsable do not.
 */
export function isOriginAllowed(origin: string | null | undefined, rule: ChatbotOriginRule): boolean {
  const patterns = originPatterns(rule)
  if (patterns.length === 0) return true
  if (origin === null || origin === undefined) return true
  // An Origin is scheme://host[:port] and nothing else: no bare hosts, paths or credentials.
  if (!/^https?:\/\/[^/?#@]+$/i.test(origin.trim())) return false
  const host = hostOf(origin)
  if (!host) return false
  return patterns.some((p) => ('exact' in p ? host === p.exact : host.endsWith(`.${p.under}`)))
}
