// A Web Storage in memory, for unit tests of code that keeps things in
// localStorage (the session's profile, the inbox's offline copy): Node has no
// localStorage, and a fresh one per test keeps tests apart.
export class MemoryStorage implements Storage {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
  /** The keys starting with `prefix`, in insertion order. */
  keysStartingWith(prefix: string): string[] {
    return [...this.map.keys()].filter((k) => k.startsWith(prefix))
  }
}
