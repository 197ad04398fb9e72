// WebP renditions of the drawn art (art-image.ts names them; decision 018, amendment h22). sharp renders the SVG
// (librsvg) at the rendition's width; each rendition is drawn once per process and kept, since the art is a pure
// function of its path. Drawing runs on libuv's thread pool, so it never blocks the event loop.
import sharp from 'sharp'
import { parseArtRendition } from './art-image'
import { renderImageForPath } from './illustrations'

/** Renditions kept in memory: every product kind and palette (both views), category and guide at three widths is
 * about 2,000; at 1-15 KB each, a few MB. Past this, the least recently used are drawn again when asked for. */
const MAX_KEPT = 4_000
const kept = new Map<string, Promise<Buffer>>()

/** The SVG's own width (its `width` attribute), to render at the density that gives `width` pixels without scaling up. */
function svgWidth(svg: string): number {
  return Number(/<svg[^>]*\swidth="([0-9.]+)"/.exec(svg)?.[1]) || 300
}

async function draw(svg: string, width: number): Promise<Buffer> {
  const density = Math.min(2_400, (72 * width) / svgWidth(svg))
  return sharp(Buffer.from(svg), { density }).resize({ width }).webp({ quality: 80 }).toBuffer()
}

/** The WebP bytes for a rendition path (`/images/products/crib-3.w400.webp`), or null when it names nothing we draw. */
export function artRenditionBytes(pathname: string): Promise<Buffer> | null {
  const hit = kept.get(pathname)
  if (hit) {
    kept.delete(pathname)
    kept.set(pathname, hit)
    return hit
  }
  const rendition = parseArtRendition(pathname)
  const svg = rendition ? renderImageForPath(rendition.svgPath) : null
  if (!rendition || svg === null) return null
  const bytes = draw(svg, rendition.width)
  kept.set(pathname, bytes)
  // A failed drawing is not kept: the next request tries again.
  bytes.catch(() => kept.delete(pathname))
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!)
  return bytes
}
