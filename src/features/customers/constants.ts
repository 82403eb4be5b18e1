/** Placeholder rows while the list loads (spec: 5). */
export const SKELETON_ROWS = 5

/** From here up the list is a table; below it, cards (Mantine's md breakpoint, as the products screen). */
export const WIDE_SCREEN_QUERY = '(min-width: 62em)'

/** Below this width the customer dialog is a bottom sheet (Mantine's xs breakpoint). */
export const PHONE_QUERY = '(max-width: 36em)'

/** The example number in the phone hint and placeholder: the national form formatPhone shows. */
export const PHONE_EXAMPLE = '0532 123 45 67'
