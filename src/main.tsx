import '@mantine/core/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { activateLocale, storedLocale } from './app/i18n.ts'
import { App } from './app/app.tsx'
import { startPwa } from './app/pwa.ts'

async function start() {
  startPwa()
  await activateLocale(storedLocale())
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void start()
