// What bench:load's two processes (load-bench.ts, which sends the widget
// messages, and load-stack.ts, which runs their database floor) agree on.

/**
 * The client address of the k-th widget visitor: one of its own in
 * 127.0.0.0/8, all of which Linux routes to this machine, so the stack sees
 * as many addresses as there are visitors (127.0.0.1 stays the stack's own).
 */
export function visitorAddress(k: number): string {
  return `127.${10 + (Math.floor(k / 62_500) % 240)}.${Math.floor(k / 250) % 250}.${(k % 250) + 1}`
}
