import { useCallback, useState } from 'react'

const loaded = new WeakMap<() => Promise<unknown>, unknown>()

/**
 * A menu whose code (Mantine's Menu and Popover, and floating-ui with them)
 * loads on first use rather than with the page. The trigger renders at once;
 * hovering or focusing it starts the download, and the first click shows the
 * menu, open, as soon as it has arrived. Only that click puts the menu around
 * the trigger (which remounts the trigger), so a click is never lost to a
 * remount halfway through it; from then on the menu handles its trigger itself.
 */
export function useLazyMenu<M extends object>(load: () => Promise<M>) {
  const [menu, setMenu] = useState<M | null>(() => (loaded.get(load) as M | undefined) ?? null)
  const [opened, setOpened] = useState(false)
  const fetchMenu = useCallback(
    () =>
      load().then((m) => {
        loaded.set(load, m)
        return m
      }),
    [load],
  )
  const preload = useCallback(() => void fetchMenu().catch(() => undefined), [fetchMenu])
  const open = useCallback(
    () =>
      void fetchMenu().then(
        (m) => {
          setMenu(m)
          setOpened(true)
        },
        // Offline before the worker cached it: the trigger stays, and the next click tries again.
        () => undefined,
      ),
    [fetchMenu],
  )
  return { menu, opened, setOpened, preload, open }
}
