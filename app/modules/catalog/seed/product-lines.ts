// What the demo shop sells, leaf category by leaf category: product nouns, price ranges in dollars,
// the illustration for each, which brands make them, options and a few feature sentences that the
// generator mixes into descriptions.
// Demo seed data, long because it has one entry per leaf category; it stays one table in one file so
// products.ts reads it in a single pass and the lines can be compared side by side in category order.

import type { ProductKind } from '../illustrations'
import type { Department } from './brand-list'

/** The spec's clothing sizes (§3 Reference lists), in order. */
export const CLOTHING_SIZES = [
  'NB',
  '0-3M',
  '3-6M',
  '6-9M',
  '9-12M',
  '12-18M',
  '18-24M',
  '2T',
  '3T',
  '4T',
  '5T',
  '6',
  '7',
  '8',
  '10',
  '12',
  '14',
  '16',
  '18',
  '20',
] as const

/** The spec's favorite colors (§3 Reference lists). */
export const FAVORITE_COLORS = ['red', 'orange', 'green', 'blue', 'purple', 'brown', 'pink', 'white', 'gray', 'black', 'yellow', 'rainbow'] as const

export type ClothingSize = (typeof CLOTHING_SIZES)[number]
export type FavoriteColor = (typeof FAVORITE_COLORS)[number]

const sizesBetween = (from: ClothingSize, to: ClothingSize): ClothingSize[] =>
  CLOTHING_SIZES.slice(CLOTHING_SIZES.indexOf(from), CLOTHING_SIZES.indexOf(to) + 1)

const BABY = sizesBetween('NB', '18-24M')
const BABY_TODDLER = sizesBetween('NB', '5T')
const TODDLER_KID = sizesBetween('2T', '12')
const NEWBORN = sizesBetween('NB', '3-6M')
const SLEEP_SACK = sizesBetween('0-3M', '18-24M')
const KID_PJ = sizesBetween('12-18M', '14')
const HATS = sizesBetween('NB', '2T')
const SHOES = sizesBetween('0-3M', '18-24M')
const TRAINING = sizesBetween('2T', '5T')

const FURNITURE_COLORS: FavoriteColor[] = ['white', 'gray', 'brown', 'black']
const GEAR_COLORS: FavoriteColor[] = ['black', 'gray', 'blue', 'green', 'brown', 'white']
const SOFT_COLORS: FavoriteColor[] = ['pink', 'blue', 'green', 'yellow', 'purple', 'white', 'gray', 'orange', 'brown', 'red', 'rainbow']
const TOY_COLORS: FavoriteColor[] = ['rainbow', 'red', 'blue', 'yellow', 'green', 'orange', 'purple', 'pink']

export type ProductItem = {
  noun: string
  /** Dollars, inclusive. */
  price: [number, number]
  kind?: ProductKind
  sizes?: readonly ClothingSize[]
  /** Appended after a comma, e.g. 'Size 2, 112 Count'. */
  suffixes?: readonly string[]
  /** Never sold in multi-packs, even when the line has packs. */
  single?: true
}

export type ProductLine = {
  leaf: string
  dept: Department
  kind: ProductKind
  weight: number
  items: ProductItem[]
  /** Words placed before the noun ('' for none). */
  qualifiers: readonly string[]
  /** Put a model name ('Wanderer') before the noun, as gear brands do. */
  models?: boolean
  packs?: readonly string[]
  sizes?: readonly ClothingSize[]
  /** Colors a shopper can choose from; absent for products without a color choice. */
  colors?: readonly FavoriteColor[]
  maxColors?: number
  /** Probability that a product in this line is FSA/HSA eligible. */
  fsa?: number
  features: readonly string[]
}

export const MODEL_NAMES = [
  'Wanderer', 'Breeze', 'Cloud', 'Meadow', 'Nova', 'Haven', 'Juniper', 'Harbor', 'Summit', 'Aspen',
  'Cove', 'Drift', 'Ember', 'Fern', 'Glide', 'Hush', 'Iris', 'Journey', 'Kestrel', 'Lark',
  'Maple', 'Nook', 'Orbit', 'Pebble', 'River', 'Sierra', 'Trek', 'Vista', 'Wren', 'Zephyr',
  'Luna', 'Atlas', 'Compass', 'Echo', 'Pilot', 'Scout', 'Sprout', 'Tandem', 'Ranger', 'Solstice',
] as const

const BOOK_TITLES = [
  'Goodnight, Little Moon', 'Who Says Moo?', 'Ten Tiny Toes', 'Hello, Sun!', 'My First Colors',
  'Where Is Baby Bear?', 'Splish, Splash!', 'Counting Clouds', 'The Sleepy Garden', 'Peekaboo Forest',
  'Little Boat, Big Sea', 'I Love You to the Stars', 'Busy Little Bees', 'Good Morning, Farm', 'Up, Up, Balloon',
]

