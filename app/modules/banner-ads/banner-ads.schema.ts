import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Home banner ads on the store landing page (spec §2 'Store landing page': 'home banner ads'). Each is an
 * image with its size and alt text, a link (a path on this site or an https address), a place in the row
 * and the window it is shown in. While one is shown, the registry discount banner steps aside (spec §2).
 */
export const homeBannerAds = pgTable(
  'home_banner_ads',
  {
    id: serial('id').primaryKey(),
    /** A short name: what the 'banner click' analytics event reports as bannerName. */
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    altText: text('alt_text').notNull(),
    linkUrl: text('link_url').notNull(),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shown until this moment (exclusive); null: until removed. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_banner_ads_window_idx').on(t.startsAt, t.endsAt)],
)
