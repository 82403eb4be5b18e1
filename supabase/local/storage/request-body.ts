// JSON request bodies checked the way storage's route schemas check them,
// with the validator's wording in the 400 answers.
import type { Context } from 'hono'
import { BODY_LIMITS, PayloadTooLarge, readTextWithin } from '../body-limit.ts'
import { ERRORS, badRequest } from './errors.ts'

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readTextWithin(c.req.raw, BODY_LIMITS.storageJson)
  } catch (e) {
    if (e instanceof PayloadTooLarge) throw ERRORS.payloadTooLarge(`Request body too large: at most ${e.limit} bytes are accepted`)
    throw e
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('body must be object')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('body must be object')
  return value as Record<string, unknown>
}

export function requiredString(body: Record<string, unknown>, key: string): string {
  const v = body[key]
  if (v === undefined) throw badRequest(`body must have required property '${key}'`)
  if (typeof v !== 'string') throw badRequest(`body/${key} must be string`)
  return v
}

export function optionalInteger(body: Record<string, unknown>, key: string, min: number): number | undefined {
  const v = body[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isInteger(v)) throw badRequest(`body/${key} must be integer`)
  if (v < min) throw badRequest(`body/${key} must be >= ${min}`)
  return v
}
