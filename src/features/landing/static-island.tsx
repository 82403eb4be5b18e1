import { useState, useSyncExternalStore, type ReactNode } from 'react'
import { useLingui } from '@lingui/react'

const neverChanges = () => () => undefined

/**
 * A part of the landing page with no state and no handlers (its links are
 * plain links). When the browser hydrates the page the build rendered
 * (src/app/prerender.tsx), React keeps this part's markup exactly as the
 * build wrote it instead of rendering it again: most of the page's nodes, none
 * of the main-thread work. Rendered any other way (a fresh render, navigating
 * back to `/`) it renders its children; once the language changes it renders
 * them too, and keeps doing so.
 */
export function StaticIsland(props: { children: ReactNode }) {
  const { i18n } = useLingui()
  // React reads the server snapshot while hydrating and the client one otherwise.
  const hydrating = useSyncExternalStore(neverChanges, () => false, () => true)
  const [staticLocale, setStaticLocale] = useState(() =>
    hydrating && typeof document !== 'undefined' ? i18n.locale : null,
  )
  if (staticLocale !== null && staticLocale !== i18n.locale) setStaticLocale(null)
  if (staticLocale !== null && staticLocale === i18n.locale) {
    // React does not hydrate inside an element that sets its HTML, and leaves the HTML as it is.
    return <div key="static" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  }
  // A new key when leaving the static form, so React replaces that element rather than adding to it.
  return <div key="live">{props.children}</div>
}
