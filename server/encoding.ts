// Content codings: what a request's Accept-Encoding allows, and the two ends of a gzip member written in pieces
// (server/html-compression.ts).

/** Whether an Accept-Encoding header allows `coding` (its own q if listed, else `*`'s; q=0 refuses). */
export function acceptsEncoding(header: string | undefined | null, coding: 'gzip' | 'br') {
  if (!header) return false
  const quality = new Map<string, number>()
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (name) quality.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  return (quality.get(coding) ?? quality.get('*') ?? 0) > 0
}

/** Accept-Encoding allows gzip: named (or `*` when gzip is not named) with a quality above 0. */
export const acceptsGzip = (header: string | undefined | null) => acceptsEncoding(header, 'gzip')

export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block with BFINAL set: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** The end of a gzip member whose deflate data so far ends byte-aligned: a final empty block, the CRC-32 and length. */
export function gzipEnd(crc: number, length: number): Buffer {
  const end = Buffer.alloc(DEFLATE_END.length + 8)
  DEFLATE_END.copy(end)
  end.writeUInt32LE(crc >>> 0, DEFLATE_END.length)
  end.writeUInt32LE(length % 2 ** 32, DEFLATE_END.length + 4)
  return end
}
