// Timings and sizes of the credits screen and the payment return page (spec
// section 9), and the names the code passes around that nobody reads.

/** After a payment return the screen re-reads credits and transactions this often… */
export const POLL_INTERVAL_MS = 2000
/** …for this long, then the processing banner goes away. */
export const POLL_DURATION_MS = 30_000

/** Purchases listed on the credits screen. */
export const RECENT_TRANSACTIONS = 5

/** The payment return page waits this long before it looks for the purchase (the webhook usually wins the race). */
export const RETURN_INITIAL_WAIT_MS = 2000
/** How long the answer is held before the page leaves its processing state. */
export const RETURN_FOLLOW_UP_MS = 2000
/** The same after an exception. */
export const RETURN_ERROR_DELAY_MS = 3000
/** The result stays on screen this long before the page moves on to the dashboard. */
export const RETURN_REDIRECT_MS = 6000

export const CHECKOUT_FUNCTION = 'create-checkout-session'
export const PROCESS_PAYMENT_FUNCTION = 'process-payment-manual'

export const SUCCESS_PATH = '/dashboard/success'
export const CANCEL_PATH = '/dashboard'

/** From here up the transactions are a table; below it, stacked rows (Mantine's sm breakpoint). */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)'

export const CREDITS_COLUMNS = 'id, amount, used, remaining'
export const TRANSACTION_COLUMNS = 'id, created_at, amount, credits_purchased, status, provider_session_id'
