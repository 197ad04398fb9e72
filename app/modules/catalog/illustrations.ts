// Flat, friendly SVG illustrations for the demo catalogue: product pictures, brand logos, category
// tiles, guide covers and the placeholder heart. Everything is generated from code (no fonts or
// bitmaps to ship), deterministic, and served by one handler through renderImageForPath().
// It is long because DRAW holds one drawing per product kind, each built from the private shape helpers
// and palettes defined here; it stays one file so those helpers stay private and a new kind is one entry
// beside the others (the banner art already lives apart, in banner-art.ts).

import { BRAND_SEEDS, brandIndexBySlug } from './seed/brand-list'
import { categoryNodeBySlug } from './seed/category-tree'
import { guideSeedBySlug } from './seed/guide-list'
import { hashString } from './seed/prng'
import { BANNER_ART, BANNER_ART_SIZE, type BannerArtSlug } from './banner-art'
import { PLACEHOLDER_HEART_PATH } from './image-paths'

/** Every product illustration, by id. The id appears in image paths, so keep ids stable. */
export const PRODUCT_KINDS = [
  'stroller',
  'car-seat',
  'carrier',
  'crib',
  'bassinet',
  'glider',
  'dresser',
  'mobile',
  'swaddle',
  'blanket',
  'bodysuit',
  'sleeper',
  'hat',
  'socks',
  'bottle',
  'breast-pump',
  'high-chair',
  'bib',
  'pacifier',
  'sippy-cup',
  'diapers',
  'wipes',
  'changing-pad',
  'diaper-bag',
  'bath-tub',
  'hooded-towel',
  'bath-toy',
  'potty',
  'play-mat',
  'bouncer',
  'teether',
  'rattle',
  'plush',
  'books',
  'blocks',
  'monitor',
  'thermometer',
  'nasal-aspirator',
  'humidifier',
  'baby-gate',
  'outlet-covers',
  'cash-fund',
  'gift-card',
  'favor',
] as const

export type ProductKind = (typeof PRODUCT_KINDS)[number]

type Palette = {
  name: string
  /** Page-like background. */
  bg: string
  /** Soft shape behind the object. */
  soft: string
  /** The object's main colour. */
  main: string
  /** A deeper shade of main for details. */
  dark: string
  /** A complementary accent. */
  accent: string
  /** Dark, muted colour for wheels, eyes and text (high contrast on bg and soft). */
  ink: string
}

const PALETTES: readonly Palette[] = [
  { name: 'sage', bg: '#F3F7F1', soft: '#DCEAD6', main: '#93BC9C', dark: '#5F8E6B', accent: '#F2C29B', ink: '#34433A' },
  { name: 'blush', bg: '#FDF4F2', soft: '#F8DCD8', main: '#EBA8A3', dark: '#C7736F', accent: '#F5D58C', ink: '#4B3538' },
  { name: 'sky', bg: '#F1F6FB', soft: '#D7E7F6', main: '#93BCE3', dark: '#5A8BBE', accent: '#F5C7A5', ink: '#2F3F55' },
  { name: 'butter', bg: '#FFF9EC', soft: '#FBEBC3', main: '#F2CE72', dark: '#C99A32', accent: '#9CC7B6', ink: '#4A4030' },
  { name: 'lavender', bg: '#F7F4FC', soft: '#E5DCF4', main: '#B9A6DF', dark: '#8670BC', accent: '#F4C4CE', ink: '#3A3350' },
  { name: 'peach', bg: '#FFF5EE', soft: '#FCE0CE', main: '#F4B08A', dark: '#D27F57', accent: '#A7CCDA', ink: '#4A3428' },
  { name: 'oat', bg: '#FAF6EF', soft: '#EEE3D2', main: '#D2BC9C', dark: '#A2865F', accent: '#A9C6A5', ink: '#433A30' },
  { name: 'mist', bg: '#F3F6F7', soft: '#DFE6EA', main: '#A9BAC6', dark: '#728A9B', accent: '#F1C1B3', ink: '#323D45' },
]

/** How many colour variants each product illustration has (palette ids 0..PALETTE_COUNT-1). */
export const PALETTE_COUNT = PALETTES.length

const WHITE = '#FFFFFF'
const CREAM = '#FFFDF8'
const SKIN = '#F7D9C4'
const SKIN_SHADE = '#EDBFA3'
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const SERIF = "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif"

const KIND_SET: ReadonlySet<string> = new Set(PRODUCT_KINDS)

export function isProductKind(value: string): value is ProductKind {
  return KIND_SET.has(value)
}

/** Escapes text for use inside SVG/XML text nodes and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&apos;',
  )
}

// ---------------------------------------------------------------------------------------------
// Paths

export function productImagePath(kind: ProductKind, palette: number, second = false): string {
  return `/images/products/${kind}-${palette}${second ? '-2' : ''}.svg`
}

export function brandLogoPath(slug: string): string {
  return `/images/brands/${slug}.svg`
}

export function categoryImagePath(slug: string): string {
  return `/images/categories/${slug}.svg`
}

export function guideImagePath(slug: string): string {
  return `/images/guides/${slug}.svg`
}

export { PLACEHOLDER_HEART_PATH }

// The home banner ads' art (its names, size and paths) lives in banner-art.ts, which the staff page imports without
// this module's seed data; it is drawn here (renderBannerSvg).
export { BANNER_ART, BANNER_ART_SIZE, type BannerArtSlug, bannerImagePath } from './banner-art'

/** Image badges shown top-right on product cards. */
export const IMAGE_BADGES = {
  'parents-pick': 'Parents’ Pick',
  'eco-friendly': 'Eco-Friendly',
  'award-winner': 'Award Winner',
} as const

export type ImageBadgeSlug = keyof typeof IMAGE_BADGES

export function badgeImagePath(slug: ImageBadgeSlug): string {
  return `/images/badges/${slug}.svg`
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers (a 300 x 300 canvas; objects sit around the centre with a ground line near y=240)

type Attrs = Record<string, string | number>

const attrs = (extra?: Attrs) =>
  extra
    ? Object.entries(extra)
        .map(([k, v]) => ` ${k}="${v}"`)
        .join('')
    : ''
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra?: Attrs) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${attrs(extra)}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra?: Attrs) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${attrs(extra)}/>`
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra?: Attrs) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${attrs(extra)}/>`
const path = (d: string, fill: string, extra?: Attrs) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`
const line = (d: string, stroke: string, width: number, extra?: Attrs) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`
const group = (content: string, extra?: Attrs) => `<g${attrs(extra)}>${content}</g>`
const shadow = (cx: number, cy: number, rx: number, ink: string) => ellipse(cx, cy, rx, 9, ink, { opacity: 0.08 })

function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 100
  const X = (v: number) => +(cx + v * s).toFixed(1)
  const Y = (v: number) => +(cy + v * s).toFixed(1)
  return `M${X(0)} ${Y(35)} C${X(-55)} ${Y(0)} ${X(-52)} ${Y(-48)} ${X(-22)} ${Y(-50)} C${X(-10)} ${Y(-51)} ${X(-3)} ${Y(-44)} ${X(0)} ${Y(-36)} C${X(3)} ${Y(-44)} ${X(10)} ${Y(-51)} ${X(22)} ${Y(-50)} C${X(52)} ${Y(-48)} ${X(55)} ${Y(0)} ${X(0)} ${Y(35)} Z`
}

