// The same edge-function suite over a real PostgreSQL 15 server.
import { defineFunctionsSuite } from './functions.suite.test.ts'

defineFunctionsSuite('postgres')
