// The owner's copy of their data (KVKK art. 11, GDPR art. 15 and 20): one
// zip of JSON files and a workbook of the business tables (archive.ts),
// built here so the archive holds what the server holds, not what one
// device happens to have synced. The owner is the access token's user; no
// id is read from the body. Any signed-in owner, verified phone or not: the
// right to one's data does not wait on a verification.
import { EXPORT_DATA_ERRORS, exportFileName } from '../../../domain/functions.ts'
import { corsHeaders } from '../_shared/cors.ts'
import { ownerFunction } from '../_shared/handler.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { buildArchive } from './archive.ts'
import { readOwnerData } from './data.ts'

Deno.serve(
  ownerFunction({ name: 'export-data', errors: EXPORT_DATA_ERRORS, owner: 'signed-in' }, async (_req, { user }) => {
    const data = await readOwnerData(createServiceClient(), user.id)
    const now = new Date()
    const archive = buildArchive(data, now)
    return new Response(archive, {
      status: 200,
      headers: {
        ...corsHeaders,
        // Not application/zip: supabase-js reads only octet-stream (and PDF) answers as a Blob, anything else as text.
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${exportFileName(now.toISOString().slice(0, 10))}"`,
        'Access-Control-Expose-Headers': 'Content-Disposition',
        'Cache-Control': 'no-store',
      },
    })
  }),
)
