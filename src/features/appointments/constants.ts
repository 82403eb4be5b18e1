/** Entries a day cell lists before "+n more"; the rest are in the day list. */
export const MAX_ENTRIES_PER_DAY = 3

/** Dots a narrow day cell shows before "+n". */
export const MAX_DOTS_PER_DAY = 3

/** The example number under the wizard's phone field: the national form people type. */
export const PHONE_EXAMPLE = '0532 123 45 67'

export const SEND_SMS_FUNCTION = 'send-sms'

/**
 * How long the reminder waits for local changes to reach the server before
 * asking it to text: the server only knows synced appointments, and online a
 * push takes well under a second.
 */
export const SYNC_WAIT_MS = 10_000

// 24px viewBox strokes, drawn with currentColor.
export const ICON_PATHS = {
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  arrowLeft: 'M19 12H5m0 0l6-6m-6 6l6 6',
  plus: 'M12 5v14m-7-7h14',
  message: 'M4 5h16v11H8l-4 4z',
} as const
