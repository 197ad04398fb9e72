// The home banner ads' art: names, size and paths. Like every demo picture it is drawn by the illustrations module
// (./illustrations.ts, renderBannerSvg), so the catalog owns it and banner ads refer to it by slug; it is kept apart
// from illustrations and its seed data so the staff page's browser code does not carry the demo catalogue.
import type { ProductKind } from './illustrations'

/** Home banner ad art (drawn here like every demo image, 1200 x 400): the headline is in the picture, and in the ad's alt text. */
export const BANNER_ART = {
  'nursery-week': { headline: 'Nursery Week', line: 'Cribs, gliders and dressers parents love', action: 'Shop the nursery', kinds: ['crib', 'glider', 'mobile'], palette: 0 },
  'on-the-go': { headline: 'Ready, set, stroll', line: 'Strollers and carriers for every outing', action: 'Shop strollers', kinds: ['stroller', 'carrier', 'diaper-bag'], palette: 2 },
  'bath-time': { headline: 'Splish, splash', line: 'Tubs, towels and toys for bath time', action: 'Shop bath time', kinds: ['bath-tub', 'hooded-towel', 'bath-toy'], palette: 3 },
} as const satisfies Record<string, { headline: string; line: string; action: string; kinds: readonly ProductKind[]; palette: number }>

export type BannerArtSlug = keyof typeof BANNER_ART

/** A home banner ad's picture is 1200 x 400. */
export const BANNER_ART_SIZE = { width: 1200, height: 400 } as const

export function bannerImagePath(slug: BannerArtSlug): string {
  return `/images/banners/${slug}.svg`
}
