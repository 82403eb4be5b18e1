import '@mantine/core/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerSW } from 'virtual:pwa-register'
import { activateLocale, storedLocale } from './app/i18n.ts'
import { App } from './app/app.tsx'

async function start() {
  await activateLocale(storedLocale())
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  if ('serviceWorker' in navigator) registerSW({ immediate: true })
}

void start()
