// Request bodies decoded the way Go's encoding/json fills GoTrue's parameter
// structs: unknown keys are ignored, null leaves the zero value, keys match
// case-insensitively, and a value of the wrong type is a 400 bad_json with
// Go's own wording, so clients see the same failures as against GoTrue.
import { badRequest } from './errors.ts'

type FieldType = 'string' | 'bool' | 'map'

export type ParamSchema<F extends Record<string, FieldType>> = { struct: string; fields: F }

type FieldValue<T extends FieldType> = T extends 'string' ? string : T extends 'bool' ? boolean : Record<string, unknown>

/** Decoded fields; a field is undefined when absent or null (Go's zero value / nil pointer). */
export type Params<F extends Record<string, FieldType>> = { [K in keyof F]?: FieldValue<F[K]> }

const goTypeName: Record<FieldType, string> = { string: 'string', bool: 'bool', map: 'map[string]interface {}' }

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array'
  if (v === null) return 'null'
  if (typeof v === 'boolean') return 'bool'
  return typeof v === 'object' ? 'object' : typeof v
}

function bodyError(detail: string) {
  return badRequest('bad_json', `Could not parse request body as JSON: ${detail}`)
}

function syntaxError(text: string, e: unknown): string {
  const first = text.trimStart()[0]
  if (first === undefined) return 'unexpected end of JSON input'
  if (!/[[{"\-0-9tfn]/.test(first)) return `invalid character '${first}' looking for beginning of value`
  return e instanceof Error ? e.message : String(e)
}

export function decodeParams<F extends Record<string, FieldType>>(schema: ParamSchema<F>, text: string): Params<F> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw bodyError(syntaxError(text, e))
  }
  if (raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw bodyError(`json: cannot unmarshal ${jsonKind(raw)} into Go value of type api.${schema.struct}`)
  }
  const out: Record<string, unknown> = {}
  const byLowerName = new Map(Object.keys(schema.fields).map((k) => [k.toLowerCase(), k]))
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = Object.hasOwn(schema.fields, key) ? key : byLowerName.get(key.toLowerCase())
    if (!field || value === null) continue
    const type = schema.fields[field]!
    const ok =
      (type === 'string' && typeof value === 'string') ||
      (type === 'bool' && typeof value === 'boolean') ||
      (type === 'map' && jsonKind(value) === 'object')
    if (!ok) {
      throw bodyError(`json: cannot unmarshal ${jsonKind(value)} into Go struct field ${schema.struct}.${field} of type ${goTypeName[type]}`)
    }
    out[field] = value
  }
  return out as Params<F>
}

const paramSchema = <const F extends Record<string, FieldType>>(struct: string, fields: F): ParamSchema<F> => ({ struct, fields })

export const signupSchema = paramSchema('SignupParams', {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'map',
  channel: 'string',
  code_challenge_method: 'string',
  code_challenge: 'string',
})

export const passwordGrantSchema = paramSchema('PasswordGrantParams', { email: 'string', phone: 'string', password: 'string' })

export const refreshGrantSchema = paramSchema('RefreshTokenGrantParams', { refresh_token: 'string' })

export const userUpdateSchema = paramSchema('UserUpdateParams', {
  email: 'string',
  password: 'string',
  nonce: 'string',
  data: 'map',
  app_metadata: 'map',
  phone: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
})

export const adminUserSchema = paramSchema('AdminUserParams', {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'string',
  password_hash: 'string',
  email_confirm: 'bool',
  phone_confirm: 'bool',
  user_metadata: 'map',
  app_metadata: 'map',
  ban_duration: 'string',
})

export const adminDeleteSchema = paramSchema('adminUserDeleteParams', { should_soft_delete: 'bool' })
