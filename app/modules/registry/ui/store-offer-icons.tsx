import { STORE_OFFER_ICONS_MAX } from '~/modules/config/app-config'

/** A store's monogram: its first one or two initials ('Amazon' A, 'Little Sprout Market' LS). */
export function storeMonogram(storeName: string): string {
  const words = storeName
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !['and', 'the', 'of', 'co'].includes(w.toLowerCase()))
  const letters = (words.length >= 2 ? [words[0]!, words[1]!] : [words[0] ?? '?']).map((w) => Array.from(w)[0] ?? '')
  return letters.join('').toUpperCase() || '?'
}

// Tinted discs with their darkest text colour: every pair is over 7:1.
const TINTS = ['bg-berry-100 text-berry-800', 'bg-sage-100 text-sage-800', 'bg-sky-100 text-sky-700', 'bg-peach-100 text-peach-700', 'bg-butter-100 text-butter-700'] as const

function tintFor(storeName: string): string {
  let h = 0
  for (const ch of storeName.toLowerCase()) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return TINTS[h % TINTS.length]!
}

/** The row's content: distinct stores in order, the first `max` as icons, how many more, and its accessible name. */
export function storeOfferRow(storeNames: string[], max = STORE_OFFER_ICONS_MAX): { icons: string[]; more: number; label: string } {
  const seen = new Set<string>()
  const stores = storeNames.map((s) => s.trim()).filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()))
  const icons = stores.slice(0, Math.max(0, max))
  const more = stores.length - icons.length
  const named = more > 0 ? [...icons, `${more} more ${more === 1 ? 'store' : 'stores'}`] : icons
  const list = named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`
  return { icons, more, label: `Also at ${list}` }
}

/**
 * Spec §9 'Store-offer icon row': the other stores that sell a registry item, as small monogram icons (drawn
 * here, no pictures from other sites), at most STORE_OFFER_ICONS_MAX of them, then '+N' for the rest. One
 * accessible name says it all ('Also at Amazon, Target and 2 more stores'); the icons themselves are hidden
 * from screen readers.
 */
export function StoreOfferIcons({ storeNames, max = STORE_OFFER_ICONS_MAX, className }: { storeNames: string[]; max?: number; className?: string }) {
  const { icons, more, label } = storeOfferRow(storeNames, max)
  if (icons.length === 0) return null
  return (
    <p role="img" aria-label={label} title={label} data-store-offer-icons="" className={`flex items-center ${className ?? ''}`}>
      {icons.map((name, i) => (
        <span
          key={name}
          aria-hidden="true"
          className={`inline-flex size-6 items-center justify-center rounded-full text-[10px] leading-none font-bold ring-2 ring-white ${tintFor(name)} ${i > 0 ? '-ml-1.5' : ''}`}
        >
          {storeMonogram(name)}
        </span>
      ))}
      {more > 0 ? (
        <span aria-hidden="true" className="ml-1 text-xs font-semibold text-muted">
          +{more}
        </span>
      ) : null}
    </p>
  )
}
