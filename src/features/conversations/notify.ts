// A browser notification when a conversation starts waiting for the owner,
// shown by the service worker (so it can be tapped to open the conversation,
// public/sw-notifications.js). Only with the owner's permission, which the
// inbox asks for when the owner chooses to, never on load; and only while
// the app is not in front of the owner. One notification per conversation:
// a later message replaces it quietly (same tag).
// Macro-free: the words come from the caller.

export type NotificationState = 'unsupported' | NotificationPermission

export function notificationState(): NotificationState {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported'
  return Notification.permission
}

export async function askForNotifications(): Promise<NotificationState> {
  if (notificationState() === 'unsupported') return 'unsupported'
  return Notification.requestPermission()
}

export async function notifyWaiting(conversationId: string, words: { title: string; body: string }): Promise<void> {
  if (notificationState() !== 'granted' || document.visibilityState === 'visible') return
  const registration = await navigator.serviceWorker.ready
  await registration.showNotification(words.title, {
    body: words.body,
    tag: `inbox-${conversationId}`,
    icon: '/icons/icon-192.png',
    data: { url: `/dashboard/conversations?c=${conversationId}` },
  })
}
