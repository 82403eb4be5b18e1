// The products screen's search: case-insensitive in Turkish, over name and
// description, fast enough per keystroke for a catalogue of 10,000.

/**
 * Text folded for case-insensitive matching in Turkish: İ and I lower-case
 * the Turkish way (to i and ı), and dotless ı is then merged into i. The
 * merge lets English capitals still match ("IPHONE" finds "iphone", which
 * Turkish lower-casing alone would turn into "ıphone") at the cost of "ı"
 * and "i" matching each other, which a search box can afford.
 *
 * Same result as NFC + toLocaleLowerCase('tr') + ı → i (a test holds them
 * together), but the four i letters are mapped first and the rest
 * lower-cased without locale tailoring, about twice as fast over a large
 * catalogue. NFC first, so a decomposed "I + combining dot" is İ.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFC').replace(/[Iİı]/g, 'i').toLowerCase()
}

export type SearchIndex<T> = {
  /** Items whose name or description contains the query (trimmed, folded); a blank query returns the items as given. */
  filter(query: string): readonly T[]
}

// Cannot be typed into a search box, so a query never matches across the name/description boundary.
const FIELD_SEPARATOR = '\u0000'

/**
 * A search over a fixed list, folding each item's text once up front. Each
 * query then costs one substring scan per item, and a query that extends the
 * previous one (the usual case while typing) scans only the previous matches.
 * Build a new index when the list changes.
 */
export function createSearchIndex<T extends { name: string; description?: string }>(items: readonly T[]): SearchIndex<T> {
  const keys = items.map((item) => foldForSearch(item.description ? `${item.name}${FIELD_SEPARATOR}${item.description}` : item.name))
  let lastQuery = ''
  let lastMatches: number[] | null = null

  return {
    filter(query) {
      const folded = foldForSearch(query.trim())
      if (folded === '') {
        lastQuery = ''
        lastMatches = null
        return items
      }
      const candidates = lastMatches !== null && folded.includes(lastQuery) ? lastMatches : null
      const matches: number[] = []
      if (candidates) {
        for (const i of candidates) if (keys[i]!.includes(folded)) matches.push(i)
      } else {
        for (let i = 0; i < keys.length; i++) if (keys[i]!.includes(folded)) matches.push(i)
      }
      lastQuery = folded
      lastMatches = matches
      return matches.map((i) => items[i]!)
    },
  }
}

/** One-off search without an index, for small lists. */
export function searchProducts<T extends { name: string; description?: string }>(items: readonly T[], query: string): readonly T[] {
  return createSearchIndex(items).filter(query)
}
