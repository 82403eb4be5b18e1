// An .xlsx is a zip, and SheetJS inflates every entry of it, in full and in
// memory, before it looks at a cell. A small file can inflate to gigabytes
// (a zip bomb), and the sizes a zip declares can lie: SheetJS's own inflate
// keeps going past them. So before SheetJS sees a zip, its entries are
// inflated here with the platform's native DecompressionStream, counting
// bytes and stopping as soon as the total passes the limit.

export type ZipCheck = 'ok' | 'too_large' | 'corrupt'

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const ZIP64_EXTRA = 0x0001
const U32_MAX = 0xffffffff

function u16(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8)
}

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
}

/** The uncompressed size from a ZIP64 extra field (its first value when the 32-bit field is all ones). */
function zip64Size(bytes: Uint8Array, start: number, length: number): number | null {
  let at = start
  while (at + 4 <= start + length) {
    const id = u16(bytes, at)
    const size = u16(bytes, at + 2)
    if (id === ZIP64_EXTRA && size >= 8) return u32(bytes, at + 4) + u32(bytes, at + 8) * 2 ** 32
    at += 4 + size
  }
  return null
}

/** Inflates raw deflate data, returning how many bytes it gave, or stops once that passes `budget`. */
async function inflatedSize(data: Uint8Array, budget: number): Promise<{ bytes: number; over: boolean }> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
  const reader = stream.getReader()
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { bytes, over: false }
    bytes += value.byteLength
    if (bytes > budget) {
      await reader.cancel().catch(() => {})
      return { bytes, over: true }
    }
  }
}

/**
 * Whether a zip unpacks to at most `maxUnpackedBytes` in all: 'too_large'
 * when its declared or its real sizes add up to more, 'corrupt' when it
 * cannot be walked or an entry does not inflate (SheetJS would fail on it,
 * or worse, read garbage codes as long back-references for ever).
 *
 * The directory is found the way SheetJS finds it (the last end record in
 * the file), and every entry it lists is counted, as SheetJS inflates every
 * one: entries sharing the same data are counted each time.
 */
export async function checkZipExpansion(bytes: Uint8Array, maxUnpackedBytes: number): Promise<ZipCheck> {
  let end = bytes.length - 22
  while (end >= 0 && u32(bytes, end) !== EOCD) end--
  if (end < 0) return 'corrupt'
  const count = u16(bytes, end + 10)
  let at = u32(bytes, end + 16)

  let total = 0
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL) return 'corrupt'
    const method = u16(bytes, at + 10)
    let compressed = u32(bytes, at + 20)
    let declared = u32(bytes, at + 24)
    const nameLength = u16(bytes, at + 28)
    const extraLength = u16(bytes, at + 30)
    const commentLength = u16(bytes, at + 32)
    const offset = u32(bytes, at + 42)
    if (declared === U32_MAX) {
      const size = zip64Size(bytes, at + 46 + nameLength, extraLength)
      if (size === null) return 'corrupt'
      declared = size
    }
    // The data cannot run past the end of the file, whatever the header says.
    if (compressed === U32_MAX) compressed = bytes.length
    at += 46 + nameLength + extraLength + commentLength

    if (offset + 30 > bytes.length || u32(bytes, offset) !== LOCAL) return 'corrupt'
    // SheetJS sizes its buffers from the local header: count the larger claim.
    const localDeclared = u32(bytes, offset + 22)
    const claim = Math.max(declared, localDeclared === U32_MAX ? 0 : localDeclared)
    if (total + claim > maxUnpackedBytes) return 'too_large'

    const dataStart = offset + 30 + u16(bytes, offset + 26) + u16(bytes, offset + 28)
    const data = bytes.subarray(dataStart, Math.min(bytes.length, dataStart + compressed))
    if (method === 0) {
      total += Math.max(claim, data.length)
      continue
    }
    if (method !== 8) return 'corrupt'
    // The claim may be too small (or 0, sizes left to a trailing descriptor): what counts is what it really inflates to.
    let real: { bytes: number; over: boolean }
    try {
      real = await inflatedSize(data, maxUnpackedBytes - total)
    } catch {
      return 'corrupt'
    }
    if (real.over) return 'too_large'
    total += Math.max(claim, real.bytes)
    if (total > maxUnpackedBytes) return 'too_large'
  }
  return 'ok'
}
