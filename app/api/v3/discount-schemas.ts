// OpenAPI shape of the registry discount data (spec §3 'Registry discount'), shared by
// /api/v3/registries/{id} (owner view), /api/v3/user and /api/v3/flag.
import { z } from '@hono/zod-openapi'

export const RegistryDiscountSchema = z
  .object({
    isEligible: z.boolean(),
    eligibleForMultiuseDiscount: z.boolean(),
    discountThresholdAmount: z.number().openapi({ description: 'The most one order can save, in dollars (multi-use).' }),
    orderThresholdAmount: z.number().openapi({ description: 'The most order value the discount is worked out on, in dollars (multi-use).' }),
    eligibilityEndsAt: z.string().nullable().openapi({ example: '2027-03-03', description: 'The last day (UTC) it can be used; null while the arrival date is unknown.' }),
    eligibilityRegistryCreationMinDays: z.number().int(),
    eligibilityPreArrivalDays: z.number().int(),
    eligibilityPostArrivalDays: z.number().int(),
    percent: z.number().int().openapi({ example: 15 }),
    reason: z
      .enum(['not_started', 'registry_too_new', 'expired', 'arrival_date_unknown'])
      .nullable()
      .openapi({ description: 'Why it is not usable today; null when eligible.' }),
  })
  .openapi('RegistryDiscount')
