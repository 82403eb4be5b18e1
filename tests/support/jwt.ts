/**
 * The same token with a signature that cannot verify. The first character of
 * the base64url signature is changed because all six of its bits count; the
 * last one carries padding bits a decoder ignores, so changing the tail can
 * leave the signature as it was.
 */
export function withBrokenSignature(jwt: string): string {
  const [header, payload, signature] = jwt.split('.')
  if (!header || !payload || !signature) throw new Error('not a signed JWT')
  return `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
}