export const PRODUCT_LINES: readonly ProductLine[] = [
  // ----- Strollers
  {
    leaf: 'full-size-strollers', dept: 'gear', kind: 'stroller', weight: 3, models: true, colors: GEAR_COLORS, maxColors: 4,
    items: [{ noun: 'Full-Size Stroller', price: [299, 1199] }, { noun: 'Modular Stroller', price: [399, 1199] }, { noun: 'Convertible Stroller', price: [349, 899] }],
    qualifiers: ['', '', 'Everyday', 'City', 'Premium'],
    features: [
      'The reversible seat lets your baby face you or face the world.',
      'A one-hand fold and an auto-lock keep it compact when you are juggling a baby and bags.',
      'Big rubber wheels and all-wheel suspension smooth out cracked sidewalks.',
      'The extra-large basket holds a full diaper bag and the weekly groceries.',
      'A UPF 50+ canopy extends with a peekaboo window so you can check on naps.',
      'Works from birth with the bassinet or infant car seat adapters.',
    ],
  },
  {
    leaf: 'travel-system-strollers', dept: 'gear', kind: 'stroller', weight: 2, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Travel System', price: [299, 999] }, { noun: 'Stroller & Infant Car Seat Travel System', price: [349, 1099], kind: 'car-seat' }],
    qualifiers: ['', 'Click & Go', 'Complete'],
    features: [
      'The infant car seat clicks straight into the stroller without adapters.',
      'Includes a stay-in-car base with a level indicator for a confident install.',
      'Move a sleeping baby from car to stroller without unbuckling them.',
      'The stroller keeps working as a toddler seat long after the infant seat is outgrown.',
    ],
  },
  {
    leaf: 'lightweight-strollers', dept: 'gear', kind: 'stroller', weight: 3, models: true, colors: GEAR_COLORS, maxColors: 4,
    items: [{ noun: 'Compact Stroller', price: [149, 499] }, { noun: 'Travel Stroller', price: [179, 549] }, { noun: 'Umbrella Stroller', price: [49, 199] }],
    qualifiers: ['', 'Ultra-Light', 'Pocket'],
    features: [
      'Folds small enough for most overhead bins and tiny car trunks.',
      'Weighs under 15 pounds, with a carry strap for stairs and station platforms.',
      'A near-flat recline makes on-the-go naps easy.',
      'The shoulder strap frees your hands when the stroller is folded.',
    ],
  },
  {
    leaf: 'jogging-strollers', dept: 'gear', kind: 'stroller', weight: 1.5, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Jogging Stroller', price: [299, 749] }, { noun: 'All-Terrain Stroller', price: [349, 799] }],
    qualifiers: ['', 'Trail', 'Sport'],
    features: [
      'Air-filled tires and adjustable suspension handle trails and gravel.',
      'The front wheel locks for running and swivels for everyday walks.',
      'A hand brake gives you control on steep downhill stretches.',
      'A wrist strap and a five-point harness keep everyone secure at speed.',
    ],
  },
  {
    leaf: 'double-strollers', dept: 'gear', kind: 'stroller', weight: 1.5, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Double Stroller', price: [399, 1199] }, { noun: 'Side-by-Side Double Stroller', price: [449, 999] }, { noun: 'Tandem Double Stroller', price: [399, 1099] }],
    qualifiers: ['', 'Twin', 'Sibling'],
    features: [
      'Fits through standard doorways at under 30 inches wide.',
      'Each seat reclines independently so one child can nap while the other looks around.',
      'Converts from single to double as your family grows.',
      'Accepts two infant car seats with the sold-separately adapters.',
    ],
  },
  {
    leaf: 'stroller-accessories', dept: 'gear', kind: 'diaper-bag', weight: 2, colors: GEAR_COLORS, maxColors: 2,
    items: [
      { noun: 'Stroller Organizer', price: [19, 49] },
      { noun: 'Stroller Footmuff', price: [59, 149], kind: 'blanket' },
      { noun: 'Stroller Rain Cover', price: [24, 49], kind: 'stroller' },
      { noun: 'Stroller Cup Holder', price: [12, 29], kind: 'sippy-cup' },
      { noun: 'Stroller Travel Bag', price: [49, 99] },
    ],
    qualifiers: ['', 'Universal', 'All-Weather'],
    features: [
      'Attaches with adjustable straps to fit most stroller handlebars.',
      'Water-resistant fabric wipes clean after muddy walks.',
      'Folds flat and stows in the stroller basket when you do not need it.',
      'Designed to add convenience without making the stroller tip.',
    ],
  },
  // ----- Car seats
  {
    leaf: 'infant-car-seats', dept: 'car', kind: 'car-seat', weight: 2, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Infant Car Seat', price: [179, 499] }, { noun: 'Infant Car Seat & Base', price: [199, 549] }, { noun: 'Extra Car Seat Base', price: [89, 179] }],
    qualifiers: ['', 'Lightweight', 'Rigid-Latch'],
    features: [
      'Rated for babies from 4 to 35 pounds, rear-facing only.',
      'The stay-in-car base has a bubble level and a no-rethread harness.',
      'Side-impact protection pods and energy-absorbing foam surround the head.',
      'Weighs about 8 pounds without the base, so carrying it is easier on your arms.',
      'Clicks into compatible strollers for quick errands.',
    ],
  },
  {
    leaf: 'convertible-car-seats', dept: 'car', kind: 'car-seat', weight: 2, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Convertible Car Seat', price: [149, 549] }],
    qualifiers: ['', 'Slim-Fit', 'Extended Rear-Facing', 'Rotating'],
    features: [
      'Rear-facing from 5 to 50 pounds, then forward-facing with a harness to 65 pounds.',
      'A slim design fits three across in many mid-size cars.',
      'A steel-reinforced frame and a load leg reduce crash forces.',
      'Machine-washable covers come off without uninstalling the seat.',
    ],
  },
  {
    leaf: 'all-in-one-car-seats', dept: 'car', kind: 'car-seat', weight: 1.5, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'All-in-One Car Seat', price: [199, 449] }, { noun: 'Rotating All-in-One Car Seat', price: [349, 649] }],
    qualifiers: ['', '10-Year', '4-in-1'],
    features: [
      'Goes from rear-facing infant seat to belt-positioning booster.',
      'A 10-year lifespan covers most children from birth to booster.',
      'The seat rotates 360 degrees for easier loading.',
      'Color-coded belt paths make each mode simple to install.',
    ],
  },
  {
    leaf: 'booster-seats', dept: 'car', kind: 'car-seat', weight: 1.5, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'High-Back Booster Seat', price: [59, 249] }, { noun: 'Backless Booster Seat', price: [24, 79] }],
    qualifiers: ['', 'Slim', 'Travel'],
    features: [
      'Belt guides position the adult seat belt across the hips and shoulder.',
      'Adjustable head support grows with your child.',
      'Rigid latch connectors keep the booster in place even when unoccupied.',
      'Two cup holders tuck away when not in use.',
    ],
  },
  {
    leaf: 'car-seat-accessories', dept: 'car', kind: 'car-seat', weight: 1.5, colors: GEAR_COLORS, maxColors: 2,
    items: [
      { noun: 'Car Seat Protector', price: [19, 49] },
      { noun: 'Back Seat Mirror', price: [14, 39] },
      { noun: 'Car Seat Cover', price: [29, 69], kind: 'blanket' },
      { noun: 'Window Sun Shade', price: [12, 29] },
      { noun: 'Kick Mats', price: [14, 29] },
    ],
    qualifiers: ['', 'Crash-Tested', 'Universal'],
    features: [
      'Crash-tested and designed not to interfere with the car seat’s installation.',
      'Wipes clean in seconds after snack-time spills.',
      'Installs in minutes without tools.',
      'Shatter-resistant and secured with two adjustable straps.',
    ],
  },
  // ----- Carriers
  {
    leaf: 'soft-structured-carriers', dept: 'carry', kind: 'carrier', weight: 2, models: true, colors: GEAR_COLORS, maxColors: 4,
    items: [{ noun: 'Baby Carrier', price: [99, 229] }, { noun: 'Ergonomic Baby Carrier', price: [119, 249] }, { noun: 'Mesh Baby Carrier', price: [129, 219] }],
    qualifiers: ['', 'All-Position', 'Newborn-Ready'],
    features: [
      'Carry front-inward, front-outward, on the hip or on your back.',
      'A lumbar-support waist belt takes pressure off your shoulders.',
      'Supports a hip-healthy M position from 7 to 45 pounds.',
      'Breathable mesh keeps you both cool on warm days.',
      'Buckles you can reach yourself make it easy to put on solo.',
    ],
  },
  {
    leaf: 'wraps-and-slings', dept: 'carry', kind: 'carrier', weight: 1.5, colors: SOFT_COLORS, maxColors: 4,
    items: [{ noun: 'Stretchy Wrap', price: [39, 79] }, { noun: 'Ring Sling', price: [59, 129] }, { noun: 'Woven Wrap', price: [89, 199] }],
    qualifiers: ['', 'Linen', 'Organic Cotton', 'Bamboo'],
    features: [
      'Soft, breathable fabric spreads your baby’s weight across both shoulders.',
      'Perfect for skin-to-skin contact in the newborn weeks.',
      'Folds small enough to keep in the diaper bag.',
      'Includes step-by-step tying instructions and a video guide.',
    ],
  },
  {
    leaf: 'hip-seat-carriers', dept: 'carry', kind: 'carrier', weight: 1, models: true, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Hip Seat Carrier', price: [49, 169] }],
    qualifiers: ['', 'Convertible', 'Compact'],
    features: [
      'A padded seat takes a toddler’s weight off your arms and onto your hips.',
      'The storage pocket holds your phone, keys and a snack.',
      'Quick ups and downs for toddlers who want to walk, then be carried.',
    ],
  },
  {
    leaf: 'hiking-carriers', dept: 'carry', kind: 'carrier', weight: 0.8, models: true, colors: GEAR_COLORS, maxColors: 2,
    items: [{ noun: 'Hiking Carrier', price: [199, 399] }, { noun: 'Framed Child Carrier', price: [229, 449] }],
    qualifiers: ['', 'Trail', 'Adventure'],
    features: [
      'An adjustable torso fits adults of different heights.',
      'The built-in sunshade deploys in seconds.',
      'A kickstand keeps the carrier stable while you load your child.',
      'Plenty of storage for water, snacks and diapers.',
    ],
  },
  // ----- Nursery
  {
    leaf: 'cribs', dept: 'nursery', kind: 'crib', weight: 2, colors: FURNITURE_COLORS, maxColors: 3,
    items: [
      { noun: '3-in-1 Convertible Crib', price: [249, 899] },
      { noun: '4-in-1 Convertible Crib', price: [299, 999] },
      { noun: 'Mini Crib', price: [199, 499] },
      { noun: 'Toddler Bed Conversion Kit', price: [79, 149] },
    ],
    qualifiers: ['Solid Wood', 'Spindle', 'Cane', 'Modern', 'Classic'],
    features: [
      'Converts to a toddler bed and a daybed as your child grows.',
      'Made from sustainably sourced wood with a non-toxic finish.',
      'Three mattress heights lower as your baby learns to stand.',
      'Meets current crib safety standards with no drop side.',
    ],
  },
  {
    leaf: 'bassinets', dept: 'sleep', kind: 'bassinet', weight: 1.5, colors: FURNITURE_COLORS, maxColors: 2,
    items: [
      { noun: 'Bassinet', price: [99, 349] },
      { noun: 'Bedside Sleeper', price: [149, 399] },
      { noun: 'Portable Bassinet', price: [79, 199] },
      { noun: 'Smart Bassinet', price: [899, 1199] },
    ],
    qualifiers: ['', 'Breathable Mesh', 'Rocking'],
    features: [
      'Mesh sides give you a clear view of your baby from bed.',
      'Height adjusts to sit flush with most adult beds.',
      'A firm, flat mattress and a fitted sheet are included.',
      'Folds flat for travel to the grandparents’ house.',
    ],
  },
  {
    leaf: 'gliders-and-rockers', dept: 'nursery', kind: 'glider', weight: 1, colors: FURNITURE_COLORS, maxColors: 3,
    items: [
      { noun: 'Glider', price: [399, 999] },
      { noun: 'Swivel Glider', price: [499, 1099] },
      { noun: 'Rocking Chair', price: [299, 799] },
      { noun: 'Glider Ottoman', price: [149, 349] },
    ],
    qualifiers: ['', 'Performance Fabric', 'Power Recline', 'Upholstered'],
    features: [
      'Smooth, whisper-quiet gliding for late-night feeds.',
      'Performance fabric resists stains and wipes clean.',
      'High back and padded arms support you and your baby.',
      'Arrives fully assembled; just attach the legs.',
    ],
  },
  {
    leaf: 'dressers-and-changing-tables', dept: 'nursery', kind: 'dresser', weight: 1.2, colors: FURNITURE_COLORS, maxColors: 3,
    items: [
      { noun: '3-Drawer Dresser', price: [349, 899] },
      { noun: '6-Drawer Double Dresser', price: [499, 1149] },
      { noun: 'Changing Table', price: [199, 449] },
      { noun: 'Dresser Changing Topper', price: [49, 99] },
    ],
    qualifiers: ['Solid Wood', 'Modern', 'Classic', 'Mid-Century'],
    features: [
      'Soft-close drawers glide on full-extension runners.',
      'Includes a wall anchor kit to prevent tip-overs.',
      'At changing-table height with room for a contoured pad on top.',
      'Converts to a regular dresser when diaper days are done.',
    ],
  },
  {
    leaf: 'crib-mattresses', dept: 'sleep', kind: 'crib', weight: 1, 
    items: [
      { noun: 'Crib Mattress', price: [99, 449] },
      { noun: 'Dual-Sided Crib Mattress', price: [149, 449] },
      { noun: 'Mini Crib Mattress', price: [79, 199] },
      { noun: 'Waterproof Mattress Protector', price: [19, 39], kind: 'blanket' },
    ],
    qualifiers: ['', 'Breathable', 'Organic', 'Lightweight'],
    features: [
      'Extra-firm infant side meets safe sleep guidance.',
      'Certified for low chemical emissions.',
      'A waterproof, wipe-clean cover makes accidents easy to handle.',
      'Fits standard full-size cribs snugly with no gaps.',
    ],
  },
  {
    leaf: 'crib-bedding', dept: 'sleep', kind: 'blanket', weight: 2, colors: SOFT_COLORS, maxColors: 4, packs: ['', '', '2-Pack'],
    items: [
      { noun: 'Fitted Crib Sheet', price: [18, 39] },
      { noun: 'Muslin Crib Sheet', price: [22, 42] },
      { noun: 'Knit Blanket', price: [34, 79], single: true },
      { noun: 'Waterproof Crib Pad', price: [19, 39], single: true },
    ],
    qualifiers: ['Organic Cotton', 'Jersey Knit', 'Muslin', 'Bamboo Viscose', 'Printed'],
    features: [
      'Deep elastic pockets keep the sheet tight around the mattress.',
      'Gets softer with every wash.',
      'Breathable fabric helps your baby stay comfortable all night.',
      'Certified free of harmful substances.',
    ],
  },
  {
    leaf: 'nursery-decor', dept: 'nursery', kind: 'mobile', weight: 1.5, colors: SOFT_COLORS, maxColors: 3,
    items: [
      { noun: 'Crib Mobile', price: [39, 129] },
      { noun: 'Felt Star Garland', price: [24, 59] },
      { noun: 'Nursery Night Light', price: [24, 69] },
      { noun: 'Framed Wall Art Set', price: [39, 119], kind: 'books' },
      { noun: 'Woven Storage Basket', price: [29, 79], kind: 'diaper-bag' },
    ],
    qualifiers: ['', 'Handmade', 'Woodland', 'Celestial', 'Rainbow'],
    features: [
      'Handcrafted from wool felt in soft, calming colors.',
      'A dimmable warm glow for night feeds.',
      'Adds a personal touch without cluttering the room.',
      'Keep out of baby’s reach; not a toy.',
    ],
  },
  // ----- Playroom
  {
    leaf: 'play-mats-and-activity-gyms', dept: 'play', kind: 'play-mat', weight: 1.5, colors: TOY_COLORS, maxColors: 2,
    items: [
      { noun: 'Activity Gym', price: [49, 179] },
      { noun: 'Play Mat', price: [39, 199] },
      { noun: 'Foldable Foam Play Mat', price: [79, 249] },
      { noun: 'Tummy Time Pillow', price: [19, 39] },
    ],
    qualifiers: ['', 'Sensory', 'Wooden', 'Musical'],
    features: [
      'Detachable toys hang within reach for batting and grasping.',
      'A padded mat makes tummy time more comfortable.',
      'Grows with your baby from lying down to sitting play.',
      'Wipe-clean, non-toxic foam folds away in seconds.',
    ],
  },
  {
    leaf: 'bouncers-and-swings', dept: 'play', kind: 'bouncer', weight: 1, colors: GEAR_COLORS, maxColors: 3,
    items: [{ noun: 'Baby Bouncer', price: [59, 249] }, { noun: 'Baby Swing', price: [129, 349] }, { noun: 'Baby Rocker', price: [79, 199] }],
    qualifiers: ['', 'Ergonomic', 'Portable'],
    features: [
      'Your baby’s own kicks create a gentle, natural bounce.',
      'Folds flat for storage and travel.',
      'A removable toy bar keeps little hands busy.',
      'Machine-washable seat fabric.',
    ],
  },
  {
    leaf: 'teethers', dept: 'play', kind: 'teether', weight: 2, colors: SOFT_COLORS, maxColors: 3, packs: ['', '', '2-Pack', '3-Pack'],
    items: [
      { noun: 'Teether', price: [8, 19] },
      { noun: 'Teething Ring', price: [8, 16] },
      { noun: 'Teething Mitten', price: [12, 19], single: true },
      { noun: 'Banana Teething Toothbrush', price: [9, 15] },
    ],
    qualifiers: ['Silicone', 'Natural Rubber', 'Textured', 'Chillable'],
    features: [
      'Textured surfaces massage sore gums.',
      'Made from food-grade silicone with no BPA, PVC or phthalates.',
      'Easy for little hands to hold from around 3 months.',
      'Dishwasher safe and chills in the refrigerator for extra relief.',
    ],
  },
  {
    leaf: 'rattles-and-plush-toys', dept: 'play', kind: 'plush', weight: 2, colors: SOFT_COLORS, maxColors: 2,
    items: [
      { noun: 'Plush Bear', price: [19, 49] },
      { noun: 'Bunny Lovey', price: [22, 42] },
      { noun: 'Wooden Rattle', price: [12, 29], kind: 'rattle' },
      { noun: 'Wrist Rattle Set', price: [12, 22], kind: 'rattle' },
      { noun: 'Stuffed Animal', price: [18, 45] },
    ],
    qualifiers: ['', 'Organic', 'Knit', 'Woodland'],
    features: [
      'Embroidered eyes and nose, with no small parts.',
      'Made from a super-soft fabric that is gentle on sensitive skin.',
      'A gentle rattle sound encourages reaching and grasping.',
      'Machine washable, for a toy that goes everywhere.',
    ],
  },
  {
    leaf: 'baby-books', dept: 'books', kind: 'books', weight: 2,
    items: [
      { noun: 'Board Book', price: [8, 14] },
      { noun: 'Cloth Book', price: [12, 22] },
      { noun: 'Bath Book', price: [9, 16] },
      { noun: 'Board Book Set', price: [24, 49] },
    ],
    qualifiers: BOOK_TITLES,
    features: [
      'Sturdy pages stand up to chewing and enthusiastic page-turning.',
      'Gentle rhymes and bold illustrations hold a baby’s attention.',
      'A lovely first book for reading aloud from birth.',
      'Rounded corners and a compact size for small hands.',
    ],
  },
  {
    leaf: 'blocks-and-learning-toys', dept: 'play', kind: 'blocks', weight: 1.5, colors: TOY_COLORS, maxColors: 2,
    items: [
      { noun: 'Wooden Block Set', price: [24, 69] },
      { noun: 'Stacking Cups', price: [9, 19] },
      { noun: 'Shape Sorter', price: [19, 39] },
      { noun: 'Soft Block Set', price: [19, 39] },
      { noun: 'Stacking Rings', price: [14, 29] },
      { noun: 'Push Walker', price: [59, 129] },
    ],
    qualifiers: ['', 'Wooden', 'Montessori-Inspired', 'Rainbow'],
    features: [
      'Open-ended play that grows with your child.',
      'Finished with water-based, non-toxic paints.',
      'Builds fine motor skills, problem-solving and hand-eye coordination.',
      'Sized for small hands but too big to be a choking hazard.',
    ],
  },
  // ----- Bath & potty
  {
    leaf: 'baby-bathtubs', dept: 'bath', kind: 'bath-tub', weight: 1.2, colors: SOFT_COLORS, maxColors: 2,
    items: [
      { noun: 'Baby Bathtub', price: [24, 59] },
      { noun: 'Newborn-to-Toddler Tub', price: [29, 69] },
      { noun: 'Foldable Bathtub', price: [39, 89] },
      { noun: 'Bath Seat', price: [19, 39] },
    ],
    qualifiers: ['', 'Slip-Resistant', 'Compact'],
    features: [
      'A newborn sling keeps your baby’s head above the water.',
      'Folds flat to store in a closet or behind the door.',
      'A drain plug makes emptying quick and spill-free.',
      'Fits in most adult tubs and large sinks.',
    ],
  },
  {
    leaf: 'towels-and-washcloths', dept: 'bath', kind: 'hooded-towel', weight: 1.5, colors: SOFT_COLORS, maxColors: 3, packs: ['', '', '2-Pack'],
    items: [{ noun: 'Hooded Towel', price: [19, 39] }, { noun: 'Washcloth Set', price: [12, 24] }, { noun: 'Bath Robe', price: [29, 49], single: true }],
    qualifiers: ['Organic Cotton', 'Bamboo Viscose', 'Terry', 'Animal Ears'],
    features: [
      'Extra-absorbent and soft on delicate skin.',
      'The hood keeps your baby’s head warm after the bath.',
      'Large enough to wrap a toddler.',
      'Stays soft wash after wash.',
    ],
  },
  {
    leaf: 'bath-toys', dept: 'bath', kind: 'bath-toy', weight: 1.5, colors: TOY_COLORS, maxColors: 2,
    items: [
      { noun: 'Rubber Duck', price: [8, 14] },
      { noun: 'Bath Squirters Set', price: [10, 22] },
      { noun: 'Stacking Bath Cups', price: [9, 16] },
      { noun: 'Bath Toy Organizer', price: [14, 29], kind: 'diaper-bag' },
      { noun: 'Floating Boat', price: [12, 24] },
    ],
    qualifiers: ['', 'Mold-Free', 'Open-Up'],
    features: [
      'Opens up for cleaning, so no hidden mold.',
      'Floats, pours and squirts for endless splashing.',
      'Made without BPA, PVC or phthalates.',
    ],
  },
  {
    leaf: 'potties-and-training-seats', dept: 'bath', kind: 'potty', weight: 1, colors: SOFT_COLORS, maxColors: 2,
    items: [
      { noun: 'Toddler Potty', price: [19, 59] },
      { noun: 'Potty Training Seat', price: [14, 39] },
      { noun: 'Step Stool', price: [19, 39] },
      { noun: 'Travel Potty', price: [19, 34] },
      { noun: 'Training Pants', price: [24, 39], kind: 'diapers', sizes: TRAINING },
    ],
    qualifiers: ['', 'Real-Feel', 'Easy-Clean'],
    features: [
      'A removable bowl makes clean-up quick.',
      'Non-slip feet keep it steady.',
      'Designed to feel like the real thing, so the move to the big toilet is easier.',
    ],
  },
  // ----- Health & safety
  {
    leaf: 'baby-monitors', dept: 'health', kind: 'monitor', weight: 1.2, models: true,
    items: [
      { noun: 'Video Baby Monitor', price: [99, 249] },
      { noun: 'Wi-Fi Smart Monitor', price: [149, 349] },
      { noun: 'Audio Baby Monitor', price: [39, 89] },
      { noun: 'Monitor Wall Mount', price: [19, 39] },
    ],
    qualifiers: ['', 'HD', 'Split-Screen'],
    features: [
      'Clear night vision and two-way talk.',
      'Encrypted video stream, with no subscription required.',
      'A long-range parent unit with all-night battery life.',
      'Temperature and humidity alerts for the nursery.',
    ],
  },
  {
    leaf: 'thermometers', dept: 'health', kind: 'thermometer', weight: 1, fsa: 0.9,
    items: [
      { noun: 'Digital Thermometer', price: [12, 24] },
      { noun: 'Forehead Thermometer', price: [29, 59] },
      { noun: 'Ear Thermometer', price: [39, 69] },
      { noun: 'Bath Thermometer', price: [8, 15], kind: 'bath-toy' },
    ],
    qualifiers: ['', 'Instant-Read', 'No-Touch'],
    features: [
      'Reads in about one second with a color-coded fever alert.',
      'A silent mode lets you check a sleeping baby.',
      'Stores the last 20 readings.',
      'Clinically tested for accuracy.',
    ],
  },
  {
    leaf: 'nasal-aspirators-and-health-care', dept: 'health', kind: 'nasal-aspirator', weight: 1.2, fsa: 0.8,
    items: [
      { noun: 'Nasal Aspirator', price: [12, 29] },
      { noun: 'Electric Nasal Aspirator', price: [29, 69] },
      { noun: 'Grooming Kit', price: [15, 29] },
      { noun: 'Medicine Dispenser', price: [8, 14] },
    ],
    qualifiers: ['', 'Hygienic', 'Gentle'],
    features: [
      'Clears stuffy noses quickly and gently.',
      'All parts come apart for thorough cleaning.',
      'Recommended by pediatric nurses.',
      'Includes a travel case.',
    ],
  },
  {
    leaf: 'humidifiers', dept: 'health', kind: 'humidifier', weight: 1, fsa: 0.3, colors: ['white', 'gray', 'pink', 'blue'], maxColors: 2,
    items: [
      { noun: 'Cool Mist Humidifier', price: [39, 99] },
      { noun: 'Humidifier & Night Light', price: [49, 119] },
      { noun: 'Air Purifier', price: [99, 249] },
      { noun: 'Sound Machine', price: [24, 69] },
    ],
    qualifiers: ['', 'Ultrasonic', 'Quiet'],
    features: [
      'Whisper-quiet operation will not wake a sleeping baby.',
      'Runs up to 24 hours on one tank.',
      'Auto shut-off when the tank is empty.',
      'A wide opening makes the tank easy to clean.',
    ],
  },
  {
    leaf: 'baby-gates', dept: 'safety', kind: 'baby-gate', weight: 1, colors: ['white', 'black', 'gray', 'brown'], maxColors: 2,
    items: [
      { noun: 'Pressure-Mounted Gate', price: [39, 99] },
      { noun: 'Hardware-Mounted Stair Gate', price: [59, 149] },
      { noun: 'Extra-Wide Gate', price: [79, 179] },
      { noun: 'Retractable Gate', price: [79, 149] },
      { noun: 'Gate Extension Kit', price: [19, 39] },
    ],
    qualifiers: ['', 'Walk-Through', 'Auto-Close'],
    features: [
      'A one-hand release opens easily for adults but not for toddlers.',
      'Swings both ways and closes automatically behind you.',
      'Hardware mounting makes it safe for the top of the stairs.',
      'Fits openings from 29 to 38 inches.',
    ],
  },
  {
    leaf: 'babyproofing', dept: 'safety', kind: 'outlet-covers', weight: 1,
    items: [
      { noun: 'Outlet Cover Set', price: [8, 19] },
      { noun: 'Cabinet Lock Set', price: [12, 29] },
      { noun: 'Corner Guard Set', price: [9, 19] },
      { noun: 'Furniture Anchor Kit', price: [12, 24] },
      { noun: 'Stove Knob Covers', price: [9, 16] },
      { noun: 'Babyproofing Starter Kit', price: [29, 59] },
    ],
    qualifiers: ['', 'Adhesive', 'Tool-Free'],
    features: [
      'Installs without drilling using strong adhesive.',
      'Easy for adults to open, tricky for little hands.',
      'Blends in with most decor.',
      'Covers the most common hazards in one kit.',
    ],
  },
  // ----- Feeding
  {
    leaf: 'bottles-and-nipples', dept: 'feeding', kind: 'bottle', weight: 2, packs: ['', '2-Pack', '3-Pack', '4-Pack'],
    items: [
      { noun: 'Anti-Colic Bottle', price: [9, 18] },
      { noun: 'Glass Baby Bottle', price: [12, 22] },
      { noun: 'Silicone Baby Bottle', price: [14, 24] },
      { noun: 'Bottle Nipples', price: [8, 14] },
      { noun: 'Newborn Bottle Gift Set', price: [39, 79], single: true },
      { noun: 'Bottle Drying Rack', price: [14, 29], single: true },
    ],
    qualifiers: ['', 'Slow-Flow', 'Wide-Neck', 'Natural-Feel'],
    features: [
      'A vented design reduces gas, spit-up and fussing.',
      'A wide neck makes filling and cleaning easy.',
      'Nipples shaped to make switching between breast and bottle easier.',
      'Dishwasher safe and made without BPA.',
    ],
  },
  {
    leaf: 'breast-pumps', dept: 'feeding', kind: 'breast-pump', weight: 0.8, fsa: 1, models: true,
    items: [
      { noun: 'Double Electric Breast Pump', price: [149, 349] },
      { noun: 'Wearable Breast Pump', price: [199, 549] },
      { noun: 'Manual Breast Pump', price: [24, 49] },
      { noun: 'Hospital-Grade Breast Pump', price: [399, 999] },
    ],
    qualifiers: ['', 'Quiet', 'Rechargeable'],
    features: [
      'Adjustable suction and cycle speed for comfortable pumping.',
      'A rechargeable battery lasts several sessions between charges.',
      'Includes flanges in three sizes for a better fit.',
      'A closed system keeps milk out of the tubing.',
    ],
  },
  {
    leaf: 'nursing-and-pumping-accessories', dept: 'feeding', kind: 'bottle', weight: 1.2, fsa: 0.5, packs: ['', '', '2-Pack'],
    items: [
      { noun: 'Nursing Pillow', price: [39, 69], kind: 'blanket', single: true },
      { noun: 'Milk Storage Bags', price: [9, 19] },
      { noun: 'Nursing Pads', price: [9, 19] },
      { noun: 'Pumping Bra', price: [29, 59], kind: 'breast-pump', single: true },
      { noun: 'Bottle Warmer', price: [29, 79], single: true },
      { noun: 'Bottle Sterilizer', price: [49, 149], single: true },
    ],
    qualifiers: ['', 'Hands-Free', 'Leak-Proof'],
    features: [
      'Designed with lactation consultants for real-life feeding.',
      'Pre-sterilized and leak-proof, with a write-on label.',
      'Supports your baby at the right height for feeding.',
      'Warms milk evenly without hot spots.',
    ],
  },
  {
    leaf: 'high-chairs', dept: 'feeding', kind: 'high-chair', weight: 1.2, colors: FURNITURE_COLORS, maxColors: 3,
    items: [
      { noun: 'High Chair', price: [99, 399] },
      { noun: 'Wooden High Chair', price: [199, 449] },
      { noun: 'Convertible High Chair', price: [149, 349] },
      { noun: 'Dining Booster Seat', price: [29, 79] },
      { noun: 'Hook-On Chair', price: [49, 99] },
    ],
    qualifiers: ['', 'Grow-With-Me', 'Compact'],
    features: [
      'An adjustable footrest supports good posture while eating.',
      'The tray removes with one hand and goes in the dishwasher.',
      'Converts to a toddler chair that pulls up to the table.',
      'A five-point harness keeps wriggly babies secure.',
    ],
  },
  {
    leaf: 'bibs-and-burp-cloths', dept: 'feeding', kind: 'bib', weight: 2, colors: SOFT_COLORS, maxColors: 4, packs: ['', '2-Pack', '3-Pack', '5-Pack'],
    items: [
      { noun: 'Silicone Bib', price: [9, 16] },
      { noun: 'Bandana Bib', price: [12, 24] },
      { noun: 'Burp Cloths', price: [14, 32], kind: 'blanket' },
      { noun: 'Smock Bib', price: [14, 24] },
    ],
    qualifiers: ['Organic Cotton', 'Waterproof', 'Muslin', 'Printed'],
    features: [
      'A deep pocket catches dropped food.',
      'Absorbent layers protect your shoulder from spit-up.',
      'Adjustable snaps grow with your baby.',
      'Rinses clean in the sink or goes in the washing machine.',
    ],
  },
  {
    leaf: 'pacifiers', dept: 'feeding', kind: 'pacifier', weight: 1.2, colors: SOFT_COLORS, maxColors: 3, packs: ['', '2-Pack', '4-Pack'],
    items: [
      { noun: 'Pacifier', price: [8, 14] },
      { noun: 'Orthodontic Pacifier', price: [8, 16] },
      { noun: 'Pacifier Clip', price: [8, 14], single: true },
      { noun: 'Newborn Pacifier', price: [8, 12] },
    ],
    qualifiers: ['', 'Silicone', 'One-Piece'],
    features: [
      'One-piece silicone construction with nowhere for germs to hide.',
      'An orthodontic shape supports healthy oral development.',
      'Sized for 0 to 6 months.',
      'Ventilated shield keeps skin dry.',
    ],
  },
  {
    leaf: 'cups-and-dishes', dept: 'feeding', kind: 'sippy-cup', weight: 1.5, colors: SOFT_COLORS, maxColors: 3, packs: ['', '', '2-Pack'],
    items: [
      { noun: 'Sippy Cup', price: [8, 16] },
      { noun: 'Straw Cup', price: [9, 18] },
      { noun: 'Open Training Cup', price: [8, 14] },
      { noun: 'Suction Plate', price: [12, 24] },
      { noun: 'First Spoon Set', price: [8, 14] },
      { noun: 'Divided Suction Plate', price: [14, 26] },
    ],
    qualifiers: ['', 'Silicone', 'Spill-Proof'],
    features: [
      'A strong suction base keeps it on the tray.',
      'Soft silicone is gentle on gums.',
      'Microwave and dishwasher safe.',
      'Easy-grip handles for little hands learning to self-feed.',
    ],
  },
  // ----- Diapering
  {
    leaf: 'diapers', dept: 'diapering', kind: 'diapers', weight: 2,
    items: [
      { noun: 'Diapers', price: [24, 54], suffixes: ['Newborn, 76 Count', 'Size 1, 112 Count', 'Size 2, 104 Count', 'Size 3, 92 Count', 'Size 4, 80 Count', 'Size 5, 66 Count', 'Size 6, 58 Count'] },
      { noun: 'Overnight Diapers', price: [29, 49], suffixes: ['Size 3, 44 Count', 'Size 4, 40 Count', 'Size 5, 36 Count', 'Size 6, 32 Count'] },
      { noun: 'Cloth Diaper', price: [19, 29] },
    ],
    qualifiers: ['', 'Plant-Based', 'Sensitive', 'Hypoallergenic'],
    features: [
      'Up to 12 hours of leak protection.',
      'Soft, breathable layers keep skin dry.',
      'A wetness indicator shows when it is time for a change.',
      'Made without fragrance, lotion or chlorine bleaching.',
    ],
  },
  {
    leaf: 'wipes', dept: 'diapering', kind: 'wipes', weight: 1.5, packs: ['', '4-Pack', '8-Pack'],
    items: [
      { noun: 'Water Wipes', price: [9, 24] },
      { noun: 'Sensitive Wipes', price: [9, 24] },
      { noun: 'Wipe Warmer', price: [24, 39], single: true },
      { noun: 'Wipes Dispenser', price: [12, 24], single: true },
      { noun: 'Reusable Cloth Wipes', price: [14, 24] },
    ],
    qualifiers: ['', 'Fragrance-Free', 'Plant-Based'],
    features: [
      '99% water and gentle enough for newborn skin.',
      'A flip-top lid keeps wipes moist.',
      'Thick and soft, so one wipe does more.',
      'Dermatologist tested and fragrance-free.',
    ],
  },
  {
    leaf: 'changing-pads-and-covers', dept: 'diapering', kind: 'changing-pad', weight: 1.2, colors: SOFT_COLORS, maxColors: 3, packs: ['', '', '2-Pack'],
    items: [
      { noun: 'Contoured Changing Pad', price: [39, 99], single: true },
      { noun: 'Changing Pad Cover', price: [16, 32] },
      { noun: 'Portable Changing Mat', price: [19, 39], single: true },
      { noun: 'Changing Basket', price: [69, 149], kind: 'diaper-bag', single: true },
    ],
    qualifiers: ['', 'Wipe-Clean', 'Organic Cotton', 'Quilted'],
    features: [
      'Raised sides help keep your baby centered.',
      'A waterproof, wipe-clean surface, no cover required.',
      'Includes a safety strap and a non-slip base.',
      'Folds up with pockets for a diaper and wipes.',
    ],
  },
  {
    leaf: 'diaper-bags', dept: 'diapering', kind: 'diaper-bag', weight: 1.2, colors: GEAR_COLORS, maxColors: 4,
    items: [
      { noun: 'Diaper Bag Backpack', price: [59, 199] },
      { noun: 'Diaper Tote', price: [69, 179] },
      { noun: 'Messenger Diaper Bag', price: [59, 149] },
      { noun: 'Changing Clutch', price: [29, 59] },
    ],
    qualifiers: ['', 'Vegan Leather', 'Nylon', 'Convertible'],
    features: [
      'Insulated bottle pockets keep milk cool.',
      'Stroller straps attach it to the handlebar.',
      'Includes a padded changing pad.',
      'A wide opening makes it easy to find things one-handed.',
    ],
  },
  // ----- Clothing
  {
    leaf: 'bodysuits', dept: 'apparel', kind: 'bodysuit', weight: 6, colors: SOFT_COLORS, maxColors: 4, sizes: BABY, packs: ['', '', '3-Pack', '5-Pack'],
    items: [
      { noun: 'Short-Sleeve Bodysuit', price: [10, 22] },
      { noun: 'Long-Sleeve Bodysuit', price: [12, 24] },
      { noun: 'Kimono Bodysuit', price: [14, 26], sizes: NEWBORN },
      { noun: 'Bodysuit', price: [12, 22] },
    ],
    qualifiers: ['Organic Cotton', 'Ribbed', 'Pima Cotton', 'Striped', 'Floral', 'Waffle-Knit'],
    features: [
      'Envelope shoulders make blowouts easier to handle.',
      'Nickel-free snaps at the bottom for quick diaper changes.',
      'Soft, breathable cotton that washes beautifully.',
      'Tagless, with flat seams that will not irritate.',
    ],
  },
  {
    leaf: 'sleepers-and-pajamas', dept: 'apparel', kind: 'sleeper', weight: 5, colors: SOFT_COLORS, maxColors: 4, sizes: BABY_TODDLER,
    items: [
      { noun: 'Zip Footed Sleeper', price: [18, 36] },
      { noun: 'Two-Way Zip Sleeper', price: [22, 38] },
      { noun: 'Snug-Fit Pajama Set', price: [20, 36], sizes: KID_PJ },
      { noun: 'Sleep Gown', price: [16, 28], sizes: NEWBORN },
    ],
    qualifiers: ['Organic Cotton', 'Bamboo Viscose', 'Fleece', 'Printed', 'Ribbed'],
    features: [
      'A two-way zip makes middle-of-the-night changes quicker.',
      'Fold-over cuffs on the smallest sizes prevent scratching.',
      'Snug-fitting for safety, with no flame retardants.',
      'Stretchy, buttery-soft fabric grows with your baby.',
    ],
  },
  {
    leaf: 'swaddles-and-sleep-sacks', dept: 'sleep', kind: 'swaddle', weight: 3, colors: SOFT_COLORS, maxColors: 3,
    items: [
      { noun: 'Muslin Swaddle Blanket', price: [14, 29] },
      { noun: 'Swaddle Blanket 3-Pack', price: [34, 59] },
      { noun: 'Zip-Up Swaddle', price: [24, 39], sizes: ['NB', '0-3M'] },
      { noun: 'Sleep Sack', price: [29, 49], sizes: SLEEP_SACK },
      { noun: 'Transitional Swaddle', price: [34, 44], sizes: ['0-3M', '3-6M'] },
    ],
    qualifiers: ['Organic Cotton', 'Muslin', 'Bamboo', '0.5 TOG', '1.0 TOG', '2.5 TOG'],
    features: [
      'Helps calm the startle reflex for longer stretches of sleep.',
      'Hip-healthy design lets legs bend up and out.',
      'Breathable fabric helps prevent overheating.',
      'Zips from the bottom for easy diaper changes.',
    ],
  },
  {
    leaf: 'hats-and-mittens', dept: 'apparel', kind: 'hat', weight: 2, colors: SOFT_COLORS, maxColors: 3, sizes: HATS,
    items: [
      { noun: 'Knit Beanie', price: [12, 24] },
      { noun: 'Sun Hat', price: [16, 29] },
      { noun: 'Bear Ear Hat', price: [14, 24] },
      { noun: 'Scratch Mittens', price: [8, 14], sizes: ['NB', '0-3M'] },
      { noun: 'Bonnet', price: [14, 24] },
    ],
    qualifiers: ['', 'Organic Cotton', 'Cable-Knit', 'UPF 50+'],
    features: [
      'Soft, stretchy and easy to pull on.',
      'A chin strap keeps it in place on windy days.',
      'A wide brim shades little faces.',
      'Machine washable.',
    ],
  },
  {
    leaf: 'socks-and-booties', dept: 'apparel', kind: 'socks', weight: 2, colors: SOFT_COLORS, maxColors: 3, sizes: BABY_TODDLER, packs: ['', '3-Pack', '6-Pack'],
    items: [
      { noun: 'Grippy Socks', price: [10, 18] },
      { noun: 'Knit Booties', price: [14, 24], sizes: SHOES, single: true },
      { noun: 'Soft-Sole Shoes', price: [29, 49], sizes: SHOES, single: true },
      { noun: 'Crew Socks', price: [10, 16] },
    ],
    qualifiers: ['', 'Non-Slip', 'Organic Cotton', 'Stay-On'],
    features: [
      'Non-slip grips help new walkers find their feet.',
      'A snug cuff keeps them on wriggly feet.',
      'Flexible soft soles support natural foot development.',
      'Breathable and machine washable.',
    ],
  },
  {
    leaf: 'outfits-and-sets', dept: 'apparel', kind: 'bodysuit', weight: 4, colors: SOFT_COLORS, maxColors: 4, sizes: BABY_TODDLER,
    items: [
      { noun: 'Romper', price: [22, 44] },
      { noun: 'Two-Piece Set', price: [24, 46] },
      { noun: 'Coming Home Outfit', price: [29, 59], sizes: NEWBORN, kind: 'sleeper' },
      { noun: 'Big Sibling Tee', price: [16, 26], sizes: TODDLER_KID },
      { noun: 'Cardigan', price: [29, 54] },
      { noun: 'Overalls', price: [26, 44] },
    ],
    qualifiers: ['Organic Cotton', 'Linen', 'Gingham', 'Corduroy', 'Floral', 'Striped'],
    features: [
      'Coordinated pieces that mix and match.',
      'Easy snaps and stretchy waistbands for quick changes.',
      'Special enough for photos, comfortable enough for naps.',
      'Made from soft, breathable cotton.',
    ],
  },
  // ----- More (regular products; cash funds, gift cards and favors are special products)
  {
    leaf: 'holiday-gifts', dept: 'gifts', kind: 'plush', weight: 1.2, colors: ['red', 'green', 'white', 'gray'], maxColors: 2,
    items: [
      { noun: 'Holiday Plush', price: [19, 39] },
      { noun: 'Holiday Footed Sleeper', price: [22, 36], kind: 'sleeper', sizes: BABY_TODDLER },
      { noun: 'Holiday Board Book', price: [8, 14], kind: 'books' },
      { noun: 'Snowflake Knit Blanket', price: [39, 79], kind: 'blanket' },
      { noun: 'First Holiday Ornament', price: [14, 29], kind: 'mobile' },
      { noun: 'Winter Knit Hat', price: [14, 24], kind: 'hat', sizes: HATS },
    ],
    qualifiers: ['', 'Festive', 'Cozy', 'Limited-Edition'],
    features: [
      'Arrives gift-ready in a keepsake box.',
      'A cozy seasonal favorite for a baby’s first holidays.',
      'Makes a sweet stocking stuffer.',
      'Limited seasonal run.',
    ],
  },
  {
    leaf: 'keepsakes', dept: 'gifts', kind: 'books', weight: 0.8,
    items: [
      { noun: 'Baby Memory Book', price: [29, 49] },
      { noun: 'Handprint Keepsake Kit', price: [19, 39], kind: 'favor' },
      { noun: 'Milestone Cards', price: [14, 24] },
      { noun: 'Personalized Name Puzzle', price: [39, 69], kind: 'blocks' },
    ],
    qualifiers: ['', 'Linen-Bound', 'Modern', 'Classic'],
    features: [
      'Guided pages make it easy to record the first year.',
      'A timeless gift parents will treasure.',
      'Non-toxic materials, safe to use with babies.',
      'Space for photos, notes and first milestones.',
    ],
  },
]

