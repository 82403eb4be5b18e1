// The links a reply may carry to a customer: the owner's own website and the
// product links of the owner's catalogue. A language model can write any
// address (one it remembers, one a customer asked it to repeat, one a
// product description smuggled in); the reply leaves with only the owner's.
import * as linkify from 'linkifyjs'

/** One address as the comparison sees it: scheme and host case-folded, no fragment, no lone trailing slash. */
export function linkKey(href: string): string | null {
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `https://${href}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  url.hash = ''
  const text = url.href
  return url.pathname === '/' && !url.search ? text.replace(/\/$/, '') : text
}

export type LinkPolicy = {
  /** Keys (linkKey) of the links known to be the owner's already. */
  allowed: ReadonlySet<string>
  /** Of these addresses (as written), the ones that are product links of the owner's catalogue. */
  productLinks(candidates: string[]): Promise<string[]>
}

const MARKDOWN_LINK = /\[([^\]\n]*)\]\(([^)\s]+)\)/g
/** Nothing a link needs (a scheme, or a letter, a dot and a letter as in a host name): most replies, read in well under a microsecond instead of linkify's tens. */
const MAY_HOLD_A_LINK = /:\/\/|\p{L}\.\p{L}/u

/**
 * The reply with every link that is not the owner's removed: a Markdown
 * link keeps its words, a bare address goes with the space before it.
 */
export async function keepOwnLinks(reply: string, policy: LinkPolicy): Promise<string> {
  if (!MAY_HOLD_A_LINK.test(reply)) return reply
  const found = new Set<string>()
  for (const m of reply.matchAll(MARKDOWN_LINK)) found.add(m[2]!)
  for (const link of linkify.find(reply, 'url')) found.add(link.value)
  if (found.size === 0) return reply

  const allowed = new Set(policy.allowed)
  const unknown = [...found].filter((href) => {
    const key = linkKey(href)
    return key !== null && !allowed.has(key)
  })
  if (unknown.length > 0) {
    const candidates = [...new Set(unknown.flatMap((href) => [href, linkify.find(href, 'url')[0]?.href ?? href]))]
    for (const link of await policy.productLinks(candidates)) {
      const key = linkKey(link)
      if (key) allowed.add(key)
    }
  }
  const isOwn = (href: string) => {
    const key = linkKey(href)
    return key !== null && allowed.has(key)
  }

  let out = reply.replace(MARKDOWN_LINK, (whole, words: string, href: string) => (isOwn(href) ? whole : words))
  const bare = linkify.find(out, 'url')
  for (const link of [...bare].reverse()) {
    if (isOwn(link.value)) continue
    const before = out.slice(0, link.start).replace(/[ \t]+$/, '')
    out = before + out.slice(link.end)
  }
  return out.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim()
}
