// The store's category tree: ids, slugs, titles, the illustration that stands for each category,
// and default sorts. Pure data with no runtime imports, so the image renderer can validate slugs
// without pulling in the rest of the seed.
//
// Category id 1 is the registry's "uneditable category" (spec §9), so store categories start at 100:
// top-level categories are 100..110 in navbar order, their children 200 and up.

import type { ProductKind } from '../illustrations'

export type CategoryNode = {
  id: number
  parentId: number | null
  urlSlug: string
  title: string
  /** The product illustration used for the category's tile image. */
  kind: ProductKind
  sortType: 'popular' | 'price' | 'rating' | 'reviews' | 'newest' | null
  sortOrder: 'asc' | 'desc' | null
}

type Child = [slug: string, title: string, kind: ProductKind, sort?: [NonNullable<CategoryNode['sortType']>, 'asc' | 'desc']]
type Top = [slug: string, title: string, kind: ProductKind, children: Child[]]

/** The spec's store navbar slugs, in the spec's order (§9). */
export const TOP_LEVEL_CATEGORY_SLUGS = [
  'strollers',
  'car-seats',
  'carriers',
  'nursery',
  'playroom',
  'bath-potty',
  'baby-health-safety',
  'feeding',
  'diapering',
  'clothing',
  'more',
] as const