function starPath(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const parts: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = (Math.PI * i) / points - Math.PI / 2
    parts.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`)
  }
  return `M${parts.join(' L')} Z`
}

const sleepyEyes = (cx: number, cy: number, gap: number, ink: string) =>
  line(`M${cx - gap - 6} ${cy} Q${cx - gap} ${cy + 5} ${cx - gap + 6} ${cy}`, ink, 2.6) +
  line(`M${cx + gap - 6} ${cy} Q${cx + gap} ${cy + 5} ${cx + gap + 6} ${cy}`, ink, 2.6)

const babyFace = (cx: number, cy: number, r: number, P: Palette) =>
  circle(cx, cy, r, SKIN) +
  path(`M${cx - r * 0.75} ${cy - r * 0.35} Q${cx - r * 0.2} ${cy - r * 1.05} ${cx + r * 0.55} ${cy - r * 0.72} Q${cx + r * 0.1} ${cy - r * 0.55} ${cx - r * 0.75} ${cy - r * 0.35} Z`, SKIN_SHADE) +
  sleepyEyes(cx, cy + r * 0.05, r * 0.38, P.ink) +
  circle(cx - r * 0.55, cy + r * 0.35, r * 0.16, P.accent, { opacity: 0.7 }) +
  circle(cx + r * 0.55, cy + r * 0.35, r * 0.16, P.accent, { opacity: 0.7 }) +
  line(`M${cx - 4} ${cy + r * 0.45} Q${cx} ${cy + r * 0.58} ${cx + 4} ${cy + r * 0.45}`, P.ink, 2.2)

const dots = (points: [number, number][], r: number, fill: string, opacity = 1) =>
  points.map(([x, y]) => circle(x, y, r, fill, opacity < 1 ? { opacity } : undefined)).join('')

// ---------------------------------------------------------------------------------------------
// The objects

type Draw = (P: Palette) => string

const DRAW: Record<ProductKind, Draw> = {
  stroller: (P) =>
    shadow(150, 246, 100, P.ink) +
    line('M96 222 L148 168 L206 226', P.ink, 7) +
    line('M188 160 L232 96', P.ink, 7) +
    line('M226 100 L242 88', P.dark, 13) +
    path('M66 128 H224 Q226 196 160 198 H128 Q68 196 66 128 Z', P.main) +
    path('M66 130 A84 84 0 0 1 150 46 L150 130 Z', P.dark) +
    line('M150 130 L90 70', P.main, 4, { opacity: 0.6 }) +
    line('M150 130 L124 52', P.main, 4, { opacity: 0.6 }) +
    rect(60, 124, 170, 14, 7, P.accent) +
    path('M100 162 Q150 178 200 160', 'none', { stroke: CREAM, 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.7 }) +
    circle(96, 222, 24, P.ink) +
    circle(96, 222, 9, P.soft) +
    circle(206, 226, 20, P.ink) +
    circle(206, 226, 7, P.soft),

  'car-seat': (P) =>
    shadow(150, 244, 78, P.ink) +
    rect(86, 214, 128, 24, 10, P.ink) +
    rect(96, 58, 108, 160, 44, P.main) +
    rect(74, 70, 36, 70, 18, P.dark) +
    rect(190, 70, 36, 70, 18, P.dark) +
    rect(112, 78, 76, 104, 30, P.soft) +
    rect(84, 162, 132, 58, 26, P.dark) +
    rect(104, 160, 92, 44, 20, P.soft) +
    line('M126 96 L140 176', P.ink, 8) +
    line('M174 96 L160 176', P.ink, 8) +
    rect(132, 128, 36, 13, 6, P.accent) +
    circle(150, 184, 10, P.accent) +
    circle(150, 184, 4, P.ink),

  carrier: (P) =>
    shadow(150, 244, 80, P.ink) +
    line('M112 104 Q104 60 78 44', P.dark, 16) +
    line('M188 104 Q196 60 222 44', P.dark, 16) +
    babyFace(150, 96, 32, P) +
    path('M120 68 Q150 56 180 68', 'none', { stroke: SKIN_SHADE, 'stroke-width': 3, 'stroke-linecap': 'round' }) +
    path('M98 112 Q150 100 202 112 L210 198 Q150 214 90 198 Z', P.main) +
    path('M98 112 Q150 100 202 112 L203 126 Q150 114 97 126 Z', P.accent) +
    path('M128 150 Q150 160 172 150', 'none', { stroke: P.dark, 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.5 }) +
    rect(70, 192, 160, 34, 17, P.dark) +
    rect(138, 197, 24, 24, 6, P.accent),

  crib: (P) =>
    shadow(150, 246, 104, P.ink) +
    rect(58, 70, 18, 172, 9, P.dark) +
    rect(224, 70, 18, 172, 9, P.dark) +
    circle(67, 66, 11, P.dark) +
    circle(233, 66, 11, P.dark) +
    rect(68, 180, 164, 18, 4, CREAM) +
    Array.from({ length: 9 }, (_, i) => rect(84 + i * 16, 100, 8, 92, 4, P.main)).join('') +
    rect(64, 88, 172, 14, 7, P.main) +
    rect(64, 192, 172, 16, 8, P.main) +
    path('M150 102 Q170 100 186 110 L184 160 Q168 152 152 156 Z', P.accent, { opacity: 0.95 }) +
    rect(66, 208, 8, 30, 4, P.dark) +
    rect(226, 208, 8, 30, 4, P.dark),

  bassinet: (P) =>
    shadow(150, 246, 86, P.ink) +
    line('M108 238 L190 176', P.ink, 7) +
    line('M192 238 L110 176', P.ink, 7) +
    circle(108, 238, 6, P.ink) +
    circle(192, 238, 6, P.ink) +
    path('M66 134 Q70 194 150 196 Q230 194 234 134 Z', P.main) +
    line('M90 150 Q150 166 210 150', P.dark, 3, { opacity: 0.35 }) +
    line('M100 168 Q150 182 200 168', P.dark, 3, { opacity: 0.35 }) +
    path('M66 136 Q64 64 138 62 L150 136 Z', P.dark) +
    line('M80 120 Q92 84 130 74', P.main, 4, { opacity: 0.6 }) +
    rect(58, 128, 184, 14, 7, P.accent) +
    circle(184, 118, 14, SKIN) +
    path('M158 130 Q170 110 196 118 L214 130 Z', CREAM),

  glider: (P) =>
    shadow(150, 248, 100, P.ink) +
    line('M64 234 Q150 252 236 234', P.ink, 8) +
    line('M98 206 L92 236', P.ink, 7) +
    line('M202 206 L208 236', P.ink, 7) +
    rect(92, 60, 116, 130, 46, P.main) +
    line('M150 78 L150 150', P.dark, 3, { opacity: 0.3 }) +
    rect(78, 158, 144, 50, 22, P.dark) +
    rect(62, 124, 40, 82, 20, P.main) +
    rect(198, 124, 40, 82, 20, P.main) +
    rect(62, 124, 40, 16, 8, P.dark, { opacity: 0.35 }) +
    rect(198, 124, 40, 16, 8, P.dark, { opacity: 0.35 }) +
    rect(118, 118, 64, 44, 18, P.accent, { transform: 'rotate(-6 150 140)' }) +
    circle(150, 140, 4, CREAM, { opacity: 0.9 }),

  dresser: (P) =>
    shadow(150, 244, 96, P.ink) +
    rect(66, 96, 168, 134, 14, P.main) +
    rect(58, 86, 184, 18, 9, P.dark) +
    [110, 146, 182].map((y) => rect(80, y, 140, 30, 9, P.soft) + circle(150, y + 15, 5, P.accent)).join('') +
    rect(76, 228, 16, 14, 4, P.dark) +
    rect(208, 228, 16, 14, 4, P.dark) +
    path('M184 86 L188 62 H214 L218 86 Z', P.accent) +
    ellipse(192, 50, 9, 16, P.dark, { transform: 'rotate(-25 192 50)' }) +
    ellipse(208, 48, 9, 17, P.dark, { transform: 'rotate(22 208 48)' }) +
    ellipse(200, 42, 8, 18, P.main) +
    rect(92, 62, 44, 24, 8, CREAM) +
    circle(114, 74, 6, P.accent),

  mobile: (P) =>
    line('M150 32 L150 70', P.ink, 5) +
    circle(150, 74, 9, P.dark) +
    line('M70 104 Q150 60 230 104', P.dark, 6) +
    line('M84 98 L84 150', P.ink, 2, { opacity: 0.5 }) +
    line('M150 80 L150 186', P.ink, 2, { opacity: 0.5 }) +
    line('M216 98 L216 160', P.ink, 2, { opacity: 0.5 }) +
    line('M117 84 L117 128', P.ink, 2, { opacity: 0.5 }) +
    line('M183 84 L183 126', P.ink, 2, { opacity: 0.5 }) +
    path(starPath(84, 168, 24, 11), P.accent) +
    path('M150 186 m-26 0 a26 26 0 1 0 52 0 a20 20 0 1 1 -52 0 Z', P.main, { transform: 'rotate(-30 150 200)' }) +
    path('M190 170 q0 -14 14 -14 q4 -12 18 -10 q14 0 16 14 q12 2 12 14 q0 12 -14 12 h-34 q-12 0 -12 -16 Z', CREAM, { transform: 'translate(-28 2)' }) +
    path(heartPath(117, 142, 34), P.dark) +
    path(starPath(183, 138, 16, 7), P.main),

  swaddle: (P) =>
    shadow(150, 242, 72, P.ink) +
    path('M96 128 Q98 64 150 62 Q202 64 204 128 Q212 206 150 236 Q88 206 96 128 Z', P.main) +
    dots([[120, 190], [170, 200], [146, 214], [180, 168], [118, 160], [150, 178]], 4, CREAM, 0.8) +
    path('M112 108 Q150 60 188 108 Q186 150 150 152 Q114 150 112 108 Z', P.dark) +
    babyFace(150, 116, 30, P) +
    path('M96 140 Q150 176 206 128 L204 150 Q150 196 98 160 Z', P.soft) +
    line('M110 176 Q150 200 196 168', P.dark, 3, { opacity: 0.4 }),

  blanket: (P) =>
    shadow(150, 244, 96, P.ink) +
    rect(66, 184, 168, 50, 16, P.dark) +
    line('M84 196 H216', CREAM, 3, { opacity: 0.5 }) +
    rect(74, 136, 152, 52, 16, P.main) +
    line('M90 150 H210', CREAM, 3, { opacity: 0.5, 'stroke-dasharray': '2 8' }) +
    rect(82, 84, 136, 56, 16, P.soft) +
    [100, 124, 148, 172, 196].map((x) => rect(x - 6, 84, 12, 56, 0, P.accent, { opacity: 0.45 })).join('') +
    [96, 118].map((y) => rect(82, y, 136, 10, 0, P.accent, { opacity: 0.35 })).join('') +
    rect(82, 84, 136, 56, 16, 'none', { stroke: P.accent, 'stroke-width': 3 }) +
    path('M150 66 q-22 -18 -30 -4 q-4 10 30 12 q34 -2 30 -12 q-8 -14 -30 4 Z', P.dark) +
    rect(142, 64, 16, 16, 5, P.dark),

  bodysuit: (P) =>
    shadow(150, 246, 70, P.ink) +
    path('M106 66 Q150 92 194 66 L234 90 L218 130 L198 120 L198 186 Q198 206 180 214 L168 236 H132 L120 214 Q102 206 102 186 L102 120 L82 130 L66 90 Z', P.main) +
    path('M106 66 Q150 92 194 66 L186 62 Q150 82 114 62 Z', P.dark) +
    line('M82 130 L102 120', P.dark, 4, { opacity: 0.4 }) +
    line('M218 130 L198 120', P.dark, 4, { opacity: 0.4 }) +
    path(heartPath(150, 150, 40), P.accent) +
    rect(132, 226, 36, 10, 4, P.dark) +
    dots([[140, 231], [160, 231]], 2.6, CREAM),

  sleeper: (P) =>
    shadow(150, 248, 80, P.ink) +
    path('M112 56 Q150 76 188 56 L226 80 L242 150 L220 158 L204 110 L206 170 L212 230 Q212 244 196 244 H162 L156 190 H144 L138 244 H104 Q88 244 88 230 L94 170 L96 110 L80 158 L58 150 L74 80 Z', P.main) +
    path('M112 56 Q150 76 188 56 L180 52 Q150 68 120 52 Z', P.dark) +
    ellipse(121, 238, 19, 9, P.dark) +
    ellipse(179, 238, 19, 9, P.dark) +
    rect(54, 146, 24, 14, 7, P.dark, { transform: 'rotate(15 66 153)' }) +
    rect(222, 146, 24, 14, 7, P.dark, { transform: 'rotate(-15 234 153)' }) +
    line('M150 70 L150 186', P.ink, 3, { opacity: 0.5, 'stroke-dasharray': '3 5' }) +
    circle(150, 72, 5, P.accent) +
    path(starPath(122, 120, 9, 4), CREAM, { opacity: 0.9 }) +
    path(starPath(180, 150, 9, 4), CREAM, { opacity: 0.9 }) +
    path(starPath(124, 196, 7, 3), CREAM, { opacity: 0.9 }) +
    path(starPath(178, 104, 6, 3), P.accent),

  hat: (P) =>
    shadow(150, 240, 84, P.ink) +
    circle(98, 98, 22, P.main) +
    circle(202, 98, 22, P.main) +
    circle(98, 98, 11, P.accent) +
    circle(202, 98, 11, P.accent) +
    path('M76 190 Q74 86 150 84 Q226 86 224 190 Z', P.main) +
    [110, 130, 150, 170, 190].map((x) => line(`M${x} 100 Q${x + (x - 150) * 0.25} 150 ${x + (x - 150) * 0.1} 186`, P.dark, 2.5, { opacity: 0.25 })).join('') +
    rect(68, 178, 164, 48, 22, P.dark) +
    Array.from({ length: 11 }, (_, i) => line(`M${86 + i * 12.8} 186 V218`, P.main, 3, { opacity: 0.35 })).join(''),

  socks: (P) => {
    const sock = (fill: string, cuff: string, toe: string) =>
      path('M104 56 H160 V150 Q160 164 172 174 L196 194 Q212 210 198 226 Q184 240 166 228 L114 188 Q104 180 104 164 Z', fill) +
      rect(100, 50, 64, 26, 10, cuff) +
      path('M166 228 Q184 240 198 226 Q212 210 196 194 L186 186 Q170 206 166 228 Z', toe) +
      path('M104 160 Q104 184 120 194 L132 168 Q118 168 104 150 Z', toe)
    return (
      shadow(160, 244, 78, P.ink) +
      group(sock(P.dark, P.main, P.accent), { transform: 'translate(34 10) rotate(8 150 150)' }) +
      group(sock(P.main, P.soft, P.accent) + line('M108 96 H156', CREAM, 4, { opacity: 0.6 }) + line('M108 112 H156', CREAM, 4, { opacity: 0.6 }), {
        transform: 'translate(-26 0) rotate(-6 150 150)',
      })
    )
  },

  bottle: (P) =>
    shadow(150, 248, 50, P.ink) +
    path('M134 52 Q150 22 166 52 L170 74 H130 Z', '#F3DDBF') +
    rect(114, 70, 72, 28, 10, P.dark) +
    rect(114, 94, 72, 150, 28, CREAM) +
    path('M114 150 H186 V216 Q186 244 158 244 H142 Q114 244 114 216 Z', WHITE) +
    path('M114 150 H186 V216 Q186 244 158 244 H142 Q114 244 114 216 Z', P.soft, { opacity: 0.55 }) +
    rect(114, 94, 72, 150, 28, 'none', { stroke: P.main, 'stroke-width': 6 }) +
    [120, 140, 160, 180, 200].map((y, i) => line(`M170 ${y} H${i % 2 ? 178 : 174}`, P.dark, 3)).join('') +
    path(heartPath(140, 196, 26), P.accent) +
    rect(124, 104, 8, 40, 4, WHITE, { opacity: 0.9 }),

  'breast-pump': (P) =>
    shadow(150, 246, 100, P.ink) +
    line('M140 170 C176 170 178 106 204 100', P.ink, 4, { opacity: 0.7 }) +
    rect(54, 120, 96, 116, 26, P.main) +
    rect(70, 138, 64, 34, 10, CREAM) +
    line('M80 160 L92 150 L104 158 L120 146', P.dark, 3) +
    circle(84, 202, 11, P.accent) +
    circle(120, 202, 11, P.dark) +
    path('M184 62 Q214 50 244 62 L226 106 H202 Z', P.soft, { stroke: P.dark, 'stroke-width': 3, 'stroke-linejoin': 'round' }) +
    rect(196, 104, 36, 20, 6, P.dark) +
    rect(198, 122, 32, 110, 12, CREAM, { stroke: P.main, 'stroke-width': 4 }) +
    path('M200 182 H228 V220 Q228 230 218 230 H210 Q200 230 200 220 Z', WHITE) +
    line('M214 140 H222 M214 156 H222', P.dark, 3),

  'high-chair': (P) =>
    shadow(150, 248, 100, P.ink) +
    line('M116 176 L84 242', P.ink, 8) +
    line('M184 176 L216 242', P.ink, 8) +
    line('M128 180 L120 242', P.ink, 6, { opacity: 0.5 }) +
    line('M172 180 L180 242', P.ink, 6, { opacity: 0.5 }) +
    line('M100 212 H200', P.dark, 8) +
    rect(106, 56, 88, 120, 34, P.main) +
    rect(118, 68, 64, 92, 26, CREAM, { opacity: 0.75 }) +
    path(starPath(150, 100, 11, 5), P.accent) +
    rect(98, 160, 104, 30, 14, P.dark) +
    rect(74, 140, 152, 22, 11, P.accent) +
    rect(74, 140, 152, 8, 4, CREAM, { opacity: 0.35 }) +
    path('M170 140 Q171 118 190 117 H198 Q214 118 214 140 Z', CREAM) +
    path('M170 140 Q171 118 190 117 H198 Q214 118 214 140 Z', 'none', { stroke: P.dark, 'stroke-width': 3, opacity: 0.5 }) +
    line('M92 134 L112 112', P.ink, 4),

  bib: (P) =>
    shadow(150, 244, 70, P.ink) +
    path('M96 74 Q96 56 116 58 Q124 100 150 100 Q176 100 184 58 Q204 56 204 74 L214 168 Q214 232 150 234 Q86 232 86 168 Z', P.main) +
    path('M96 74 Q96 56 116 58 Q124 100 150 100 Q176 100 184 58 Q204 56 204 74', 'none', { stroke: P.dark, 'stroke-width': 6, 'stroke-linecap': 'round' }) +
    path('M92 186 Q150 212 208 186 L210 192 Q206 230 150 232 Q94 230 90 192 Z', P.dark) +
    circle(108, 70, 6, P.accent) +
    circle(150, 146, 24, P.accent) +
    path('M150 122 Q146 110 156 104', 'none', { stroke: P.ink, 'stroke-width': 3, 'stroke-linecap': 'round' }) +
    ellipse(160, 112, 9, 5, P.dark, { transform: 'rotate(-30 160 112)' }) +
    circle(142, 140, 4, CREAM, { opacity: 0.8 }),

  pacifier: (P) =>
    shadow(150, 240, 76, P.ink) +
    circle(150, 84, 30, 'none', { stroke: P.dark, 'stroke-width': 14 }) +
    path('M150 110 C94 96 62 132 76 168 C88 198 126 196 150 186 C174 196 212 198 224 168 C238 132 206 96 150 110 Z', P.main) +
    ellipse(100, 152, 10, 14, P.bg) +
    ellipse(200, 152, 10, 14, P.bg) +
    circle(150, 150, 26, P.accent) +
    circle(150, 150, 12, CREAM, { opacity: 0.7 }),

  'sippy-cup': (P) =>
    shadow(150, 246, 64, P.ink) +
    line('M108 132 Q72 136 78 168 Q82 192 112 190', P.dark, 13) +
    line('M192 132 Q228 136 222 168 Q218 192 188 190', P.dark, 13) +
    path('M108 112 H192 L184 226 Q150 242 116 226 Z', P.main) +
    path('M111 150 H189 L187 176 H113 Z', P.soft) +
    dots([[132, 163], [150, 163], [168, 163]], 5, P.accent) +
    path('M134 94 Q138 56 156 54 Q170 54 168 94 Z', P.accent) +
    rect(102, 90, 96, 26, 12, P.dark),

  diapers: (P) =>
    shadow(150, 246, 86, P.ink) +
    path('M76 86 Q76 70 92 70 H208 Q224 70 224 86 L230 226 Q230 240 216 240 H84 Q70 240 70 226 Z', P.main) +
    path('M76 86 Q76 70 92 70 H208 Q224 70 224 86 V96 H76 Z', P.dark) +
    rect(130, 78, 40, 10, 5, P.soft) +
    circle(150, 164, 52, CREAM) +
    path('M118 140 Q150 148 182 140 L180 160 Q166 164 162 182 Q158 198 150 198 Q142 198 138 182 Q134 164 120 160 Z', WHITE, { stroke: P.main, 'stroke-width': 3, 'stroke-linejoin': 'round' }) +
    rect(116, 138, 14, 12, 4, P.accent) +
    rect(170, 138, 14, 12, 4, P.accent) +
    rect(96, 222, 108, 8, 4, P.soft, { opacity: 0.6 }),

  wipes: (P) =>
    shadow(150, 240, 94, P.ink) +
    rect(62, 118, 176, 104, 34, P.main) +
    rect(62, 196, 176, 26, 13, P.dark, { opacity: 0.35 }) +
    path('M124 146 Q126 98 150 88 Q162 100 176 92 Q174 120 176 146 Z', WHITE) +
    line('M140 104 Q152 112 162 104', P.soft, 3) +
    rect(108, 132, 84, 44, 18, P.dark) +
    rect(122, 142, 56, 22, 11, P.soft) +
    ellipse(190, 196, 12, 7, CREAM, { transform: 'rotate(-30 190 196)', opacity: 0.9 }) +
    ellipse(204, 190, 12, 7, P.accent, { transform: 'rotate(30 204 190)' }),

  'changing-pad': (P) =>
    shadow(150, 238, 112, P.ink) +
    rect(40, 108, 220, 120, 46, P.dark) +
    rect(62, 128, 176, 80, 32, P.main) +
    path('M62 160 Q62 128 94 128 H206 Q238 128 238 160 Q150 146 62 160 Z', CREAM, { opacity: 0.35 }) +
    [96, 128, 160, 192, 224].flatMap((x) => [150, 184].map((y) => circle(x - 8, y, 4, CREAM, { opacity: 0.75 }))).join('') +
    line('M104 150 L136 184 M136 150 L104 184 M168 150 L200 184 M200 150 L168 184', CREAM, 2, { opacity: 0.3 }) +
    rect(40, 108, 220, 24, 12, CREAM, { opacity: 0.18 }) +
    rect(196, 90, 40, 30, 10, P.accent) +
    circle(216, 105, 6, CREAM, { opacity: 0.8 }),

  'diaper-bag': (P) =>
    shadow(150, 246, 84, P.ink) +
    line('M118 92 Q118 40 150 40 Q182 40 182 92', P.dark, 12) +
    rect(80, 80, 140, 156, 40, P.main) +
    path('M80 120 Q150 96 220 120 V130 Q150 110 80 130 Z', P.dark, { opacity: 0.35 }) +
    rect(98, 150, 104, 72, 22, P.dark) +
    path('M98 166 Q98 150 116 150 H184 Q202 150 202 166 V178 Q150 196 98 178 Z', P.soft) +
    rect(140, 174, 20, 16, 5, P.accent) +
    rect(212, 140, 26, 66, 10, P.soft) +
    rect(218, 120, 14, 24, 6, P.accent),

  'bath-tub': (P) =>
    shadow(150, 244, 96, P.ink) +
    [[112, 112, 14], [160, 102, 17], [188, 118, 12], [134, 96, 10], [206, 104, 8]]
      .map(([x, y, r]) => circle(x as number, y as number, r as number, WHITE, { stroke: P.soft, 'stroke-width': 3 }))
      .join('') +
    path('M226 116 q0 -18 14 -20 q12 0 12 12 l10 4 l-10 4 q-4 4 -10 4 Z', '#F6CF5E') +
    path('M58 130 H242 Q238 214 190 224 H110 Q62 214 58 130 Z', P.main) +
    rect(50, 122, 200, 18, 9, P.dark) +
    line('M86 160 Q150 178 214 160', CREAM, 4, { opacity: 0.45 }) +
    circle(104, 232, 9, P.ink) +
    circle(196, 232, 9, P.ink),

  'hooded-towel': (P) =>
    shadow(150, 246, 92, P.ink) +
    path('M62 130 L150 60 L238 130 V228 Q238 240 226 240 H74 Q62 240 62 228 Z', P.main) +
    [186, 204, 222].map((y) => line(`M70 ${y} H230`, CREAM, 4, { opacity: 0.5 })).join('') +
    circle(110, 78, 18, P.dark) +
    circle(190, 78, 18, P.dark) +
    circle(110, 78, 9, P.accent) +
    circle(190, 78, 9, P.accent) +
    path('M96 132 L150 70 L204 132 Q150 156 96 132 Z', P.dark) +
    circle(132, 112, 5, P.ink) +
    circle(168, 112, 5, P.ink) +
    ellipse(150, 124, 9, 6, P.ink) +
    circle(122, 124, 6, P.accent, { opacity: 0.8 }) +
    circle(178, 124, 6, P.accent, { opacity: 0.8 }),

  'bath-toy': (P) =>
    shadow(150, 246, 90, P.ink) +
    path('M78 170 Q80 132 128 140 Q108 120 112 96 Q118 62 154 62 Q190 64 192 102 Q194 124 176 138 Q224 122 232 158 Q236 214 160 222 Q86 224 78 170 Z', '#F6CF5E') +
    path('M110 176 Q140 206 190 184 Q168 200 140 198 Q118 194 110 176 Z', '#E8B640') +
    path('M188 96 Q214 92 220 102 Q212 112 188 110 Z', '#F29E5C') +
    circle(166, 94, 6, P.ink) +
    circle(168, 92, 2, WHITE) +
    circle(178, 110, 6, '#F4A7A0', { opacity: 0.7 }) +
    path('M50 214 Q75 200 100 214 T150 214 T200 214 T250 214 V240 Q150 252 50 240 Z', P.main, { opacity: 0.9 }),

  potty: (P) =>
    shadow(150, 244, 80, P.ink) +
    rect(100, 62, 100, 96, 36, P.dark) +
    rect(114, 76, 72, 56, 24, CREAM, { opacity: 0.4 }) +
    path(starPath(150, 102, 12, 5), P.accent) +
    path('M84 150 H216 L200 226 Q150 242 100 226 Z', P.main) +
    rect(90, 170, 120, 10, 5, CREAM, { opacity: 0.35 }) +
    ellipse(150, 150, 76, 20, P.dark) +
    ellipse(150, 150, 50, 11, P.soft) +
    path('M128 150 Q150 126 172 150 Z', P.main),

  'play-mat': (P) =>
    line('M150 58 V100', P.ink, 2, { opacity: 0.5 }) +
    line('M112 82 V132', P.ink, 2, { opacity: 0.5 }) +
    line('M190 84 V128', P.ink, 2, { opacity: 0.5 }) +
    ellipse(150, 220, 122, 28, P.main) +
    ellipse(150, 216, 96, 18, P.soft) +
    dots([[100, 218], [150, 226], [200, 214], [128, 208], [176, 208]], 5, P.accent) +
    line('M52 218 Q72 60 150 56 Q228 60 248 218', P.dark, 10) +
    line('M84 224 Q112 90 150 88 Q190 90 216 224', P.accent, 8) +
    path(starPath(150, 114, 18, 8), P.accent) +
    circle(112, 146, 13, 'none', { stroke: P.main, 'stroke-width': 6 }) +
    path('M190 150 m-14 0 a14 14 0 1 0 28 0 a11 11 0 1 1 -28 0 Z', CREAM, { transform: 'rotate(-30 190 150)' }),

  bouncer: (P) =>
    shadow(150, 244, 100, P.ink) +
    line('M74 238 H226 Q246 238 238 214', P.ink, 7) +
    line('M74 238 Q52 238 60 206', P.ink, 7) +
    line('M104 150 Q156 70 218 176', P.dark, 6) +
    line('M150 104 V126', P.ink, 2, { opacity: 0.5 }) +
    line('M186 118 V140', P.ink, 2, { opacity: 0.5 }) +
    path('M58 124 Q54 94 84 94 Q108 96 120 124 Q144 170 196 180 Q236 176 242 194 Q244 220 200 222 Q118 224 82 186 Q60 160 58 124 Z', P.main) +
    path('M76 124 Q76 108 90 110 Q104 114 110 136 Q132 182 196 198', 'none', { stroke: CREAM, 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.55 }) +
    babyFace(94, 124, 21, P) +
    line('M122 156 L140 180', P.dark, 6) +
    path(starPath(150, 132, 11, 5), P.accent) +
    circle(186, 146, 8, P.accent),

  teether: (P) =>
    shadow(150, 244, 80, P.ink) +
    circle(118, 168, 48, 'none', { stroke: P.main, 'stroke-width': 24 }) +
    dots([[82, 150], [96, 204], [140, 214], [156, 140]], 3.5, CREAM, 0.8) +
    path(starPath(186, 112, 54, 30, 5), P.accent, { transform: 'rotate(12 186 112)' }) +
    path(starPath(186, 112, 30, 17, 5), P.bg, { transform: 'rotate(12 186 112)', opacity: 0.6 }) +
    circle(152, 136, 12, P.dark),

  rattle: (P) =>
    shadow(150, 244, 64, P.ink) +
    group(
      rect(141, 140, 18, 88, 9, P.dark) +
        circle(150, 232, 16, P.accent) +
        rect(128, 136, 44, 14, 7, P.accent) +
        circle(150, 96, 50, P.main) +
        path('M104 80 Q150 100 196 80', 'none', { stroke: CREAM, 'stroke-width': 6, opacity: 0.7 }) +
        path('M102 108 Q150 128 198 108', 'none', { stroke: CREAM, 'stroke-width': 6, opacity: 0.7 }) +
        circle(132, 76, 8, WHITE, { opacity: 0.6 }),
      { transform: 'rotate(-28 150 150) translate(0 -6)' },
    ),

  plush: (P) =>
    shadow(150, 244, 76, P.ink) +
    circle(106, 74, 22, P.main) +
    circle(194, 74, 22, P.main) +
    circle(106, 74, 11, P.accent) +
    circle(194, 74, 11, P.accent) +
    ellipse(150, 194, 58, 50, P.main) +
    ellipse(150, 200, 34, 30, P.soft) +
    ellipse(96, 176, 16, 26, P.main, { transform: 'rotate(30 96 176)' }) +
    ellipse(204, 176, 16, 26, P.main, { transform: 'rotate(-30 204 176)' }) +
    ellipse(118, 234, 22, 14, P.dark) +
    ellipse(182, 234, 22, 14, P.dark) +
    circle(150, 110, 52, P.main) +
    ellipse(150, 126, 22, 16, P.soft) +
    ellipse(150, 120, 8, 6, P.ink) +
    line('M150 126 V132 M142 134 Q150 140 158 134', P.ink, 2.5) +
    circle(130, 102, 6, P.ink) +
    circle(170, 102, 6, P.ink) +
    circle(118, 122, 7, P.accent, { opacity: 0.7 }) +
    circle(182, 122, 7, P.accent, { opacity: 0.7 }) +
    path('M150 162 L126 150 V174 Z M150 162 L174 150 V174 Z', P.accent) +
    circle(150, 162, 6, P.dark),

  books: (P) =>
    shadow(150, 244, 96, P.ink) +
    rect(62, 206, 170, 30, 8, P.dark) +
    rect(62, 212, 160, 18, 3, CREAM, { transform: 'translate(8 0)' }) +
    rect(70, 176, 156, 30, 8, P.accent) +
    rect(78, 182, 142, 18, 3, CREAM) +
    rect(84, 70, 96, 106, 10, P.main) +
    rect(84, 70, 16, 106, 6, P.dark) +
    circle(142, 112, 24, CREAM) +
    path(starPath(142, 112, 14, 6), P.accent) +
    rect(116, 146, 50, 6, 3, CREAM, { opacity: 0.8 }) +
    rect(186, 92, 40, 84, 8, P.soft) +
    rect(186, 92, 40, 12, 4, P.dark, { opacity: 0.5 }),

  // Shapes on the blocks rather than letters: text in a picture costs the browser a font look-up (decision 018, h23).
  blocks: (P) => {
    const block = (x: number, y: number, fill: string, shape: string) =>
      rect(x, y, 70, 70, 12, fill) + rect(x + 8, y + 8, 54, 54, 8, 'none', { stroke: CREAM, 'stroke-width': 3, opacity: 0.6 }) + shape
    return (
      shadow(150, 244, 92, P.ink) +
      block(76, 166, P.main, path(starPath(111, 202, 20, 9), P.ink)) +
      block(154, 166, P.accent, path(heartPath(189, 200, 40), P.ink)) +
      group(block(115, 94, P.dark, circle(150, 129, 15, CREAM)), { transform: 'rotate(-6 150 130)' })
    )
  },

  monitor: (P) =>
    shadow(150, 244, 100, P.ink) +
    ellipse(104, 226, 38, 12, P.dark) +
    rect(97, 142, 14, 84, 7, P.dark) +
    circle(104, 112, 44, CREAM) +
    circle(104, 112, 44, 'none', { stroke: P.main, 'stroke-width': 6 }) +
    circle(104, 112, 20, P.ink) +
    circle(104, 112, 9, P.dark) +
    circle(97, 105, 4, WHITE) +
    circle(132, 84, 4, P.accent) +
    rect(162, 122, 82, 116, 18, P.main) +
    rect(172, 134, 62, 62, 10, P.ink) +
    path('M214 150 a14 14 0 1 0 8 24 a11 11 0 1 1 -8 -24 Z', P.accent) +
    path(starPath(188, 152, 5, 2), CREAM) +
    circle(186, 216, 7, P.dark) +
    circle(220, 216, 7, P.accent),

  thermometer: (P) =>
    shadow(150, 242, 70, P.ink) +
    group(
      rect(126, 40, 48, 176, 24, CREAM) +
        rect(126, 40, 48, 176, 24, 'none', { stroke: P.main, 'stroke-width': 6 }) +
        path('M138 214 H162 L156 252 Q150 262 144 252 Z', P.dark) +
        rect(134, 64, 32, 56, 8, P.soft) +
        line('M142 80 H158 M142 92 H154 M142 104 H158', P.ink, 3) +
        circle(150, 150, 11, P.accent) +
        rect(140, 178, 20, 10, 5, P.main),
      { transform: 'rotate(32 150 150)' },
    ),

  'nasal-aspirator': (P) =>
    shadow(150, 246, 64, P.ink) +
    path('M138 118 L144 52 Q150 40 156 52 L162 118 Z', P.dark) +
    path('M150 242 Q88 242 88 178 Q88 118 150 116 Q212 118 212 178 Q212 242 150 242 Z', P.main) +
    ellipse(124, 160, 12, 20, WHITE, { opacity: 0.5, transform: 'rotate(20 124 160)' }) +
    rect(130, 112, 40, 14, 7, P.accent) +
    path('M200 70 q10 14 0 22 q-10 -8 0 -22 Z', P.main) +
    path('M220 96 q7 10 0 16 q-7 -6 0 -16 Z', P.accent),

  humidifier: (P) =>
    line('M142 72 Q128 58 142 46 Q156 34 142 22', WHITE, 9) +
    line('M164 66 Q178 52 164 40', WHITE, 8) +
    line('M142 72 Q128 58 142 46 Q156 34 142 22', P.main, 3.5) +
    line('M164 66 Q178 52 164 40', P.main, 3.5) +
    shadow(150, 244, 70, P.ink) +
    path('M150 76 Q204 120 210 174 Q214 236 150 236 Q86 236 90 174 Q96 120 150 76 Z', P.main) +
    ellipse(150, 172, 28, 36, P.soft, { opacity: 0.9 }) +
    path('M124 172 Q150 184 176 172 Q176 206 150 206 Q124 206 124 172 Z', '#BFE0F0', { opacity: 0.9 }) +
    rect(100, 214, 100, 24, 12, P.dark) +
    circle(150, 226, 5, P.accent),

  'baby-gate': (P) =>
    shadow(150, 246, 112, P.ink) +
    rect(46, 58, 20, 182, 8, P.dark) +
    rect(234, 58, 20, 182, 8, P.dark) +
    Array.from({ length: 9 }, (_, i) => rect(80 + i * 18, 82, 8, 138, 4, P.main)).join('') +
    rect(60, 70, 180, 18, 9, P.main) +
    rect(60, 214, 180, 18, 9, P.main) +
    rect(140, 110, 30, 34, 10, P.accent) +
    circle(155, 127, 5, P.ink) +
    path(heartPath(110, 100, 18), P.accent),

  'outlet-covers': (P) => {
    const socket = (y: number) =>
      ellipse(150, y, 34, 26, P.soft) +
      rect(122, y - 14, 56, 28, 12, P.main) +
      rect(142, y - 22, 16, 14, 5, P.dark) +
      circle(150, y + 1, 4, CREAM)
    return (
      shadow(150, 246, 74, P.ink) +
      rect(92, 52, 116, 186, 22, WHITE) +
      rect(92, 52, 116, 186, 22, 'none', { stroke: P.soft, 'stroke-width': 5 }) +
      socket(106) +
      socket(184) +
      circle(150, 145, 5, P.dark, { opacity: 0.5 }) +
      path(heartPath(222, 82, 30), P.accent)
    )
  },

  'cash-fund': (P) =>
    shadow(150, 246, 86, P.ink) +
    circle(150, 62, 22, P.accent) +
    circle(150, 62, 15, 'none', { stroke: P.ink, 'stroke-width': 2.5, opacity: 0.35 }) +
    rect(146, 52, 8, 20, 3, P.ink, { opacity: 0.35 }) +
    path('M102 126 L94 96 L126 112 Z', P.dark) +
    ellipse(150, 164, 86, 64, P.main) +
    rect(92, 206, 22, 34, 10, P.dark) +
    rect(186, 206, 22, 34, 10, P.dark) +
    ellipse(234, 164, 16, 20, P.dark) +
    circle(230, 158, 3.5, P.ink) +
    circle(238, 170, 3.5, P.ink) +
    circle(196, 138, 6, P.ink) +
    circle(196, 162, 10, P.accent, { opacity: 0.6 }) +
    rect(128, 104, 44, 10, 5, P.dark) +
    line('M66 156 q-14 -6 -8 -16 q8 -6 12 4', P.dark, 5) +
    path('M110 150 Q150 130 176 148', 'none', { stroke: CREAM, 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.5 }),

  'gift-card': (P) =>
    shadow(150, 240, 100, P.ink) +
    rect(70, 96, 176, 112, 16, P.dark, { transform: 'rotate(8 158 152)' }) +
    group(
      rect(54, 92, 184, 116, 16, P.main) +
        rect(54, 136, 184, 22, 0, P.accent) +
        rect(108, 92, 22, 116, 0, P.accent) +
        path('M119 136 C92 104 76 126 96 136 Z M119 136 C146 104 162 126 142 136 Z', P.dark) +
        circle(119, 136, 8, P.dark) +
        rect(166, 178, 56, 10, 5, CREAM, { opacity: 0.85 }) +
        path(heartPath(206, 116, 24), CREAM),
      { transform: 'rotate(-6 146 150)' },
    ),

  favor: (P) =>
    shadow(150, 246, 96, P.ink) +
    path(heartPath(150, 118, 120), P.main) +
    path('M110 86 Q118 74 132 76', 'none', { stroke: CREAM, 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.7 }) +
    path(starPath(66, 76, 11, 4), P.accent) +
    path(starPath(236, 96, 9, 3.5), P.accent) +
    path('M52 168 Q64 234 150 236 L150 206 Q112 208 96 176 Q86 160 70 160 Q54 158 52 168 Z', SKIN) +
    path('M248 168 Q236 234 150 236 L150 206 Q188 208 204 176 Q214 160 230 160 Q246 158 248 168 Z', SKIN_SHADE) +
    line('M78 190 Q90 206 108 210 M70 208 Q86 222 110 224', '#D9A184', 2.5, { opacity: 0.7 }) +
    line('M222 190 Q210 206 192 210 M230 208 Q214 222 190 224', '#C98C70', 2.5, { opacity: 0.7 }),
}

// ---------------------------------------------------------------------------------------------
// Scenes

const svgOpen = (w: number, h: number, label: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}"${extra}>`

const kindLabel = (kind: ProductKind) => kind.replace(/-/g, ' ')

function paletteAt(index: number): Palette {
  const n = ((index % PALETTE_COUNT) + PALETTE_COUNT) % PALETTE_COUNT
  return PALETTES[n] as Palette
}

function sparkles(P: Palette): string {
  return (
    path(starPath(54, 62, 9, 3.5), P.main, { opacity: 0.55 }) +
    path(starPath(252, 232, 7, 3), P.accent, { opacity: 0.8 }) +
    circle(246, 58, 5, P.accent, { opacity: 0.8 }) +
    circle(44, 214, 4, P.main, { opacity: 0.5 })
  )
}

function confetti(P: Palette): string {
  const bits: [number, number, number, string][] = [
    [36, 40, -20, P.main],
    [262, 36, 25, P.accent],
    [30, 150, 40, P.accent],
    [272, 140, -35, P.main],
    [58, 268, 15, P.main],
    [246, 270, -10, P.accent],
    [150, 22, 0, P.dark],
  ]
  return bits.map(([x, y, r, c]) => rect(x - 9, y - 3.5, 18, 7, 3.5, c, { transform: `rotate(${r} ${x} ${y})`, opacity: 0.75 })).join('')
}

/** The product illustration alone (no background), on the 300 x 300 canvas. */
function objectArt(kind: ProductKind, P: Palette): string {
  return DRAW[kind](P)
}

/** A product picture: the first view sits on a soft circle; the second is a tilted close-up on an arch. */
export function renderProductSvg(kind: ProductKind, palette: number, second = false): string {
  const P = paletteAt(palette)
  const label = `${kindLabel(kind)} illustration`
  if (!second) {
    return (
      svgOpen(300, 300, label) +
      rect(0, 0, 300, 300, 0, P.bg) +
      circle(150, 152, 118, P.soft) +
      sparkles(P) +
      objectArt(kind, P) +
      '</svg>'
    )
  }
  return (
    svgOpen(300, 300, `${label}, close-up`) +
    rect(0, 0, 300, 300, 0, P.soft) +
    confetti(P) +
    path('M46 300 V150 A104 104 0 0 1 254 150 V300 Z', P.bg) +
    rect(0, 262, 300, 38, 0, P.main, { opacity: 0.35 }) +
    group(objectArt(kind, P), { transform: 'translate(150 162) rotate(-5) scale(1.12) translate(-150 -150)' }) +
    '</svg>'
  )
}

/** A category tile: the category's representative object on a rounded tile with a blob. */
export function renderCategorySvg(slug: string): string {
  const node = categoryNodeBySlug(slug)
  const kind: ProductKind = node?.kind ?? 'gift-card'
  const P = paletteAt(hashString(slug))
  return (
    svgOpen(300, 300, node ? `${node.title.replace(/\p{Extended_Pictographic}/gu, '').trim()} category` : 'Category') +
    rect(0, 0, 300, 300, 0, P.soft) +
    path('M40 170 C30 90 100 38 170 44 C246 50 282 118 262 184 C244 246 168 270 112 254 C66 240 44 210 40 170 Z', P.bg) +
    circle(244, 66, 14, P.main, { opacity: 0.5 }) +
    circle(60, 246, 9, P.accent, { opacity: 0.8 }) +
    group(objectArt(kind, P), { transform: 'translate(150 152) scale(0.92) translate(-150 -150)' }) +
    '</svg>'
  )
}

// ---------------------------------------------------------------------------------------------
// Brand logos

const LOGO_STOP_WORDS = new Set(['and', '&', 'co.', 'co', 'the', 'baby', 'kids'])

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !LOGO_STOP_WORDS.has(w.toLowerCase()))
  const picked = words.length >= 2 ? [words[0], words[1]] : [words[0] ?? name]
  return picked
    .map((w) => (w ?? '').charAt(0))
    .join('')
    .toUpperCase()
}

