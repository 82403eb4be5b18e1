// The spec's "saved" state: once a save succeeds the enable toggle stays
// disabled for the rest of the session (spec §4). Kept per owner in
// sessionStorage, so leaving the screen and coming back, or reloading the
// tab, keeps it locked, while a new tab or a new sign-in starts unlocked.
import { webStorage } from '../../lib/web-storage.ts'

const KEY_PREFIX = 'chatbot-settings-saved:'

const storage = () => webStorage('sessionStorage')

/** Storage can be blocked; the lock then lasts as long as the page. */
const memory = new Set<string>()

export function isChatbotToggleLocked(userId: string): boolean {
  if (memory.has(userId)) return true
  try {
    return storage()?.getItem(KEY_PREFIX + userId) === '1'
  } catch {
    return false
  }
}

export function lockChatbotToggle(userId: string): void {
  memory.add(userId)
  try {
    storage()?.setItem(KEY_PREFIX + userId, '1')
  } catch {
    // Blocked storage: the in-memory lock above still holds for this page.
  }
}