const TREE: Top[] = [
  [
    'strollers',
    'Strollers',
    'stroller',
    [
      ['full-size-strollers', 'Full-Size Strollers', 'stroller'],
      ['travel-system-strollers', 'Travel Systems', 'stroller'],
      ['lightweight-strollers', 'Lightweight & Travel Strollers', 'stroller'],
      ['jogging-strollers', 'Jogging Strollers', 'stroller'],
      ['double-strollers', 'Double Strollers', 'stroller'],
      ['stroller-accessories', 'Stroller Accessories', 'diaper-bag'],
    ],
  ],
  [
    'car-seats',
    'Car Seats',
    'car-seat',
    [
      ['infant-car-seats', 'Infant Car Seats', 'car-seat'],
      ['convertible-car-seats', 'Convertible Car Seats', 'car-seat'],
      ['all-in-one-car-seats', 'All-in-One Car Seats', 'car-seat'],
      ['booster-seats', 'Booster Seats', 'car-seat'],
      ['car-seat-accessories', 'Car Seat Accessories', 'blanket'],
    ],
  ],
  [
    'carriers',
    'Carriers',
    'carrier',
    [
      ['soft-structured-carriers', 'Soft Structured Carriers', 'carrier'],
      ['wraps-and-slings', 'Wraps & Slings', 'carrier'],
      ['hip-seat-carriers', 'Hip Seat Carriers', 'carrier'],
      ['hiking-carriers', 'Hiking Carriers', 'carrier'],
    ],
  ],
  [
    'nursery',
    'Nursery',
    'crib',
    [
      ['cribs', 'Cribs', 'crib'],
      ['bassinets', 'Bassinets & Bedside Sleepers', 'bassinet'],
      ['gliders-and-rockers', 'Gliders & Rockers', 'glider'],
      ['dressers-and-changing-tables', 'Dressers & Changing Tables', 'dresser'],
      ['crib-mattresses', 'Crib Mattresses', 'crib'],
      ['crib-bedding', 'Crib Sheets & Blankets', 'blanket'],
      ['nursery-decor', 'Nursery Decor', 'mobile'],
    ],
  ],
  [
    'playroom',
    'Playroom',
    'play-mat',
    [
      ['play-mats-and-activity-gyms', 'Play Mats & Activity Gyms', 'play-mat'],
      ['bouncers-and-swings', 'Bouncers & Swings', 'bouncer'],
      ['teethers', 'Teethers', 'teether'],
      ['rattles-and-plush-toys', 'Rattles & Plush Toys', 'plush'],
      ['baby-books', 'Baby Books', 'books', ['rating', 'desc']],
      ['blocks-and-learning-toys', 'Blocks & Learning Toys', 'blocks'],
    ],
  ],
  [
    'bath-potty',
    'Bath & Potty',
    'bath-tub',
    [
      ['baby-bathtubs', 'Baby Bathtubs', 'bath-tub'],
      ['towels-and-washcloths', 'Hooded Towels & Washcloths', 'hooded-towel'],
      ['bath-toys', 'Bath Toys', 'bath-toy'],
      ['potties-and-training-seats', 'Potties & Training Seats', 'potty'],
    ],
  ],
  [
    'baby-health-safety',
    'Health & Safety',
    'monitor',
    [
      ['baby-monitors', 'Baby Monitors', 'monitor'],
      ['thermometers', 'Thermometers', 'thermometer'],
      ['nasal-aspirators-and-health-care', 'Nasal Aspirators & Health Care', 'nasal-aspirator'],
      ['humidifiers', 'Humidifiers & Air Care', 'humidifier'],
      ['baby-gates', 'Baby Gates', 'baby-gate'],
      ['babyproofing', 'Babyproofing', 'outlet-covers'],
    ],
  ],
  [
    'feeding',
    'Feeding',
    'bottle',
    [
      ['bottles-and-nipples', 'Bottles & Nipples', 'bottle'],
      ['breast-pumps', 'Breast Pumps', 'breast-pump'],
      ['nursing-and-pumping-accessories', 'Nursing & Pumping Accessories', 'bottle'],
      ['high-chairs', 'High Chairs & Boosters', 'high-chair'],
      ['bibs-and-burp-cloths', 'Bibs & Burp Cloths', 'bib'],
      ['pacifiers', 'Pacifiers', 'pacifier'],
      ['cups-and-dishes', 'Cups & Dishes', 'sippy-cup'],
    ],
  ],
  [
    'diapering',
    'Diapering',
    'diapers',
    [
      ['diapers', 'Diapers', 'diapers'],
      ['wipes', 'Wipes & Wipe Warmers', 'wipes'],
      ['changing-pads-and-covers', 'Changing Pads & Covers', 'changing-pad'],
      ['diaper-bags', 'Diaper Bags', 'diaper-bag'],
    ],
  ],
  [
    'clothing',
    'Clothing',
    'bodysuit',
    [
      ['bodysuits', 'Bodysuits', 'bodysuit'],
      ['sleepers-and-pajamas', 'Sleepers & Pajamas', 'sleeper'],
      ['swaddles-and-sleep-sacks', 'Swaddles & Sleep Sacks', 'swaddle'],
      ['hats-and-mittens', 'Hats & Mittens', 'hat'],
      ['socks-and-booties', 'Socks & Booties', 'socks'],
      ['outfits-and-sets', 'Outfits & Sets', 'bodysuit', ['newest', 'desc']],
    ],
  ],
  [
    'more',
    'More',
    'gift-card',
    [
      ['cash-funds', 'Cash Funds', 'cash-fund'],
      ['gift-cards', 'Gift Cards', 'gift-card', ['price', 'asc']],
      ['help-and-favors', 'Help & Favors', 'favor'],
      ['holiday-gifts', 'Holiday Gifts 🎁', 'plush', ['newest', 'desc']],
      ['keepsakes', 'Keepsakes & Memory Books', 'books'],
    ],
  ],
]

function buildNodes(): CategoryNode[] {
  const nodes: CategoryNode[] = []
  let childId = 200
  TREE.forEach(([slug, title, kind], index) => {
    nodes.push({ id: 100 + index, parentId: null, urlSlug: slug, title, kind, sortType: null, sortOrder: null })
  })
  TREE.forEach(([, , , children], index) => {
    for (const [slug, title, kind, sort] of children) {
      nodes.push({
        id: childId++,
        parentId: 100 + index,
        urlSlug: slug,
        title,
        kind,
        sortType: sort?.[0] ?? null,
        sortOrder: sort?.[1] ?? null,
      })
    }
  })
  return nodes
}

/** Every store category: the 11 top-level ones first (ids 100..110), then their children (200+). */
export const CATEGORY_NODES: readonly CategoryNode[] = buildNodes()

const bySlug = new Map(CATEGORY_NODES.map((node) => [node.urlSlug, node]))

export function categoryNodeBySlug(slug: string): CategoryNode | undefined {
  return bySlug.get(slug)
}

/** Leaf categories (those without children): the only ones products belong to. */
export const LEAF_CATEGORY_NODES: readonly CategoryNode[] = CATEGORY_NODES.filter((node) => node.parentId !== null)
