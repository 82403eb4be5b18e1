// The browser's Web Storage, where a page may find none (Node, a worker) or
// be refused it: some privacy settings make merely reading `localStorage`
// throw. Callers then carry on without what they would have kept.

export function webStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined
  } catch {
    return undefined
  }
}
