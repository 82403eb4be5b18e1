// Imported by the service worker (vite.config.ts, workbox.importScripts): a
// tap on the inbox's notification focuses the app on that conversation, or
// opens it. Only the app's own inbox paths are opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const wanted = event.notification.data && event.notification.data.url
  const url = typeof wanted === 'string' && wanted.startsWith('/dashboard/conversations') ? wanted : '/dashboard/conversations'
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue
        await client.focus()
        if ('navigate' in client) await client.navigate(url)
        return
      }
      await self.clients.openWindow(url)
    })(),
  )
})
