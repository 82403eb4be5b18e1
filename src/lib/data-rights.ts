// The owner's data rights (KVKK and GDPR) as the app calls them: the archive
// export-data builds from what the server holds, and deleting the account.
// Any signed-in owner may do both, phone verified or not, so the settings
// screen and the page an unverified owner reaches from phone verification
// share them (src/components/data-rights-card.tsx). Online-only mutations:
// offline a call fails at once rather than waiting unseen. Failures leave as
// codes; the card words them. Free of Lingui macros, so tests may import it.
import { useMutation } from '@tanstack/react-query'
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  DELETE_ACCOUNT_ERRORS, EXPORT_DATA_ERRORS, exportFileName, type DeleteAccountError, type ExportDataError,
} from '../../domain/functions.ts'
import { classifyAnswer, invokeFunction, type FunctionAnswer, type InvokeResult } from './functions.ts'
import { WRITE_NOW } from './owner-query.ts'
import { getSupabase } from './supabase.ts'

/** Why a data-rights call failed: the function's own code, or that it was never reached or answered outside its contract. */
export type DataRightsFailureCode = ExportDataError | DeleteAccountError | 'network' | 'unknown'

export class DataRightsFailure extends Error {
  constructor(readonly code: DataRightsFailureCode) {
    super(`data rights call failed: ${code}`)
    this.name = 'DataRightsFailure'
  }
}

function failureOf<C extends string>(answer: FunctionAnswer<C>): DataRightsFailure {
  switch (answer.kind) {
    case 'error':
      return new DataRightsFailure(answer.code as DataRightsFailureCode)
    case 'unauthorized':
      return new DataRightsFailure('unauthorized')
    case 'network':
      return new DataRightsFailure('network')
    default:
      return new DataRightsFailure('unknown')
  }
}

/** The archive export-data builds on the server, and the name to save it under (the owner's local day). */
export async function downloadDataArchive(client: Pick<SupabaseClient, 'functions'>, today = new Date()): Promise<{ file: Blob; fileName: string }> {
  let result: InvokeResult
  try {
    result = await client.functions.invoke('export-data', { body: {} })
  } catch {
    throw new DataRightsFailure('network')
  }
  if (!result.error && result.data instanceof Blob) {
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
    return { file: result.data, fileName: exportFileName(day) }
  }
  throw failureOf(await classifyAnswer(result, EXPORT_DATA_ERRORS))
}

/** Deletes the signed-in owner's account; `confirmation` is the e-mail address they typed. */
export async function deleteAccount(client: Pick<SupabaseClient, 'functions'>, confirmation: string): Promise<void> {
  const answer = await invokeFunction(client, 'delete-account', { confirmation }, DELETE_ACCOUNT_ERRORS)
  if (answer.kind !== 'ok') throw failureOf(answer)
}

/** Saves a blob as a file through a temporary link. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function useDownloadData() {
  return useMutation({
    mutationFn: async () => downloadDataArchive(await getSupabase()),
    ...WRITE_NOW,
  })
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (confirmation: string) => deleteAccount(await getSupabase(), confirmation),
    ...WRITE_NOW,
  })
}