const EMBLEMS: ((P: Palette) => string)[] = [
  (P) => path('M90 30 Q104 38 100 54 Q84 54 80 40 Q82 32 90 30 Z', P.dark) + line('M90 58 Q90 46 96 38', P.ink, 2), // leaf
  (P) => path(starPath(90, 42, 11, 4.5), P.dark),
  (P) => path(heartPath(90, 44, 22), P.dark),
  (P) => path('M96 30 a12 12 0 1 0 6 22 a9 9 0 1 1 -6 -22 Z', P.dark), // moon
  (P) => path('M78 48 q0 -8 8 -8 q2 -8 10 -6 q8 2 8 10 q6 2 6 8 H80 q-2 0 -2 -4 Z', P.dark), // cloud
  (P) => circle(90, 44, 9, P.dark) + circle(90, 44, 4, P.soft), // sun / button
]

/** A circular-friendly logo for an invented brand: emblem, monogram and name on a soft disc (180 x 180). */
export function renderBrandLogoSvg(name: string, colourIndex: number): string {
  const P = paletteAt(colourIndex)
  const mono = escapeXml(initials(name))
  const label = name.toUpperCase()
  // A rough width estimate for the letter-spaced caps; long names are squeezed to fit the disc.
  const estimated = label.length * 8.2
  const fit = estimated > 124 ? ` textLength="124" lengthAdjust="spacingAndGlyphs"` : ''
  const emblem = EMBLEMS[((colourIndex % EMBLEMS.length) + EMBLEMS.length) % EMBLEMS.length] as (P: Palette) => string
  return (
    svgOpen(180, 180, `${name} logo`) +
    circle(90, 90, 90, P.soft) +
    circle(90, 90, 80, 'none', { stroke: P.main, 'stroke-width': 2.5 }) +
    emblem(P) +
    `<text x="90" y="${mono.length > 2 ? 106 : 108}" text-anchor="middle" font-family="${SERIF}" font-size="${mono.length > 1 ? 46 : 52}" font-weight="700" fill="${P.ink}" letter-spacing="1">${mono}</text>` +
    line('M66 120 H114', P.main, 2) +
    `<text x="90" y="138" text-anchor="middle" font-family="${SANS}" font-size="11" font-weight="600" letter-spacing="1.6" fill="${P.ink}"${fit}>${escapeXml(label)}</text>` +
    '</svg>'
  )
}

