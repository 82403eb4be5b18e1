/** Placeholder rows while the list loads (spec: 5). */
export const SKELETON_ROWS = 5

/** From here up the list is a table; below it, cards (Mantine's md breakpoint). */
export const WIDE_SCREEN_QUERY = '(min-width: 62em)'
/** Dialogs take the whole screen below this width (Mantine's xs breakpoint). */
export const PHONE_QUERY = '(max-width: 36em)'
