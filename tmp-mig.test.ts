import { it, expect } from 'vitest'
import { openDatabase } from './supabase/local/db.ts'
it('applies', async () => {
  const db = await openDatabase({ kind: 'memory' })
  const q = (s: string, p: unknown[] = []) => (db as any).query(s, p)
  console.log(Object.keys(db))
  await db.close()
}, 60000)
