// Editorial guides: slugs, titles, cover illustrations and what each guide is linked to.
// The long bodies live in guide-bodies.ts so the image renderer can import this file cheaply.

import type { ProductKind } from '../illustrations'

export type GuideSeed = {
  slug: string
  title: string
  /** The illustration on the guide's cover. */
  kind: ProductKind
  teaser: string
  topics: { name: string; slug: string }[]
  /** Category url slugs the guide appears on, in order of relevance. */
  categories: string[]
  /** Brand names the guide appears on (brand page 'Shop by Guide'). */
  brands: string[]
}

const topic = (name: string) => ({ name, slug: name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-') })
const GEAR = topic('Gear')
const SLEEP = topic('Sleep')
const FEEDING = topic('Feeding')
const HEALTH = topic('Health & Safety')
const REGISTRY = topic('Registry')
const PLAY = topic('Play & Development')
const CLOTHING = topic('Clothing')
const BATH = topic('Bath & Diapering')
const NURSERY = topic('Nursery')

export const GUIDE_SEEDS: readonly GuideSeed[] = [
  {
    slug: 'best-strollers',
    title: 'How to Choose a Stroller',
    kind: 'stroller',
    teaser: 'Full-size, lightweight, jogging or travel system? What actually matters when you test-drive a stroller.',
    topics: [GEAR],
    categories: ['strollers', 'full-size-strollers', 'lightweight-strollers'],
    brands: ['Little Acorn', 'Stroll & Co.', 'Wanderwee'],
  },
  {
    slug: 'travel-systems-explained',
    title: 'Travel Systems, Explained',
    kind: 'car-seat',
    teaser: 'A car seat that clicks into a stroller can make the newborn months easier. Here is how to tell if you need one.',
    topics: [GEAR],
    categories: ['strollers', 'travel-system-strollers', 'infant-car-seats'],
    brands: ['Roamling', 'Little Acorn'],
  },
  {
    slug: 'double-stroller-guide',
    title: 'Double Strollers for Twins and Close-in-Age Siblings',
    kind: 'stroller',
    teaser: 'Side-by-side or tandem, convertible or dedicated: how to pick a double that still fits through the door.',
    topics: [GEAR],
    categories: ['strollers', 'double-strollers'],
    brands: ['Stroll & Co.'],
  },
  {
    slug: 'jogging-stroller-guide',
    title: 'Running with a Jogging Stroller',
    kind: 'stroller',
    teaser: 'When babies are ready to ride along, which features matter on the trail, and how to stay safe at speed.',
    topics: [GEAR],
    categories: ['jogging-strollers'],
    brands: ['Summit Sprout'],
  },
  {
    slug: 'car-seat-stages-explained',
    title: 'Car Seat Stages, from Infant Seat to Booster',
    kind: 'car-seat',
    teaser: 'Rear-facing, forward-facing, booster: the stages, the limits that matter and when to move up.',
    topics: [GEAR, HEALTH],
    categories: ['car-seats', 'convertible-car-seats', 'all-in-one-car-seats', 'booster-seats'],
    brands: ['Kite & Kin', 'Little Acorn'],
  },
  {
    slug: 'how-to-install-an-infant-car-seat',
    title: 'How to Install an Infant Car Seat',
    kind: 'car-seat',
    teaser: 'Most seats are installed with a small mistake. A step-by-step check you can do in your driveway.',
    topics: [GEAR, HEALTH],
    categories: ['car-seats', 'infant-car-seats'],
    brands: ['Kite & Kin', 'Roamling'],
  },
  {
    slug: 'babywearing-101',
    title: 'Babywearing 101',
    kind: 'carrier',
    teaser: 'Wraps, slings and buckle carriers compared, plus the safety checks every babywearer should know.',
    topics: [GEAR],
    categories: ['carriers', 'soft-structured-carriers', 'wraps-and-slings'],
    brands: ['Sprout Path', 'Willowisp Baby'],
  },
  {
    slug: 'best-baby-carriers',
    title: 'Finding the Right Baby Carrier',
    kind: 'carrier',
    teaser: 'Fit, comfort and how long you will use it: choosing a carrier that works for both of your bodies.',
    topics: [GEAR],
    categories: ['carriers', 'hip-seat-carriers', 'hiking-carriers'],
    brands: ['Sprout Path', 'Summit Sprout', 'Wanderwee'],
  },
  {
    slug: 'nursery-checklist',
    title: 'The Nursery Checklist',
    kind: 'crib',
    teaser: 'What a nursery really needs on day one, what can wait, and how to lay out the room for night feeds.',
    topics: [NURSERY, REGISTRY],
    categories: ['nursery', 'cribs', 'dressers-and-changing-tables', 'nursery-decor'],
    brands: ['Hollow Oak Nursery', 'Fernwood Baby', 'Maple Row Makers'],
  },
  {
    slug: 'safe-sleep-basics',
    title: 'Safe Sleep Basics',
    kind: 'bassinet',
    teaser: 'Alone, on the back, in a bare crib: the safe sleep rules and the products that support them.',
    topics: [SLEEP, HEALTH],
    categories: ['nursery', 'bassinets', 'crib-mattresses', 'crib-bedding'],
    brands: ['Clover Cradle', 'Goosefeather', 'Dandelion Dreams'],
  },
  {
    slug: 'choosing-a-glider',
    title: 'Choosing a Glider or Rocker',
    kind: 'glider',
    teaser: 'You will spend hundreds of hours in this chair. Test it for these five things before you buy.',
    topics: [NURSERY],
    categories: ['nursery', 'gliders-and-rockers'],
    brands: ['Hushabye Home'],
  },
  {
    slug: 'how-to-create-a-baby-registry',
    title: 'How to Create a Baby Registry',
    kind: 'gift-card',
    teaser: 'When to start, how much to add and how to make it easy for the people who love you to help.',
    topics: [REGISTRY],
    categories: ['more', 'gift-cards'],
    brands: ['Nestlist'],
  },
  {
    slug: 'registry-must-haves',
    title: 'Registry Must-Haves for the First Three Months',
    kind: 'swaddle',
    teaser: 'The short list of things you will use every single day in the newborn weeks.',
    topics: [REGISTRY],
    categories: ['holiday-gifts', 'keepsakes'],
    brands: ['Nestlist', 'Bramble & Bean'],
  },
  {
    slug: 'how-cash-funds-work',
    title: 'How Cash Funds Work',
    kind: 'cash-fund',
    teaser: 'Ask for help with the big things, from parental leave to childcare, without it feeling awkward.',
    topics: [REGISTRY],
    categories: ['more', 'cash-funds'],
    brands: ['Nestlist'],
  },
  {
    slug: 'asking-for-help-and-favors',
    title: 'Asking for Help: Favors for New Parents',
    kind: 'favor',
    teaser: 'Meals, laundry, a night of sleep: the favors new parents value most and how to ask for them.',
    topics: [REGISTRY],
    categories: ['more', 'help-and-favors'],
    brands: ['Nestlist'],
  },
  {
    slug: 'holiday-gift-guide',
    title: 'Holiday Gifts for Babies and Toddlers',
    kind: 'plush',
    teaser: 'Thoughtful gifts for a baby’s first holidays, sorted by age and budget.',
    topics: [REGISTRY, PLAY],
    categories: ['more', 'holiday-gifts'],
    brands: ['Pinecone Parade', 'Fable Forest', 'Pebble & Pine'],
  },
  {
    slug: 'tummy-time-guide',
    title: 'Tummy Time, Made Easier',
    kind: 'play-mat',
    teaser: 'Why tummy time matters, how much to aim for, and tricks for babies who hate it.',
    topics: [PLAY],
    categories: ['playroom', 'play-mats-and-activity-gyms'],
    brands: ['Meadowlark Kids', 'Soft Landing Co.'],
  },
  {
    slug: 'teething-survival-guide',
    title: 'The Teething Survival Guide',
    kind: 'teether',
    teaser: 'Signs, timelines and what actually soothes sore gums, from chilled teethers to a clean finger.',
    topics: [PLAY, HEALTH],
    categories: ['playroom', 'teethers'],
    brands: [],
  },
  {
    slug: 'best-books-for-babies',
    title: 'Reading to Babies: Where to Start',
    kind: 'books',
    teaser: 'Why reading aloud matters from day one, and the kinds of books babies love at each age.',
    topics: [PLAY],
    categories: ['playroom', 'baby-books', 'keepsakes'],
    brands: ['Paper Lantern Press', 'Quill & Crayon', 'Fable Forest'],
  },
  {
    slug: 'bath-time-basics',
    title: 'Bath Time Basics',
    kind: 'bath-tub',
    teaser: 'How often to bathe a newborn, what you need within arm’s reach, and how to keep it calm.',
    topics: [BATH],
    categories: ['bath-potty', 'baby-bathtubs', 'towels-and-washcloths'],
    brands: ['Saltmarsh Baby', 'Otter & Oak', 'Cloudberry Bath Co.'],
  },
  {
    slug: 'potty-training-readiness',
    title: 'Is Your Toddler Ready for Potty Training?',
    kind: 'potty',
    teaser: 'The readiness signs to watch for and a gentle plan for the first week.',
    topics: [BATH],
    categories: ['bath-potty', 'potties-and-training-seats'],
    brands: [],
  },
  {
    slug: 'choosing-a-baby-monitor',
    title: 'Choosing a Baby Monitor',
    kind: 'monitor',
    teaser: 'Audio, video or Wi-Fi: the trade-offs in range, privacy and battery life.',
    topics: [HEALTH, GEAR],
    categories: ['baby-health-safety', 'baby-monitors'],
    brands: ['Nimbus Nursery'],
  },
  {
    slug: 'baby-medicine-cabinet',
    title: 'Stocking the Baby Medicine Cabinet',
    kind: 'thermometer',
    teaser: 'The health basics to have at home before your baby arrives, and how to use them.',
    topics: [HEALTH],
    categories: ['baby-health-safety', 'thermometers', 'nasal-aspirators-and-health-care', 'humidifiers'],
    brands: ['Hatchling Health', 'Bright Tern Health'],
  },
  {
    slug: 'babyproofing-room-by-room',
    title: 'Babyproofing, Room by Room',
    kind: 'baby-gate',
    teaser: 'Get down to crawling height and work through the house before your baby is on the move.',
    topics: [HEALTH],
    categories: ['baby-health-safety', 'baby-gates', 'babyproofing'],
    brands: ['Tiny Harbor', 'Steady Hinge Co.', 'Little Lighthouse'],
  },
  {
    slug: 'bottle-feeding-basics',
    title: 'Bottle Feeding Basics',
    kind: 'bottle',
    teaser: 'Choosing bottles and nipple flows, paced feeding, and how to clean and store everything.',
    topics: [FEEDING],
    categories: ['feeding', 'bottles-and-nipples'],
    brands: ['Copperkettle Baby'],
  },
  {
    slug: 'breast-pump-guide',
    title: 'A Practical Guide to Breast Pumps',
    kind: 'breast-pump',
    teaser: 'Double electric, wearable or manual, how to get one through insurance, and flange fit.',
    topics: [FEEDING, HEALTH],
    categories: ['feeding', 'breast-pumps', 'nursing-and-pumping-accessories'],
    brands: ['Sunny Seedling'],
  },
  {
    slug: 'starting-solids',
    title: 'Starting Solids',
    kind: 'high-chair',
    teaser: 'Signs of readiness, first foods, and the gear that makes mealtimes less messy.',
    topics: [FEEDING],
    categories: ['feeding', 'high-chairs', 'bibs-and-burp-cloths', 'cups-and-dishes'],
    brands: ['Peapod Goods', 'Oak & Oat', 'Sweet Pea Provisions'],
  },
  {
    slug: 'how-many-diapers-do-you-need',
    title: 'How Many Diapers Do You Need?',
    kind: 'diapers',
    teaser: 'A size-by-size estimate for the first year, and when to stock up.',
    topics: [BATH],
    categories: ['diapering', 'diapers', 'wipes'],
    brands: ['Bumblebee Basics', 'Nestling Essentials'],
  },
  {
    slug: 'diaper-bag-packing-list',
    title: 'What to Pack in a Diaper Bag',
    kind: 'diaper-bag',
    teaser: 'A checklist for short trips and long days out, and how to keep it restocked.',
    topics: [BATH, GEAR],
    categories: ['diapering', 'diaper-bags', 'changing-pads-and-covers'],
    brands: ['Snugglebug Supply'],
  },
  {
    slug: 'newborn-clothes-checklist',
    title: 'The Newborn Clothes Checklist',
    kind: 'bodysuit',
    teaser: 'How many bodysuits, sleepers and hats you really need, and which sizes to buy.',
    topics: [CLOTHING, REGISTRY],
    categories: ['clothing', 'bodysuits', 'outfits-and-sets'],
    brands: ['Bluebird Lane', 'Bramble & Bean', 'Juniper Row'],
  },
  {
    slug: 'baby-clothing-size-guide',
    title: 'Baby Clothing Sizes, Decoded',
    kind: 'sleeper',
    teaser: 'What NB, 0-3M and 2T really mean, and why you should size by weight, not age.',
    topics: [CLOTHING],
    categories: ['clothing', 'sleepers-and-pajamas', 'socks-and-booties'],
    brands: ['Cozy Cub Co.', 'Tiptoe Threads'],
  },
  {
    slug: 'how-to-swaddle',
    title: 'How to Swaddle, and When to Stop',
    kind: 'swaddle',
    teaser: 'A step-by-step swaddle, hip-healthy tips, and moving to a sleep sack when your baby starts to roll.',
    topics: [SLEEP, CLOTHING],
    categories: ['clothing', 'swaddles-and-sleep-sacks'],
    brands: ['Moonpetal', 'Tuck & Tumble', 'Marigold & Moss'],
  },
  {
    slug: 'dressing-baby-for-the-weather',
    title: 'Dressing Your Baby for the Weather',
    kind: 'hat',
    teaser: 'The one-more-layer rule, car seat safety in winter coats, and sun protection for little ones.',
    topics: [CLOTHING, HEALTH],
    categories: ['clothing', 'hats-and-mittens'],
    brands: ['Puffin Path', 'Tidepool Baby'],
  },
]

const bySlug = new Map(GUIDE_SEEDS.map((guide) => [guide.slug, guide]))

export function guideSeedBySlug(slug: string): GuideSeed | undefined {
  return bySlug.get(slug)
}
