// The auth API over the embedded database (PGlite).
import { defineAuthSuite } from './auth.suite.test.ts'

defineAuthSuite('auth API on PGlite', async () => ({ target: { kind: 'memory' } }))
