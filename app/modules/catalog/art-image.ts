// Raster renditions of the art we draw (decision 018, amendment h22). Product, category and guide pictures are SVG
// drawn by code (illustrations.ts) and stored by their .svg path. Shown as SVG, every one costs the browser a whole
// SVG document on the page's main thread (about 2-10 ms each in Lighthouse's Chrome: a shop page shows 12-60 of
// them) and is painted there too. Pages show them as WebP renditions instead (same art, rendered by the server at a
// few widths), which the browser decodes off the main thread. This module only names the renditions; the server
// draws them (art-renditions.server.ts). Browser-safe: no imports.

/** The widths a picture is rendered at; `srcset` offers all of them and the browser picks one for its layout. */
export const ART_WIDTHS = [200, 400, 800] as const
export type ArtWidth = (typeof ART_WIDTHS)[number]

/** The kinds of drawn art that get renditions: their pictures are photos in spirit, without words to keep sharp. */
const ART_PATH_RE = /^\/images\/(products|categories|guides)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/
const RENDITION_RE = /^\/images\/(products|categories|guides)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.w([1-9][0-9]{0,3})\.webp$/

/** The WebP rendition of a drawn picture at `width`, or null for any other image (a shop's photo, a logo, a banner). */
export function artRendition(url: string, width: ArtWidth): string | null {
  const match = ART_PATH_RE.exec(url)
  return match ? `/images/${match[1]}/${match[2]}.w${width}.webp` : null
}

/** The drawn picture a rendition path stands for, and its width; null when the path is not one (or the width is not offered). */
export function parseArtRendition(pathname: string): { svgPath: string; width: ArtWidth } | null {
  const match = RENDITION_RE.exec(pathname)
  if (!match) return null
  const width = Number(match[3])
  if (!(ART_WIDTHS as readonly number[]).includes(width)) return null
  return { svgPath: `/images/${match[1]}/${match[2]}.svg`, width: width as ArtWidth }
}

/**
 * The `src`, `srcSet` and `sizes` of an `<img>` showing `url`: the renditions for drawn art (`src` is the 400 px one,
 * for a browser without `srcset`), the URL itself for anything else. `sizes` says how wide the image is laid out.
 */
export function artImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!ART_PATH_RE.test(url)) return { src: url }
  return {
    src: artRendition(url, 400)!,
    srcSet: ART_WIDTHS.map((w) => `${artRendition(url, w)} ${w}w`).join(', '),
    sizes,
  }
}
