// The sign-up form's phone step (check-phone, send-verification,
// verify-phone): called with the anon key before the owner is set up, each
// takes a JSON body naming a Turkish mobile number, and the two that send or
// check a code act only for the account holding that number until it is
// verified.
import type { SupabaseClient } from '@supabase/supabase-js'
import { isTurkishPhone } from '../../../domain/phone.ts'
import { publicFunction, type Answers, type FrameCode, type FunctionOptions, type Handler, type Holds } from './handler.ts'
import { readJsonObject } from './http.ts'

export type PhoneBody = { body: Record<string, unknown>; phone: string }

/** The body and its `phoneNumber`, trimmed; else the code to answer with 400. */
async function readPhoneBody(req: Request): Promise<PhoneBody | 'invalid_request' | 'invalid_phone'> {
  const body = await readJsonObject(req)
  if (!body) return 'invalid_request'
  const phone = typeof body.phoneNumber === 'string' ? body.phoneNumber.trim() : body.phoneNumber
  if (!isTurkishPhone(phone)) return 'invalid_phone'
  return { body, phone }
}

/** A function of the phone step: the body is read first, and a body without a Turkish mobile number is answered with 400. */
export function phoneFunction<C extends string>(
  opts: FunctionOptions<C> & Holds<C, FrameCode> & Holds<C, 'invalid_phone'>,
  handle: (req: Request, read: PhoneBody, answer: Answers<C>) => Promise<Response>,
): Handler {
  return publicFunction(opts, async (req, answer) => {
    const read = await readPhoneBody(req)
    if (typeof read === 'string') return answer.fail(read as C, 400)
    return handle(req, read, answer)
  })
}

/** The account holding the number, while its phone is not verified; else the code to answer with 400. */
export async function unverifiedAccount(db: SupabaseClient, phone: string): Promise<{ id: string } | 'phone_not_registered' | 'already_verified'> {
  const user = await db.from('users').select('id, phone_verified').eq('phone_number', phone).maybeSingle()
  if (user.error) throw user.error
  if (!user.data) return 'phone_not_registered'
  if (user.data.phone_verified) return 'already_verified'
  return { id: user.data.id as string }
}
