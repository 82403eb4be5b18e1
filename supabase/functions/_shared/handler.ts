// The frame every function that takes requests runs in, so that its index.ts
// holds only what the function itself decides. In order:
//
// 1. `OPTIONS`: the CORS preflight, which hosted Supabase hands to the function.
// 2. A method the function does not take (default: anything but `POST`):
//    405 `invalid_request`.
// 3. For an owner function, the owner of the access token with a verified
//    phone (owner.ts): 401 `unauthorized` / 403 `phone_not_verified` otherwise;
//    with `owner: 'signed-in'`, any user of an access token (401 only).
// 4. The function, inside one catch-all: a thrown CodedError whose code is
//    one of the function's (ProviderConfigError → provider_not_configured,
//    PaymentProviderError → provider_error) answers that code and is logged
//    with it; anything else is logged and answers 500 `server_error`.
//
// Every answer has the shape the app reads (domain/functions.ts):
// `{success, error, …}`, or `{received, error, …}` for the payment webhook.
import { isCode, type OwnerRefusal, type SignedInRefusal } from '../../../domain/functions.ts'
import { preflight } from './cors.ts'
import { CodedError, jsonResponse } from './http.ts'
import { isRefusal, ownerOf, type Owner, type OwnerRule } from './owner.ts'

type Fields = Record<string, unknown>

export type Answers<C extends string> = {
  /** 200 `{success: true, error: null, ...fields}`. */
  ok(fields?: Fields): Response
  /** `{success: false, error: code, ...refusalFields, ...fields}` with `status`. */
  fail(code: C, status: number, fields?: Fields, headers?: Record<string, string>): Response
}

export type FunctionOptions<C extends string> = {
  /** How the logs name the function. */
  name: string
  /** The function's error codes, from domain/functions.ts. */
  errors: readonly C[]
  /** The key that says whether the call succeeded: `success` unless the caller is a payment provider (`received`). */
  flag?: 'success' | 'received'
  /** Fields every refusal carries after `error` (send-sms: `message_id: null`). */
  refusalFields?: Fields
  /** The methods the function takes besides `OPTIONS`; default `POST` only. */
  methods?: readonly ('GET' | 'POST')[]
}

/** Codes the frame answers by itself: every function's list must hold them. */
export type FrameCode = 'invalid_request' | 'server_error'

/** Nothing when the list `C` holds every code of `R`; else a property the options lack, naming the missing codes. */
export type Holds<C extends string, R extends string> = [R] extends [C] ? unknown : { errorsLack: Exclude<R, C> }

export type Handler = (req: Request) => Promise<Response>

export function answersFor<C extends string>(opts: FunctionOptions<C>): Answers<C> {
  const flag = opts.flag ?? 'success'
  const refusal = opts.refusalFields ?? {}
  return {
    ok: (fields = {}) => jsonResponse({ [flag]: true, error: null, ...fields }),
    fail: (code, status, fields = {}, headers = {}) => jsonResponse({ [flag]: false, error: code, ...refusal, ...fields }, status, headers),
  }
}

function frame<C extends string>(opts: FunctionOptions<C>, run: (req: Request, answer: Answers<C>) => Promise<Response>): Handler {
  const answer = answersFor(opts)
  return async (req) => {
    const pre = preflight(req)
    if (pre) return pre
    if (!(opts.methods ?? ['POST']).some((m) => m === req.method)) return answer.fail('invalid_request' as C, 405)
    try {
      return await run(req, answer)
    } catch (e) {
      if (e instanceof CodedError && isCode(opts.errors, e.code)) {
        console.error(`${opts.name}: ${e.code}: ${e.message}`)
        return answer.fail(e.code, e.answerStatus)
      }
      console.error(`${opts.name} failed:`, e)
      return answer.fail('server_error' as C, 500)
    }
  }
}

/** A function called without a user: with the anon key (phone verification) or by a payment provider. */
export function publicFunction<C extends string>(
  opts: FunctionOptions<C> & Holds<C, FrameCode>,
  handle: (req: Request, answer: Answers<C>) => Promise<Response>,
): Handler {
  return frame(opts, handle)
}

/** The refusals an owner function answers by itself under its rule. */
type RefusalOf<R extends OwnerRule> = R extends 'signed-in' ? SignedInRefusal : OwnerRefusal

export type OwnerFunctionOptions<C extends string, R extends OwnerRule> = FunctionOptions<C> & {
  /**
   * Whom it serves: `verified` (the default) only once the owner's phone is
   * verified; `signed-in` any user of an access token, for what must not wait
   * on a verification (the owner's data rights).
   */
  owner?: R
}

/** A function that acts for the signed-in owner, found from the access token alone, by default once their phone is verified. */
export function ownerFunction<C extends string, R extends OwnerRule = 'verified'>(
  opts: OwnerFunctionOptions<C, R> & Holds<C, FrameCode | RefusalOf<R>>,
  handle: (req: Request, owner: Owner, answer: Answers<C>) => Promise<Response>,
): Handler {
  const rule: OwnerRule = opts.owner ?? 'verified'
  return frame(opts, async (req, answer) => {
    const owner = await ownerOf(req, rule)
    if (isRefusal(owner)) return answer.fail(owner.error as C, owner.status)
    return handle(req, owner, answer)
  })
}
