// Demo registries, so /find, the guest view and the gift tracker show real content on a first start: the
// demo parent's baby registry (about 25 shop products across its categories, some reserved and some bought
// by demo guests, a shipping address) and four registries of invented families (public, Nestlist-only and
// one private). Products are chosen deterministically from the seeded catalogue; inserts are one
// multi-row statement per table.
import { eq } from 'drizzle-orm'
import type pg from 'pg'
import { demoAccounts } from '../../db/demo-accounts'
import type { SeedContext } from '../../db/seed-context.server'
import { users } from '../accounts/accounts.schema'
import { hashPassword } from '../accounts/password.server'
import { DEFAULT_CATEGORIES, type RegistryType } from './registry.constants'
import { type PostalAddress, regItems, registries, registryCategories, reservations } from './registry.schema'

/** Owners of the invented families' registries: no password can sign in as them. */
const FAMILY_EMAIL_DOMAIN = 'demo-family.example.test'
const DAY = 86_400_000

type Gift = { item: number; quantity: number; status: 'reserved' | 'purchased'; giver: string; email: string; daysAgo: number; message?: string; thankYou?: PostalAddress; thankYouSent?: boolean }

type RegistrySeed = {
  id: number
  owner: { email: string; firstName: string; lastName: string } | 'demo-parent'
  registryType: RegistryType
  title: string
  familyName: string
  slug: string
  welcomeNote: string
  arrivalInDays: number | null
  planningStage: 'pregnant' | 'adopting' | null
  expecting: 'girl' | 'boy' | 'unknown' | 'notFindingOut' | null
  searchLevel: 'nestlist' | 'private' | 'google'
  shippingAddress: PostalAddress
  /** Per registry category (in DEFAULT_CATEGORIES order): catalogue top-level slugs and how many from each. */
  picks: [string, number][][]
  /** Quantity asked for, by item index (default 1). */
  quantities?: Record<number, number>
  mostWanted?: number[]
  notes?: Record<number, string>
  gifts: Gift[]
}

