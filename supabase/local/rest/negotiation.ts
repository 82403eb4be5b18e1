// Accept-header negotiation: which body shape a request asked for.
import { unacceptableMedia } from './errors.ts'

export type Media = {
  shape: 'array' | 'object' | 'csv'
  stripNulls: boolean
  contentType: string
}

const JSON_ARRAY: Media = { shape: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' }

/** Picks the first acceptable media type of the Accept header, as PostgREST does for reads. */
export function negotiateMedia(accept: string | null): Media {
  if (!accept) return JSON_ARRAY
  for (const part of accept.split(',')) {
    const [typeRaw, ...paramParts] = part.split(';')
    const type = typeRaw!.trim().toLowerCase()
    const params = paramParts.map((p) => p.trim().toLowerCase())
    const stripped = params.includes('nulls=stripped')
    switch (type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return JSON_ARRAY
      case 'application/vnd.pgrst.array+json':
        return stripped
          ? { shape: 'array', stripNulls: true, contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' }
          : JSON_ARRAY
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          shape: 'object',
          stripNulls: stripped,
          contentType: `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}; charset=utf-8`,
        }
      case 'text/csv':
        return { shape: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' }
    }
  }
  throw unacceptableMedia(accept)
}