// ---------------------------------------------------------------------------------------------
// Guide covers

/**
 * An editorial cover, 500 x 900 portrait: an illustration in the middle band, so a centred landscape crop
 * (preserveAspectRatio slice) still shows it. No text: every page that shows a cover (grid guide card, Shop by
 * Guide, the navbar dropdown, the guide itself) crops it and prints the title beside it in HTML, and text in
 * an SVG picture costs Chrome a font look-up and a layout inside the picture's own document when it is first
 * painted, after the page's first paint (decision 018, h23). The title stays the picture's accessible name.
 */
export function renderGuideSvg(slug: string, title: string): string {
  const seed = guideSeedBySlug(slug)
  const h = hashString(slug)
  const kind: ProductKind = seed?.kind ?? (PRODUCT_KINDS[h % PRODUCT_KINDS.length] as ProductKind)
  const P = paletteAt(h >>> 3)
  return (
    svgOpen(500, 900, title, ' preserveAspectRatio="xMidYMid slice"') +
    rect(0, 0, 500, 900, 0, P.bg) +
    rect(0, 0, 500, 250, 0, P.soft) +
    path('M0 250 Q250 330 500 250 V0 H0 Z', P.soft) +
    circle(250, 440, 176, P.main, { opacity: 0.35 }) +
    circle(250, 440, 150, WHITE, { opacity: 0.7 }) +
    path(starPath(98, 300, 12, 5), P.accent) +
    path(starPath(410, 560, 10, 4), P.dark, { opacity: 0.6 }) +
    circle(420, 300, 8, P.accent) +
    circle(78, 590, 6, P.main) +
    group(objectArt(kind, P), { transform: 'translate(250 440) scale(1.25) translate(-150 -150)' }) +
    rect(206, 846, 88, 6, 3, P.main) +
    '</svg>'
  )
}