/** Cash funds, gift cards and favors: products that are not shipped goods. */
export const CASH_FUNDS = [
  ['Diapers & Wipes Fund', 'Help keep the changing table stocked for the first year.'],
  ['Parental Leave Fund', 'Give the gift of more time at home together in the first weeks.'],
  ['Childcare Fund', 'Help with daycare or a nanny when parents head back to work.'],
  ['College Savings Fund', 'Start a little one’s education savings with a gift that grows.'],
  ['Nursery Makeover Fund', 'Help turn the spare room into a cozy nursery.'],
  ['Doula & Birth Support Fund', 'Help cover the cost of a doula or postpartum support.'],
  ['Night Nurse Fund', 'Give the gift of a full night of sleep.'],
  ['Baby’s First Vacation Fund', 'Help the new family make their first trip together.'],
] as const

export const GIFT_CARD_DESIGNS = ['Welcome Baby', 'Oh Happy Day', 'Little Star', 'Bundle of Joy', 'Sweet Dreams'] as const

export const FAVORS = [
  ['Home-Cooked Meal Drop-Off', 'Sign up to bring a meal in the first weeks home.'],
  ['Babysitting for Date Night', 'A few hours of babysitting so the new parents can get out together.'],
  ['Dog Walking Week', 'Help keep the family dog happy while everyone adjusts.'],
  ['Laundry Day Help', 'Lend a hand with the never-ending baby laundry.'],
  ['Grocery Run', 'Pick up the groceries so parents can stay home and rest.'],
  ['Big Sibling Playdate', 'Take the big sibling out for some special one-on-one fun.'],
  ['Yard Work Afternoon', 'Mow the lawn or rake the leaves so parents do not have to.'],
  ['Night-Time Help', 'Take a night shift so the new parents can sleep.'],
] as const
