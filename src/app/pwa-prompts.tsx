import { lazy, Suspense, useSyncExternalStore } from 'react'
import { Affix, Button } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { promptInstall, pwaStore } from './pwa.ts'

function usePwa() {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.getSnapshot, pwaStore.getServerSnapshot)
}

// Most visits never see it, so its code loads only when a new version is waiting.
const UpdateNotice = lazy(() => import('./update-notice.tsx').then((m) => ({ default: m.UpdateNotice })))

/** Offered when a new version of the app has been downloaded and waits for a reload. */
export function PwaUpdatePrompt() {
  const { needRefresh } = usePwa()
  if (!needRefresh) return null
  return (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  )
}

/**
 * Shown only where the browser offers installation, which it does after the
 * page has painted. On a phone the top bar has no room left for it, and
 * growing would push the whole page down: there the offer floats at the
 * bottom of the screen instead, where it moves nothing.
 */
export function InstallButton() {
  const { installable } = usePwa()
  if (!installable) return null
  const install = () => void promptInstall()
  return (
    <>
      <Button variant="light" size="sm" onClick={install} visibleFrom="xs">
        <Trans>Install app</Trans>
      </Button>
      <Affix position={{ bottom: 16, left: 16 }} hiddenFrom="xs">
        <Button size="sm" onClick={install} leftSection={<DownloadIcon />}>
          <Trans>Install app</Trans>
        </Button>
      </Affix>
    </>
  )
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3v12 M7 10l5 5 5-5 M5 21h14" />
    </svg>
  )
}
