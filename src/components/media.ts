// The breakpoints screens share, as media queries (Mantine's em breakpoints),
// and one hook that reads them the same way everywhere.
import { useMediaQuery } from '@mantine/hooks'

/** Below this width a dialog becomes a bottom sheet (Mantine's xs). */
export const PHONE_QUERY = '(max-width: 36em)'

/** From this width up a list is a table; below it, cards (Mantine's md). */
export const WIDE_SCREEN_QUERY = '(min-width: 62em)'

/**
 * Whether `query` matches now. Read synchronously on the first render, so a
 * phone never renders the desktop layout first and then jumps.
 */
export function useMedia(query: string, fallback: boolean): boolean {
  return useMediaQuery(query, fallback, { getInitialValueInEffect: false })
}

export const useIsPhone = (): boolean => useMedia(PHONE_QUERY, false)
export const useIsWide = (): boolean => useMedia(WIDE_SCREEN_QUERY, true)