// ---------------------------------------------------------------------------------------------
// Home banner ads

/** A home banner ad, 1200 x 400: headline, line and a pill-shaped call to action on the left, three objects on the right. */
export function renderBannerSvg(slug: BannerArtSlug): string {
  const art = BANNER_ART[slug]
  const P = paletteAt(art.palette)
  const objects = art.kinds
    .map((kind, i) =>
      group(circle(150, 150, 128, i === 1 ? WHITE : P.soft, { opacity: 0.9 }) + objectArt(kind, P), {
        transform: `translate(${[810, 975, 1115][i]} ${[220, 150, 240][i]}) scale(${[0.7, 0.86, 0.6][i]}) translate(-150 -150)`,
      }),
    )
    .join('')
  const actionWidth = Math.round(art.action.length * 14.5 + 64)
  return (
    svgOpen(BANNER_ART_SIZE.width, BANNER_ART_SIZE.height, `${art.headline}: ${art.line}`) +
    rect(0, 0, 1200, 400, 0, P.bg) +
    path('M620 0 H1200 V400 H560 C640 300 560 120 620 0 Z', P.soft) +
    path(starPath(520, 352, 14, 5.5), P.accent) +
    circle(1150, 360, 12, P.main, { opacity: 0.6 }) +
    path(heartPath(86, 336, 36), P.main, { opacity: 0.5 }) +
    objects +
    `<text x="64" y="150" font-family="${SERIF}" font-size="76" font-weight="700" fill="${P.ink}">${escapeXml(art.headline)}</text>` +
    `<text x="64" y="212" font-family="${SANS}" font-size="29" fill="${P.ink}">${escapeXml(art.line)}</text>` +
    rect(64, 250, actionWidth, 64, 32, P.ink) +
    `<text x="${64 + actionWidth / 2}" y="292" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="700" fill="${WHITE}">${escapeXml(art.action)}</text>` +
    '</svg>'
  )
}

