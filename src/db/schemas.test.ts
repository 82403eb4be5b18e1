// A store on a device keeps the schema hash of every collection it created
// and refuses to open when the same version now means another schema (RxDB
// error DB6). The schemas are built from sync/tables.ts, so an edit there can
// change them unnoticed: these are the hashes each released version had.
import { describe, expect, it } from 'vitest'
import { createRxSchema, defaultHashSha256, type RxJsonSchema } from 'rxdb'
import { appointmentSchema, customerSchema, productSchema } from './schemas.ts'

const RELEASED: Record<string, Record<number, string>> = {
  products: { 0: '8cbfc20c49b09a985e0cae66bc4edab6a398c540641158f0094f1f27fbc7590b' },
  customers: { 0: 'bd8465d664f9901feaffc3d7930cbdb79c2f332a1d8bccb1af901c9b00019f13' },
  appointments: {
    0: '6a4e506848e1d22b3f27fd131833f8125533542df2fdba3ca19c46a1dd07763b',
    1: '6442a8c1315565d97920b41cdb81d3d095e612c2b0d7da19f8dfceb0da0d3be5',
  },
}

describe('local store schemas', () => {
  it.each([productSchema, customerSchema, appointmentSchema])('$title keeps the schema its version was released with', async (schema) => {
    const hash = await createRxSchema(schema as RxJsonSchema<unknown>, defaultHashSha256).hash
    const released = RELEASED[schema.title!]?.[schema.version]
    // A new column or rule needs a new version and a migration strategy (src/db/README.md); then record its hash here.
    expect(hash, `${schema.title} v${schema.version} changed since release`).toBe(released)
  })
})
