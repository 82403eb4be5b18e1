// The edge functions over a whole stack on PGlite.
import { defineFunctionsSuite } from './functions.suite.test.ts'

defineFunctionsSuite('pglite')
