// GET /api/v3/flag: the feature flags and the configuration the front end reads (spec §7 'a feature-flag
// service pair'; §3 'Configuration supplies the discount percent for display and a registry discount
// filter name'). Everything comes from app/modules/config/app-config.ts through the discount service.
import { createRoute, z } from '@hono/zod-openapi'
import { BIRTHDAY_PROMPT, FEATURE_FLAG_DESCRIPTIONS, FEATURE_FLAG_NAMES, REGISTRY_DISCOUNT_SHOP_PATH } from '~/modules/config/app-config'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'

const FlagsSchema = z
  .object(Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean().openapi({ description: FEATURE_FLAG_DESCRIPTIONS[name] })])) as Record<
    (typeof FEATURE_FLAG_NAMES)[number],
    z.ZodBoolean
  >)
  .openapi('FeatureFlags')

const ConfigSchema = z
  .object({
    flags: FlagsSchema,
    registryDiscount: z.object({
      percent: z.number().int(),
      filterName: z.string().openapi({ description: 'The shop view of items the discount covers: /registry-discount?filter={filterName}' }),
      shopPath: z.string(),
      eligibilityPreArrivalDays: z.number().int(),
      eligibilityPostArrivalDays: z.number().int(),
      eligibilityRegistryCreationMinDays: z.number().int(),
      multiUse: z.boolean(),
      orderThresholdAmount: z.number(),
      discountThresholdAmount: z.number(),
      excludedBrands: z.array(z.string()).openapi({ description: 'Brand slugs the discount never covers.' }),
      excludedCategories: z.array(z.string()).openapi({ description: 'Category slugs (with their subcategories) never covered: diapers and wipes.' }),
      excludedProductTypes: z.array(z.string()).openapi({ description: 'Also never covered: electronic gift cards, shipping and items sold by other stores.' }),
    }),
    birthdayPrompt: z.object({ accountMinAgeDays: z.number().int(), delayMs: z.number().int(), redirectDelayMs: z.number().int(), createPath: z.string() }),
  })
  .openapi('AppConfiguration')

const getFlags = createRoute({
  method: 'get',
  path: '/api/v3/flag',
  tags: ['configuration'],
  summary: 'Feature flags and the registry discount and birthday prompt configuration',
  description: 'The same for every caller. Flags can be overridden per installation with NESTLIST_FEATURE_FLAGS (name=on,other=off).',
  responses: { 200: { description: 'Flags and configuration', content: { 'application/json': { schema: ConfigSchema } } }, ...errorResponses },
})

export const flagRouter = createRouter()
flagRouter.openapi(getFlags, (c) => {
  const discount = c.var.services.discount
  const cfg = discount.config()
  c.header('Cache-Control', 'public, max-age=60')
  return c.json(
    {
      flags: discount.flags(),
      registryDiscount: {
        percent: cfg.percent,
        filterName: cfg.filterName,
        shopPath: REGISTRY_DISCOUNT_SHOP_PATH,
        eligibilityPreArrivalDays: cfg.preArrivalDays,
        eligibilityPostArrivalDays: cfg.postArrivalDays,
        eligibilityRegistryCreationMinDays: cfg.registryCreationMinDays,
        multiUse: cfg.multiUse,
        orderThresholdAmount: cfg.orderThresholdCents / 100,
        discountThresholdAmount: cfg.discountThresholdCents / 100,
        excludedBrands: [...cfg.excludedBrandSlugs],
        excludedCategories: [...cfg.excludedCategorySlugs],
        excludedProductTypes: ['gift_card', 'shipping', 'external', 'cash_fund', 'favor'],
      },
      birthdayPrompt: {
        accountMinAgeDays: BIRTHDAY_PROMPT.accountMinAgeDays,
        delayMs: BIRTHDAY_PROMPT.delayMs,
        redirectDelayMs: BIRTHDAY_PROMPT.redirectDelayMs,
        createPath: BIRTHDAY_PROMPT.createPath,
      },
    },
    200,
  )
})
