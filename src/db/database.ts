// The local store: one RxDB database per signed-in owner on Dexie
// (IndexedDB). Every read and write of products, customers and appointments
// goes here first; sync/ replicates it with Supabase.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { dexieStorage } from './storage.ts'
import type { AppointmentRecord, CustomerRecord, ProductRecord } from '../../domain/records.ts'
import { conflictHandlerFor } from '../../sync/index.ts'
import { appointmentMigrations, appointmentSchema, customerSchema, productSchema } from './schemas.ts'

export type AppCollections = {
  products: RxCollection<ProductRecord>
  customers: RxCollection<CustomerRecord>
  appointments: RxCollection<AppointmentRecord>
}
export type AppDatabase = RxDatabase<AppCollections>

export type OpenDatabaseOptions = {
  ownerId: string
  /** IndexedDB by default; tests pass Dexie over fake-indexeddb. */
  storage?: RxStorage<unknown, unknown>
  /**
   * Schema validation and RxDB's dev-mode checks, in development builds and
   * tests only (default on there; a production build has neither): they cost
   * time and, in browsers, load RxDB's dev-mode page.
   */
  devMode?: boolean
  /** Several tabs share the database and elect one to replicate. Off in Node tests. */
  multiInstance?: boolean
  /** Overrides the per-owner name: tests open several devices of one owner in one process. */
  name?: string
}

addRxPlugin(RxDBLeaderElectionPlugin)
addRxPlugin(RxDBLocalDocumentsPlugin)
addRxPlugin(RxDBMigrationSchemaPlugin)

let devModeReady: Promise<void> | undefined
function enableDevMode(): Promise<void> {
  devModeReady ??= import('rxdb/plugins/dev-mode').then(({ RxDBDevModePlugin, disableWarnings }) => {
    disableWarnings()
    addRxPlugin(RxDBDevModePlugin)
  })
  return devModeReady
}


/** RxDB names allow lower-case letters, digits, `_`, `$` and `-`; a user id is a lower-case uuid. */
export function databaseName(ownerId: string): string {
  const safe = ownerId.toLowerCase()
  if (!/^[0-9a-f-]{1,64}$/.test(safe)) throw new Error(`not an owner id: ${ownerId}`)
  return `owner-${safe}`
}

export async function openOwnerDatabase(opts: OpenDatabaseOptions): Promise<AppDatabase> {
  let storage: RxStorage<unknown, unknown> = opts.storage ?? dexieStorage()
  // `import.meta.env.DEV` is replaced by the build: `false` in production, so
  // this block goes, and with it the dev-mode and schema-validator chunks
  // (bench:dashboard checks). Bundles made without Vite define it too.
  if (import.meta.env.DEV && (opts.devMode ?? true)) {
    await enableDevMode()
    const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv')
    storage = wrappedValidateAjvStorage({ storage }) as RxStorage<unknown, unknown>
  }
  const db = await createRxDatabase<AppCollections>({
    name: opts.name ?? databaseName(opts.ownerId),
    storage,
    multiInstance: opts.multiInstance ?? true,
    localDocuments: true,
  })
  try {
    await db.addCollections({
      products: { schema: productSchema, conflictHandler: conflictHandlerFor('products') },
      customers: { schema: customerSchema, conflictHandler: conflictHandlerFor('customers') },
      appointments: { schema: appointmentSchema, migrationStrategies: appointmentMigrations, conflictHandler: conflictHandlerFor('appointments') },
    })
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