const SEEDS: RegistrySeed[] = [
  {
    id: 418_205_736_902,
    owner: 'demo-parent',
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: 'maya-and-leo',
    welcomeNote:
      "Thank you for celebrating with us! We're so excited to meet our little girl this winter. Anything on this list would be a huge help, and your love means the most.",
    arrivalInDays: 50,
    planningStage: 'pregnant',
    expecting: 'girl',
    searchLevel: 'google',
    shippingAddress: { name: 'Maya Rivera', line1: '2417 Alder Street', line2: 'Unit 5', city: 'Portland', state: 'OR', zip: '97214' },
    picks: [
      [['diapering', 2], ['baby-health-safety', 2]],
      [['nursery', 4]],
      [['strollers', 2], ['car-seats', 2], ['carriers', 1]],
      [['feeding', 4]],
      [['clothing', 3]],
      [['bath-potty', 3]],
      [['playroom', 2]],
    ],
    quantities: { 0: 4, 1: 2, 14: 3, 15: 2, 17: 3, 18: 2, 19: 2, 21: 2 },
    mostWanted: [4, 8, 10],
    notes: { 4: 'We would love this in gray if you can find it.', 8: 'Our number one wish!', 17: 'Size 0-3 months, please.' },
    gifts: [
      { item: 8, quantity: 1, status: 'purchased', giver: 'June Alvarez', email: 'june.alvarez@example.test', daysAgo: 12, message: 'For all the walks ahead. Love, Aunt June', thankYou: { name: 'June Alvarez', line1: '88 Birch Lane', line2: '', city: 'Sacramento', state: 'CA', zip: '95814' }, thankYouSent: true },
      { item: 0, quantity: 2, status: 'purchased', giver: 'Sam Patel', email: 'sam.patel@example.test', daysAgo: 9 },
      { item: 4, quantity: 1, status: 'reserved', giver: 'Grandpa Lee', email: 'lee.rivera@example.test', daysAgo: 6, message: 'Can not wait to meet her!' },
      { item: 14, quantity: 1, status: 'reserved', giver: 'Priya Shah', email: 'priya.shah@example.test', daysAgo: 5 },
      { item: 17, quantity: 2, status: 'purchased', giver: 'Chris Morgan', email: 'chris.morgan@example.test', daysAgo: 4, thankYou: { name: 'Chris Morgan', line1: '15 Harbor View Road', line2: '', city: 'Tacoma', state: 'WA', zip: '98402' } },
      { item: 11, quantity: 1, status: 'reserved', giver: 'Elena Rossi', email: 'elena.rossi@example.test', daysAgo: 3 },
      { item: 22, quantity: 1, status: 'purchased', giver: 'Tom Becker', email: 'tom.becker@example.test', daysAgo: 2, message: 'Bath time fun!' },
      { item: 23, quantity: 1, status: 'reserved', giver: 'Grace Kim', email: 'grace.kim@example.test', daysAgo: 1 },
    ],
  },
  {
    id: 736_014_592_318,
    owner: { email: `linh.nguyen@${FAMILY_EMAIL_DOMAIN}`, firstName: 'Linh', lastName: 'Nguyen' },
    registryType: 'baby',
    title: 'Baby Nguyen',
    familyName: 'Linh & David Nguyen',
    slug: 'linh-and-david',
    welcomeNote: 'Our first baby is on the way! Thank you for helping us get ready.',
    arrivalInDays: 120,
    planningStage: 'pregnant',
    expecting: 'notFindingOut',
    searchLevel: 'google',
    shippingAddress: { name: 'Linh Nguyen', line1: '903 Pine Street', line2: '', city: 'Seattle', state: 'WA', zip: '98101' },
    picks: [[['diapering', 1]], [['nursery', 3]], [['strollers', 1], ['car-seats', 1]], [['feeding', 2]], [['clothing', 2]], [['bath-potty', 1]], [['playroom', 1]]],
    gifts: [
      { item: 3, quantity: 1, status: 'reserved', giver: 'Ben Tran', email: 'ben.tran@example.test', daysAgo: 3 },
      { item: 6, quantity: 1, status: 'purchased', giver: 'Hana Sato', email: 'hana.sato@example.test', daysAgo: 2 },
    ],
  },
  {
    id: 592_847_103_665,
    owner: { email: `ada.okafor@${FAMILY_EMAIL_DOMAIN}`, firstName: 'Ada', lastName: 'Okafor' },
    registryType: 'baby',
    title: 'Welcome Baby Okafor',
    familyName: 'Ada & Chidi Okafor',
    slug: 'ada-and-chidi',
    welcomeNote: 'Baby number two is coming, and we are starting fresh with a few essentials.',
    arrivalInDays: 45,
    planningStage: 'adopting',
    expecting: 'boy',
    searchLevel: 'nestlist',
    shippingAddress: { name: 'Ada Okafor', line1: '51 Peachtree Place', line2: '', city: 'Atlanta', state: 'GA', zip: '30303' },
    picks: [[['diapering', 2]], [['nursery', 2]], [['car-seats', 1], ['carriers', 1]], [['feeding', 2]], [['clothing', 1]], [], [['playroom', 1]]],
    gifts: [{ item: 0, quantity: 1, status: 'purchased', giver: 'Marcus Reed', email: 'marcus.reed@example.test', daysAgo: 8 }],
  },
  {
    id: 281_659_430_174,
    owner: { email: `kate.bennett@${FAMILY_EMAIL_DOMAIN}`, firstName: 'Kate', lastName: 'Bennett' },
    registryType: 'birthday',
    title: 'Theo turns one',
    familyName: 'The Bennett family',
    slug: 'theo-turns-one',
    welcomeNote: 'Theo is turning one! A few ideas if you would like to bring something.',
    arrivalInDays: null,
    planningStage: null,
    expecting: null,
    searchLevel: 'nestlist',
    shippingAddress: { name: 'Kate Bennett', line1: '7 Larimer Court', line2: '', city: 'Denver', state: 'CO', zip: '80202' },
    picks: [[['playroom', 3]], [['playroom', 0]], [], [['clothing', 2]], []],
    gifts: [],
  },
  {
    id: 947_302_815_526,
    owner: { email: `sofia.castillo@${FAMILY_EMAIL_DOMAIN}`, firstName: 'Sofia', lastName: 'Castillo' },
    registryType: 'baby',
    title: 'Baby Castillo',
    familyName: 'Sofia & Mateo Castillo',
    slug: 'sofia-and-mateo',
    welcomeNote: 'Shared with family only. Thank you for thinking of us!',
    arrivalInDays: 150,
    planningStage: 'pregnant',
    expecting: 'unknown',
    searchLevel: 'private',
    shippingAddress: { name: 'Sofia Castillo', line1: '1200 Congress Avenue', line2: 'Apt 9', city: 'Austin', state: 'TX', zip: '78701' },
    picks: [[['diapering', 1]], [['nursery', 2]], [['strollers', 1]], [['feeding', 2]], [['clothing', 1]], [['bath-potty', 1]], []],
    gifts: [],
  },
]