// ---------------------------------------------------------------------------------------------
// Small fixed images

/** The spec's placeholder heart: the fallback image when a category or product has none. */
export function renderPlaceholderHeartSvg(): string {
  const P = paletteAt(1)
  return (
    svgOpen(300, 300, 'Placeholder image') +
    rect(0, 0, 300, 300, 0, P.bg) +
    circle(150, 150, 96, P.soft) +
    path(heartPath(150, 156, 110), P.main) +
    path('M114 124 Q122 112 136 114', 'none', { stroke: WHITE, 'stroke-width': 7, 'stroke-linecap': 'round', opacity: 0.6 }) +
    '</svg>'
  )
}

/**
 * An image badge: an icon on a seal. A card shows it 36 to 40 px wide, where a word would be 4 px tall, so the
 * badge's name is its alt text and tooltip only (no text in the picture: decision 018, h23).
 */
export function renderBadgeSvg(slug: ImageBadgeSlug): string {
  const P = paletteAt(slug === 'eco-friendly' ? 0 : slug === 'award-winner' ? 3 : 1)
  const icon =
    slug === 'eco-friendly'
      ? path('M48 22 Q74 28 70 58 Q40 62 32 40 Q34 26 48 22 Z', P.dark) + line('M40 68 Q46 48 58 36', P.ink, 3)
      : slug === 'award-winner'
        ? path(starPath(48, 44, 22, 10), P.dark)
        : path(heartPath(48, 46, 50), P.dark)
  return (
    svgOpen(96, 96, IMAGE_BADGES[slug]) +
    circle(48, 48, 46, P.soft) +
    circle(48, 48, 40, 'none', { stroke: WHITE, 'stroke-width': 3, 'stroke-dasharray': '4 4' }) +
    icon +
    '</svg>'
  )
}

