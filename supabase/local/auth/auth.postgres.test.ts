// The same auth API suite over a real PostgreSQL 15 server.
import { startTempPostgres } from '../../../tests/support/postgres.ts'
import { defineAuthSuite } from './auth.suite.test.ts'

defineAuthSuite('auth API on PostgreSQL 15', async () => {
  const pg = await startTempPostgres()
  return { target: { kind: 'url', url: pg.url }, stop: () => pg.stop() }
})
