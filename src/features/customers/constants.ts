/** Placeholder rows while the list loads (spec: 5). */
export const SKELETON_ROWS = 5

/** From here up the list is a table; below it, cards (Mantine's md breakpoint, as the products screen). */
export const WIDE_SCREEN_QUERY = '(min-width: 62em)'

/** Below this width the customer dialog is a bottom sheet (Mantine's xs breakpoint). */
export const PHONE_QUERY = '(max-width: 36em)'

/** The example number in the phone hint and placeholder: the national form formatPhone shows. */
export const PHONE_EXAMPLE = '0532 123 45 67'

/**
 * Red for text on white and light red (delete buttons, the error panel): the
 * theme's error red, 5.9:1 on white. A theme shade such as `red.9` does not
 * work there: Mantine caps subtle text at shade 6 and paints light variants
 * solid when a shade is given.
 */
export const DANGER_COLOR = '#c92a2a'
