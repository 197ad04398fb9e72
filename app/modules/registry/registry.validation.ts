// Inputs to the registry use cases, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'
import { int4Id } from '~/lib/input-rules'
import {
  EXPECTING_OPTIONS,
  MAX_QUANTITY,
  NOTE_MAX,
  PLANNING_STAGES,
  REGISTRY_TYPES,
  SEARCH_LEVELS,
  SHOWER_GUEST_COUNTS,
  SHOWER_GUEST_TYPES,
} from './registry.constants'

const DAY = 86_400_000

/** YYYY-MM-DD within [-years back, +years ahead] of today; empty means none. */
const dateInput = (label: string, { pastDays, futureDays }: { pastDays: number; futureDays: number }) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `Enter a real ${label}.`)
    .refine((v) => Date.parse(`${v}T00:00:00Z`) >= Date.now() - pastDays * DAY, `The ${label} cannot be that far in the past.`)
    .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + futureDays * DAY, `The ${label} must be within the next ${Math.round(futureDays / 365)} years.`)

const optionalDate = (label: string, range: { pastDays: number; futureDays: number }) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), dateInput(label, range).optional())

export const slugInput = z
  .string({ error: 'Choose a web address for your registry.' })
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters for the web address.')
  .max(60, 'Use at most 60 characters for the web address.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes, like maya-and-leo.')

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters for ${label}.`)

export const createRegistryInput = z
  .object({
    registryType: z.enum(REGISTRY_TYPES, { error: 'Choose what the registry is for.' }),
    title: text('a registry title', 80),
    familyName: text('the names guests will see', 80),
    slug: slugInput,
    arrivalDate: optionalDate('arrival date', { pastDays: 365, futureDays: 365 * 2 }),
    isArrivalDateKnown: z.coerce.boolean().default(true),
    planningStage: z.enum(PLANNING_STAGES, { error: 'Choose where you are in your journey.' }).optional(),
    expecting: z.enum(EXPECTING_OPTIONS, { error: 'Choose what you are expecting.' }).optional(),
    showerDate: optionalDate('shower date', { pastDays: 0, futureDays: 365 * 2 }),
    guestCount: z.enum(SHOWER_GUEST_COUNTS, { error: 'Choose a guest count range.' }).optional(),
    guestTypes: z.array(z.enum(SHOWER_GUEST_TYPES, { error: 'Choose guest types from the list.' })).max(5).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.registryType === 'baby' && v.isArrivalDateKnown && !v.arrivalDate) {
      ctx.addIssue({ code: 'custom', path: ['arrivalDate'], message: "Enter your arrival date, or choose 'Not known yet'." })
    }
  })
export type CreateRegistryInput = z.infer<typeof createRegistryInput>

export const registrySettingsInput = z.object({
  title: text('a registry title', 80),
  familyName: text('the names guests will see', 80),
  slug: slugInput,
  welcomeNote: z.string().trim().max(1000, 'Use at most 1,000 characters for the welcome note.').default(''),
  arrivalDate: optionalDate('arrival date', { pastDays: 365, futureDays: 365 * 2 }),
  isArrivalDateKnown: z.coerce.boolean().default(true),
  planningStage: z.enum(PLANNING_STAGES, { error: 'Choose where you are in your journey.' }).optional(),
  surprise: z.coerce.boolean().default(false),
  surpriseRevealDate: optionalDate('reveal date', { pastDays: 0, futureDays: 365 * 2 }),
})

export const visibilityInput = z.object({ searchLevel: z.enum(SEARCH_LEVELS, { error: 'Choose who can find your registry.' }) })

export const postalAddressInput = z.object({
  name: text('a name', 100),
  line1: text('the street address', 100),
  line2: z.string().trim().max(100).default(''),
  city: text('the city', 60),
  state: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Choose a state.'),
  zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, like 90210.'),
})

/** /settings/registry 'Gifts from other stores': share the gift address with givers who reserved, and a note. */
export const giftDeliveryInput = z.object({
  shareAddress: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
  note: z.string({ error: 'The note must be text.' }).trim().max(300, 'Keep the note to 300 characters.').default(''),
})

const quantity = z.coerce
  .number({ error: 'Enter a quantity.' })
  .int('Use a whole number.')
  .min(1, 'Ask for at least 1.')
  .max(MAX_QUANTITY, `Ask for at most ${MAX_QUANTITY}.`)

export const addItemInput = z.object({
  productId: int4Id(),
  quantity: quantity.default(1),
  note: z.string().trim().max(NOTE_MAX, `Notes are at most ${NOTE_MAX} characters.`).default(''),
  mostWanted: z.coerce.boolean().default(false),
  categoryId: z.coerce.number().int().positive().optional(),
  options: z.record(z.string().max(40), z.string().max(60)).default({}),
})

export const updateItemInput = z.object({
  quantity: quantity.optional(),
  note: z.string().trim().max(NOTE_MAX, `Notes are at most ${NOTE_MAX} characters.`).optional(),
  mostWanted: z.coerce.boolean().optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  position: z.coerce.number().int().min(0).max(10_000).optional(),
})

export const categoryInput = z.object({ title: text('a category name', 40) })

export const reserveInput = z.object({
  quantity: quantity.default(1),
  giverName: text('your name', 80),
  giverEmail: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Enter an email address like name@example.com.' })),
  giftMessage: z.string().trim().max(NOTE_MAX, `Messages are at most ${NOTE_MAX} characters.`).default(''),
})
export type ReserveInput = z.infer<typeof reserveInput>
