// Home banner ads (spec §2 'Store landing page'): what an ad may hold. No server imports: the landing page
// checks links again as it renders them.
import { z } from 'zod'
import { isOwnImagePath, isSafeBannerLink } from './banner-ads.links'

export { isOwnImagePath, isSafeBannerLink }

/** At most this many home banner ads are shown at once, in position order. */
export const HOME_BANNER_ADS_MAX = 3

const pixels = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(4000, message)
const POSITION = 'The position is a whole number from 0 to 1000.'

const windowFields = {
  startsAt: z.coerce.date({ error: 'The start must be a date and time.' }),
  endsAt: z.coerce.date({ error: 'The end must be a date and time.' }).nullable().default(null),
}
const adWindow = z.object(windowFields)

export const homeBannerAdInput = z
  .object({
    name: z.string().trim().min(1, 'Give the banner a name.').max(80, 'A name has at most 80 characters.'),
    imageUrl: z.string().trim().refine(isOwnImagePath, 'The image must be one of ours, a path like /images/banners/nursery-week.svg.'),
    imageWidth: pixels('The width is a whole number of pixels from 1 to 4000.'),
    imageHeight: pixels('The height is a whole number of pixels from 1 to 4000.'),
    altText: z.string().trim().min(1, 'Describe the banner for people who cannot see it (alt text).').max(200, 'Alt text has at most 200 characters.'),
    linkUrl: z.string().trim().refine(isSafeBannerLink, 'The link must be a path on this site (starting with /) or an https address.'),
    position: z.coerce.number({ error: POSITION }).int(POSITION).min(0, POSITION).max(1000, POSITION).default(0),
    ...windowFields,
  })
  // Checked whenever both dates read, even while other fields are wrong, so a form shows every problem at once.
  .refine((ad) => ad.endsAt === null || ad.endsAt > ad.startsAt, { message: 'The end must come after the start.', path: ['endsAt'], when: (payload) => adWindow.safeParse(payload.value).success })

export type HomeBannerAdInput = z.input<typeof homeBannerAdInput>
