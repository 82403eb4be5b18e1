// A screen's large first render, in slices that let the browser respond.
//
// A route's screen mounts when the router's state changes, and the router's
// state is an external store: React renders what follows from it in one
// synchronous pass, however large (so does a query's answer, through
// TanStack Query's store). On a phone a dashboard screen's first render is
// hundreds of milliseconds of Mantine components in one task, and nothing the
// owner taps meanwhile gets an answer. In a transition React renders a few
// milliseconds at a time and yields to the browser in between; what the
// owner sees first (the title, a skeleton) still comes at once.
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react'

/**
 * Renders `fallback` at once and `children` in a transition right after. So
 * that nothing moves, `fallback` is a skeleton of the children's size, or
 * nothing when they sit last on the screen.
 */
export function RenderInSlices(props: { fallback: ReactNode; children: ReactNode }): ReactNode {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    startTransition(() => setReady(true))
  }, [])
  return ready ? props.children : props.fallback
}

/**
 * `value` until it has rendered its first answer (`answered`) in a
 * transition, then `value` as it comes: the large tree a query's first answer
 * brings renders in slices (the skeleton stays meanwhile), and what follows
 * (a saved change read again) shows at once.
 */
export function useFirstAnswerInSlices<T>(value: T, answered: (value: T) => boolean): T {
  const deferred = useDeferredValue(value)
  return answered(deferred) ? value : deferred
}
