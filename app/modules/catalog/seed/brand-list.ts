// Invented brands for the demo shop (none of these are real companies). Pure data with no runtime
// imports beyond slugify, so the image renderer can validate brand logo paths cheaply.

import { slugify } from './prng'

/** Broad areas a brand makes things for; products pick a brand whose departments fit. */
export type Department =
  | 'gear'
  | 'car'
  | 'carry'
  | 'nursery'
  | 'sleep'
  | 'play'
  | 'books'
  | 'bath'
  | 'health'
  | 'safety'
  | 'feeding'
  | 'diapering'
  | 'apparel'
  | 'gifts'

export type BrandSeed = {
  name: string
  departments: Department[]
  home: string
  founded: number
  /** One hand-written sentence on what the brand is about. */
  tagline: string
  warrantyYears: number
  /** A few brands have no FAQ, so their brand page shows no FAQ section. */
  hasFaqs: boolean
}

// [name, departments, home, founded, tagline, warranty years, has FAQs]
type Row = [string, Department[], string, number, string, number, boolean?]

const ROWS: Row[] = [
  ['Nestlist', ['gifts'], 'Portland, Oregon', 2019, 'Nestlist is the registry and shop that helps families gather everything, and everyone, they need for a new baby.', 1],
  ['Little Acorn', ['gear', 'car'], 'Asheville, North Carolina', 2012, 'Little Acorn builds sturdy, easy-folding strollers and car seats for families who are always on the move.', 3],
  ['Bramble & Bean', ['apparel', 'sleep'], 'Burlington, Vermont', 2015, 'Bramble & Bean makes soft organic cotton basics in calm, earthy colors that wash beautifully.', 1],
  ['Cozy Cub Co.', ['apparel', 'sleep'], 'Duluth, Minnesota', 2016, 'Cozy Cub Co. is all about warm layers, snug sleepers and cold-weather comfort for little ones.', 1],
  ['Peapod Goods', ['feeding'], 'Sacramento, California', 2017, 'Peapod Goods designs colorful silicone plates, cups and spoons that make learning to eat less messy.', 2],
  ['Hollow Oak Nursery', ['nursery'], 'Grand Rapids, Michigan', 2009, 'Hollow Oak Nursery crafts solid-wood cribs and dressers meant to last through siblings and beyond.', 5],
  ['Tumbleweed & Twig', ['play'], 'Santa Fe, New Mexico', 2018, 'Tumbleweed & Twig makes open-ended wooden toys that grow with a child’s imagination.', 2, false],
  ['Moonpetal', ['sleep', 'apparel'], 'Boulder, Colorado', 2014, 'Moonpetal focuses on one thing: helping babies, and their parents, get more sleep.', 1],
  ['Saltmarsh Baby', ['bath'], 'Charleston, South Carolina', 2016, 'Saltmarsh Baby makes gentle bath-time essentials inspired by slow coastal mornings.', 1],
  ['Puddle & Pond', ['bath', 'play'], 'Olympia, Washington', 2020, 'Puddle & Pond makes mold-resistant bath toys that can be opened up and cleaned.', 1],
  ['Honeycomb Hill', ['nursery', 'gifts'], 'Lancaster, Pennsylvania', 2013, 'Honeycomb Hill creates heirloom nursery decor and keepsakes with a cheerful, hand-drawn look.', 1],
  ['Bluebird Lane', ['apparel'], 'Savannah, Georgia', 2011, 'Bluebird Lane dresses babies and toddlers in playful prints made from breathable cotton.', 1],
  ['Fernwood Baby', ['nursery', 'sleep'], 'Eugene, Oregon', 2010, 'Fernwood Baby makes modern nursery furniture from sustainably harvested hardwoods.', 5],
  ['Marigold & Moss', ['apparel', 'sleep', 'gifts'], 'Austin, Texas', 2017, 'Marigold & Moss makes muslin swaddles and blankets in sunny, botanical prints.', 1],
  ['Pebble & Pine', ['play', 'gifts'], 'Bozeman, Montana', 2015, 'Pebble & Pine makes smooth, non-toxic wooden toys finished with plant-based oils.', 2],
  ['Snugglebug Supply', ['diapering', 'bath'], 'Columbus, Ohio', 2014, 'Snugglebug Supply keeps changing time simple with well-made pads, bags and wipes.', 1],
  ['Clover Cradle', ['nursery', 'sleep'], 'Madison, Wisconsin', 2012, 'Clover Cradle designs bassinets and bedside sleepers that keep newborns close and safe.', 3],
  ['Sprout Path', ['carry'], 'Missoula, Montana', 2013, 'Sprout Path makes ergonomic carriers that spread the load so parents can wear their babies longer.', 3],
  ['Wanderwee', ['gear', 'carry'], 'Denver, Colorado', 2016, 'Wanderwee makes compact travel gear for families who would rather be somewhere new.', 2],
  ['Bright Tern Health', ['health'], 'Baltimore, Maryland', 2015, 'Bright Tern Health makes simple, accurate health tools for the middle-of-the-night moments.', 2],
  ['Tiny Harbor', ['safety'], 'Providence, Rhode Island', 2011, 'Tiny Harbor makes babyproofing gear that keeps curious crawlers safe without making a home feel like a fortress.', 3],
  ['Paper Lantern Press', ['books'], 'Ann Arbor, Michigan', 2008, 'Paper Lantern Press publishes sturdy board books with gentle rhymes and bold, high-contrast art.', 1],
  ['Juniper Row', ['apparel'], 'Richmond, Virginia', 2018, 'Juniper Row makes easy-on, easy-off clothing with magnetic and zip closures for faster changes.', 1],
  ['Otter & Oak', ['bath', 'gifts'], 'Portland, Maine', 2019, 'Otter & Oak makes plush hooded towels and bath sets that turn bath time into cuddle time.', 1],
  ['Sweet Pea Provisions', ['feeding'], 'Fresno, California', 2016, 'Sweet Pea Provisions makes feeding gear that helps babies move from bottles to real food.', 1],
  ['Nimbus Nursery', ['health', 'safety'], 'Raleigh, North Carolina', 2017, 'Nimbus Nursery makes private, easy-to-set-up monitors with no subscription required.', 2],
  ['Dandelion Dreams', ['sleep', 'nursery'], 'Nashville, Tennessee', 2015, 'Dandelion Dreams makes breathable bedding and sleep sacks designed around safe-sleep guidance.', 1],
  ['Birch & Button', ['apparel', 'gifts'], 'Minneapolis, Minnesota', 2013, 'Birch & Button makes classic knitwear and coming-home outfits with a timeless feel.', 1],
  ['Hushabye Home', ['nursery'], 'Charlotte, North Carolina', 2010, 'Hushabye Home builds gliders and rockers with smooth, whisper-quiet motion for late-night feeds.', 5],
  ['Meadowlark Kids', ['play', 'apparel'], 'Lexington, Kentucky', 2012, 'Meadowlark Kids makes sensory-rich toys and play mats that invite babies to reach, roll and explore.', 2],
  ['Summit Sprout', ['gear', 'carry'], 'Salt Lake City, Utah', 2014, 'Summit Sprout makes trail-ready jogging strollers and hiking carriers for outdoorsy families.', 3],
  ['Copperkettle Baby', ['feeding'], 'Pittsburgh, Pennsylvania', 2011, 'Copperkettle Baby makes anti-colic bottles and nipples tested with real, fussy babies.', 1],
  ['Wee Wonders', ['play', 'gifts'], 'Tucson, Arizona', 2019, 'Wee Wonders makes bright, affordable first toys that are easy to wipe clean.', 1, false],
  ['Quill & Crayon', ['books', 'gifts'], 'Brooklyn, New York', 2016, 'Quill & Crayon publishes memory books and picture books with space for a family’s own story.', 1],
  ['Soft Landing Co.', ['play', 'nursery'], 'Des Moines, Iowa', 2018, 'Soft Landing Co. makes padded play mats that wipe clean and fold away.', 2],
  ['Goosefeather', ['sleep', 'nursery'], 'Bend, Oregon', 2012, 'Goosefeather makes breathable crib mattresses and sheets with materials certified for low emissions.', 5],
  ['Harbor & Hearth', ['nursery', 'gifts'], 'Mystic, Connecticut', 2017, 'Harbor & Hearth makes nursery lighting, mobiles and wall art with a calm, coastal palette.', 1],
  ['Little Lighthouse', ['safety', 'health'], 'Halifax, Nova Scotia', 2013, 'Little Lighthouse makes night lights, gates and safety basics that are simple to install.', 3],
  ['Bitty Bloom', ['apparel'], 'San Diego, California', 2020, 'Bitty Bloom makes bright, flowery everyday outfits in stretchy organic cotton.', 1],
  ['Rolypoly Goods', ['play', 'bath'], 'Kansas City, Missouri', 2016, 'Rolypoly Goods makes wobbly, stackable toys that reward tiny hands for trying.', 1, false],
  ['Cloudberry Bath Co.', ['bath', 'health'], 'Anchorage, Alaska', 2015, 'Cloudberry Bath Co. makes fragrance-free washes and bath gear for sensitive newborn skin.', 1],
  ['Nestling Essentials', ['diapering', 'feeding'], 'Indianapolis, Indiana', 2014, 'Nestling Essentials makes the everyday basics new parents go through by the dozen.', 1],
  ['Pinecone Parade', ['play', 'gifts'], 'Flagstaff, Arizona', 2017, 'Pinecone Parade makes woodland-themed plush and rattles that are soft enough for the smallest hands.', 1],
  ['Lullaby Loft', ['nursery', 'sleep'], 'Louisville, Kentucky', 2011, 'Lullaby Loft makes convertible cribs and matching pieces for small-space nurseries.', 5],
  ['Ripple & Rye', ['feeding', 'apparel'], 'Milwaukee, Wisconsin', 2018, 'Ripple & Rye makes waterproof bibs and absorbent burp cloths that survive the washing machine.', 1],
  ['Oak & Oat', ['feeding', 'nursery'], 'Burlington, Iowa', 2015, 'Oak & Oat builds wooden high chairs that convert to a toddler chair for years of family meals.', 5],
  ['Hatchling Health', ['health'], 'Cleveland, Ohio', 2012, 'Hatchling Health makes gentle thermometers, aspirators and grooming kits recommended by pediatric nurses.', 2],
  ['Bumblebee Basics', ['diapering'], 'Omaha, Nebraska', 2013, 'Bumblebee Basics makes soft, absorbent diapers and plant-based wipes without fragrance.', 1],
  ['Stroll & Co.', ['gear'], 'Chicago, Illinois', 2010, 'Stroll & Co. designs smooth-riding full-size strollers that handle city curbs with ease.', 3],
  ['Roamling', ['gear', 'carry', 'car'], 'Seattle, Washington', 2017, 'Roamling makes travel systems and carriers that click together without any fuss.', 3],
  ['Kite & Kin', ['car', 'safety'], 'Dayton, Ohio', 2014, 'Kite & Kin makes car seats with rigid latch connectors and clear, color-coded installation guides.', 3],
  ['Tidepool Baby', ['bath', 'apparel'], 'Santa Cruz, California', 2018, 'Tidepool Baby makes sun hats, swim gear and bath basics for water-loving babies.', 1],
  ['Maple Row Makers', ['nursery'], 'Montpelier, Vermont', 2008, 'Maple Row Makers builds nursery furniture by hand from New England maple.', 10],
  ['Puffin Path', ['gear', 'apparel'], 'Juneau, Alaska', 2016, 'Puffin Path makes weatherproof footmuffs, buntings and stroller covers for chilly walks.', 2],
  ['Velvet Fawn', ['apparel', 'gifts'], 'Charleston, West Virginia', 2019, 'Velvet Fawn makes special-occasion outfits that are still comfortable enough to nap in.', 1, false],
  ['Sunny Seedling', ['feeding', 'health'], 'Tampa, Florida', 2017, 'Sunny Seedling makes pumping and nursing gear designed with lactation consultants.', 2],
  ['Tiptoe Threads', ['apparel'], 'Greenville, South Carolina', 2015, 'Tiptoe Threads makes grippy socks and soft-soled shoes that stay on little feet.', 1],
  ['Lamb & Lark', ['sleep', 'gifts', 'apparel'], 'Boise, Idaho', 2014, 'Lamb & Lark makes knit blankets and loveys in soft, undyed wool and cotton.', 1],
  ['Fable Forest', ['books', 'play'], 'Asheville, North Carolina', 2020, 'Fable Forest pairs picture books with the plush characters who star in them.', 1],
  ['Steady Hinge Co.', ['safety'], 'Toledo, Ohio', 2012, 'Steady Hinge Co. makes pressure-mounted and hardware-mounted gates that are easy for adults to open.', 5, false],
  ['Tuck & Tumble', ['sleep', 'apparel'], 'Spokane, Washington', 2016, 'Tuck & Tumble makes zip-up swaddles and sleep sacks that make the 3 a.m. change quicker.', 1],
  ['Willowisp Baby', ['carry', 'apparel'], 'Ithaca, New York', 2018, 'Willowisp Baby makes stretchy wraps and ring slings in soft, breathable weaves.', 1],
]

/** Every brand, in id order (id = index + 1; id 1 is the Nestlist house brand). */
export const BRAND_SEEDS: readonly BrandSeed[] = ROWS.map(
  ([name, departments, home, founded, tagline, warrantyYears, hasFaqs]) => ({
    name,
    departments,
    home,
    founded,
    tagline,
    warrantyYears,
    hasFaqs: hasFaqs ?? true,
  }),
)

export const BRAND_SLUGS: readonly string[] = BRAND_SEEDS.map((brand) => slugify(brand.name))

const indexBySlug = new Map(BRAND_SLUGS.map((slug, index) => [slug, index]))

/** The brand's position in BRAND_SEEDS (its id minus one), or undefined for an unknown slug. */
export function brandIndexBySlug(slug: string): number | undefined {
  return indexBySlug.get(slug)
}

/** The house brand that sells cash funds, gift cards and favors. */
export const HOUSE_BRAND_ID = 1