type Product = { id: number; name: string; imageUrl: string; priceCents: number; top: string }

/** Shop products by top-level category, in id order (available physical products only). */
async function productsByTop(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: number; name: string; image_url: string; price_cents: number; top: string }>(
    // The first products of each leaf category (bounded by id, so a million-product seed stays fast).
    `select id, name, image_url, price_cents, top from (
       select p.id, p.name, p.image_url, coalesce(p.sale_price_cents, p.price_cents) as price_cents, top.url_slug as top,
              row_number() over (partition by p.category_id order by p.id) as n
         from products p
         join categories c on c.id = p.category_id
         join categories top on top.id = coalesce(c.parent_id, c.id)
        where p.available and p.product_type = 'product' and p.id <= 20000
     ) x where n <= 6 order by id`,
  )
  const byTop = new Map<string, Product[]>()
  for (const r of rows) {
    const list = byTop.get(r.top) ?? []
    list.push({ id: r.id, name: r.name, imageUrl: r.image_url, priceCents: r.price_cents, top: r.top })
    byTop.set(r.top, list)
  }
  return byTop
}

/** Writes the demo registries (see the file header). */
export async function seedRegistries(ctx: SeedContext): Promise<void> {
  const { db, pool, log } = ctx
  const now = Date.now()
  const isoDay = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10)

  // The demo parent is created at start by accounts.ensureAccount, after the seed; make the row now (same
  // email, names and password) so their registry has an owner. ensureAccount then finds it.
  const parent = demoAccounts.find((a) => a.role === 'user')!
  let [parentRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, parent.email))
  if (!parentRow) {
    ;[parentRow] = await db
      .insert(users)
      .values({ email: parent.email, firstName: parent.firstName, lastName: parent.lastName, role: 'user', passwordHash: await hashPassword(parent.password), emailVerifiedAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ id: users.id })
    parentRow ??= (await db.select({ id: users.id }).from(users).where(eq(users.email, parent.email)))[0]
  }
  const families = SEEDS.flatMap((s) => (s.owner === 'demo-parent' ? [] : [s.owner]))
  const familyRows = await db
    .insert(users)
    .values(families.map((f) => ({ email: f.email, firstName: f.firstName, lastName: f.lastName, role: 'user' as const, passwordHash: '!demo-family-no-sign-in' })))
    .returning({ id: users.id, email: users.email })
  const ownerOf = (s: RegistrySeed) => (s.owner === 'demo-parent' ? parentRow!.id : familyRows.find((f) => f.email === (s.owner as { email: string }).email)!.id)

  const byTop = await productsByTop(pool)
  const taken = new Map<string, number>()
  const next = (top: string, salt: number): Product | undefined => {
    const list = byTop.get(top) ?? []
    if (list.length === 0) return undefined
    const i = taken.get(top) ?? salt % list.length
    taken.set(top, i + 1)
    return list[i % list.length]
  }

  await db.insert(registries).values(
    SEEDS.map((s, i) => ({
      id: s.id,
      ownerId: ownerOf(s),
      registryType: s.registryType,
      title: s.title,
      slug: s.slug,
      familyName: s.familyName,
      welcomeNote: s.welcomeNote,
      arrivalDate: s.arrivalInDays === null ? null : isoDay(s.arrivalInDays),
      isArrivalDateKnown: s.arrivalInDays !== null,
      planningStage: s.planningStage,
      expecting: s.expecting,
      showerDate: s.arrivalInDays !== null ? isoDay(Math.max(10, s.arrivalInDays - 40)) : null,
      guestCount: s.registryType === 'baby' ? '21-30' : null,
      guestTypes: s.registryType === 'baby' ? ['Friends & Family'] : [],
      searchLevel: s.searchLevel,
      shippingAddress: s.shippingAddress,
      createdAt: new Date(now - (40 - i * 3) * DAY),
      updatedAt: new Date(now - (40 - i * 3) * DAY),
    })),
  )
  const cats = await db
    .insert(registryCategories)
    .values(SEEDS.flatMap((s) => DEFAULT_CATEGORIES[s.registryType].map((title, position) => ({ registryId: s.id, title, position, isDefault: position === 0 }))))
    .returning({ id: registryCategories.id, registryId: registryCategories.registryId, position: registryCategories.position })

  type ItemRow = typeof regItems.$inferInsert
  const items: ItemRow[] = []
  const itemIndex: { seed: RegistrySeed; index: number; row: ItemRow }[] = []
  for (const [si, s] of SEEDS.entries()) {
    let index = 0
    for (const [ci, picks] of s.picks.entries()) {
      const category = cats.find((c) => c.registryId === s.id && c.position === ci)
      if (!category) continue
      let position = 0
      for (const [top, count] of picks) {
        for (let k = 0; k < count; k++) {
          const p = next(top, si * 7 + k)
          if (!p) continue
          const row: ItemRow = {
            registryId: s.id,
            categoryId: category.id,
            productId: p.id,
            title: p.name,
            imageUrl: p.imageUrl,
            priceCents: p.priceCents,
            quantityNeeded: s.quantities?.[index] ?? 1,
            note: s.notes?.[index] ?? '',
            mostWanted: s.mostWanted?.includes(index) ?? false,
            position: position++,
            createdAt: new Date(now - (30 - Math.min(index, 29)) * DAY),
          }
          items.push(row)
          itemIndex.push({ seed: s, index, row })
          index++
        }
      }
    }
  }
  // What the gifts took, written with the items, so quantities and reservations agree from the start.
  for (const s of SEEDS) {
    for (const g of s.gifts) {
      const entry = itemIndex.find((e) => e.seed === s && e.index === g.item)
      if (!entry) continue
      const row = entry.row
      const free = row.quantityNeeded - (row.quantityReserved ?? 0) - (row.quantityPurchased ?? 0)
      g.quantity = Math.min(g.quantity, free)
      if (g.quantity <= 0) continue
      if (g.status === 'reserved') row.quantityReserved = (row.quantityReserved ?? 0) + g.quantity
      else row.quantityPurchased = (row.quantityPurchased ?? 0) + g.quantity
    }
  }
  const inserted = items.length ? await db.insert(regItems).values(items).returning({ id: regItems.id }) : []
  const gifts = SEEDS.flatMap((s) =>
    s.gifts.flatMap((g) => {
      const at = itemIndex.findIndex((e) => e.seed === s && e.index === g.item)
      if (at < 0 || g.quantity <= 0) return []
      const created = new Date(now - g.daysAgo * DAY)
      return [
        {
          regItemId: inserted[at]!.id,
          registryId: s.id,
          quantity: g.quantity,
          status: g.status,
          source: g.status === 'reserved' ? ('reserved' as const) : ('bought_elsewhere' as const),
          giverName: g.giver,
          giverEmail: g.email,
          giftMessage: g.message ?? '',
          thankYouAddress: g.thankYou ?? null,
          thankYouSent: g.thankYouSent ?? false,
          createdAt: created,
          purchasedAt: g.status === 'purchased' ? created : null,
        },
      ]
    }),
  )
  if (gifts.length) await db.insert(reservations).values(gifts)
  log(`Seeded ${SEEDS.length} registries with ${items.length} items and ${gifts.length} gifts`)
}

/** Removes every registry (items, categories and reservations go with them) and the invented families. */
export async function resetRegistries(pool: pg.Pool): Promise<void> {
  await pool.query('delete from registries')
  await pool.query(`delete from users where email like $1`, [`%@${FAMILY_EMAIL_DOMAIN}`])
}
