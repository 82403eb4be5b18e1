// The owner picks any primary colour; text drawn on it (the header, the
// launcher icon, the visitor's bubbles) must stay readable, so it is black
// or white, whichever contrasts more (WCAG 2 relative luminance).

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

// Pure black: any colour then reaches 4.5:1 with black or with white (a softer near-black leaves mid tones short).
export const DARK_TEXT = '#000000'
export const LIGHT_TEXT = '#ffffff'

/** The text colour for a `#rrggbb` background. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT
}