// ---------------------------------------------------------------------------------------------
// One entry point for the server

const PRODUCT_RE = /^\/images\/products\/([a-z]+(?:-[a-z]+)*)-(0|[1-9][0-9]?)(-2)?\.svg$/
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function slugFrom(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix) || !pathname.endsWith('.svg')) return null
  const slug = pathname.slice(prefix.length, -'.svg'.length)
  return SLUG_RE.test(slug) ? slug : null
}

/**
 * The SVG for an /images/... path, or null when the path names nothing we draw. Paths are matched
 * strictly (known kinds, palettes and slugs only), so '..', encoded characters or extra segments
 * never resolve.
 */
export function renderImageForPath(pathname: string): string | null {
  if (pathname === PLACEHOLDER_HEART_PATH) return renderPlaceholderHeartSvg()

  const product = PRODUCT_RE.exec(pathname)
  if (product) {
    const [, kind = '', palette = '', second] = product
    const index = Number(palette)
    if (!isProductKind(kind) || index >= PALETTE_COUNT) return null
    return renderProductSvg(kind, index, second === '-2')
  }

  const brandSlug = slugFrom(pathname, '/images/brands/')
  if (brandSlug !== null) {
    const index = brandIndexBySlug(brandSlug)
    const brand = index === undefined ? undefined : BRAND_SEEDS[index]
    return brand && index !== undefined ? renderBrandLogoSvg(brand.name, index) : null
  }

  const categorySlug = slugFrom(pathname, '/images/categories/')
  if (categorySlug !== null) return categoryNodeBySlug(categorySlug) ? renderCategorySvg(categorySlug) : null

  const guideSlug = slugFrom(pathname, '/images/guides/')
  if (guideSlug !== null) {
    const guide = guideSeedBySlug(guideSlug)
    return guide ? renderGuideSvg(guide.slug, guide.title) : null
  }

  const bannerSlug = slugFrom(pathname, '/images/banners/')
  if (bannerSlug !== null) return Object.hasOwn(BANNER_ART, bannerSlug) ? renderBannerSvg(bannerSlug as BannerArtSlug) : null

  const badgeSlug = slugFrom(pathname, '/images/badges/')
  if (badgeSlug !== null && Object.hasOwn(IMAGE_BADGES, badgeSlug)) return renderBadgeSvg(badgeSlug as ImageBadgeSlug)

  return null
}
