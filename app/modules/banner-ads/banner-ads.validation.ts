// Home banner ads (spec §2 'Store landing page'): what an ad may hold. No server imports: the landing page
// checks links again as it renders them.
import { z } from 'zod'
import { isOwnImagePath, isSafeBannerLink } from './banner-ads.links'

export { isOwnImagePath, isSafeBannerLink }

/** At most this many home banner ads are shown at once, in position order. */
export const HOME_BANNER_ADS_MAX = 3

export const homeBannerAdInput = z
  .object({
    name: z.string().trim().min(1, 'Give the banner a name.').max(80, 'A name has at most 80 characters.'),
    imageUrl: z.string().trim().refine(isOwnImagePath, 'The image must be one of ours, a path like /images/banners/nursery-week.svg.'),
    imageWidth: z.coerce.number().int('The width is a whole number of pixels.').min(1).max(4000),
    imageHeight: z.coerce.number().int('The height is a whole number of pixels.').min(1).max(4000),
    altText: z.string().trim().min(1, 'Describe the banner for people who cannot see it (alt text).').max(200, 'Alt text has at most 200 characters.'),
    linkUrl: z.string().trim().refine(isSafeBannerLink, 'The link must be a path on this site (starting with /) or an https address.'),
    position: z.coerce.number().int().min(0).max(1000).default(0),
    startsAt: z.coerce.date({ error: 'The start must be a date and time.' }),
    endsAt: z.coerce.date({ error: 'The end must be a date and time.' }).nullable().default(null),
  })
  .refine((ad) => ad.endsAt === null || ad.endsAt > ad.startsAt, { message: 'The end must come after the start.', path: ['endsAt'] })

export type HomeBannerAdInput = z.input<typeof homeBannerAdInput>
