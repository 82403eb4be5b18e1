// Setup for the stack layer, whose files share a worker process one after
// another (`isolate: false` in vitest.config.ts): a fresh process per file
// spent 40 % of the layer's CPU importing the stack and compiling PGlite
// again. What a file leaves changed in the process is put back when it ends,
// so the next file starts as it would in a process of its own.
import { afterAll } from 'vitest'
import { snapshotProcess } from './process-snapshot.ts'

afterAll(snapshotProcess())
