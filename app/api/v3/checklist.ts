// The baby registry checklist: the public list of categories, and each owner's checklist on a registry
// (checked automatically by matching registry items, or by hand). Owner endpoints follow the registry
// rules: 401 for anonymous callers, 404 for anyone but the owner.
import { createRoute, z } from '@hono/zod-openapi'
import { checklistMessages } from '~/modules/checklist/checklist.service.server'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { RegistryIdParam, body, err, ok, positiveIdOf, privateJson, registryIdOf } from './registry-schemas'

const tags = ['checklist']
const owner401 = { 401: err('Not signed in'), 404: err('No such registry or checklist category, or not yours'), ...errorResponses }

const ChecklistItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    why: z.string().openapi({ description: 'why it matters' }),
    quantity: z.string().openapi({ example: '3–4', description: 'how many' }),
    priority: z.enum(['must', 'nice']).openapi({ description: 'must have or nice to have' }),
    shopCategorySlug: z.string().openapi({ description: 'the store category it matches' }),
    shopHref: z.string().openapi({ example: '/store/bassinets' }),
  })
  .openapi('ChecklistItem')

const ChecklistCategorySchema = z
  .object({ id: z.number().int().openapi({ description: '61 is Health & Safety' }), slug: z.string(), title: z.string(), guidance: z.string(), items: z.array(ChecklistItemSchema) })
  .openapi('ChecklistCategory')

const ProgressSchema = z.object({ checked: z.number().int(), total: z.number().int(), percent: z.number().int() }).openapi('ChecklistProgress')

const OwnerChecklistItemSchema = ChecklistItemSchema.extend({
  checked: z.boolean(),
  checkedBy: z.enum(['registry', 'manual']).nullable().openapi({ description: 'registry: a registry item or cash fund matches; manual: checked by hand' }),
  manuallyChecked: z.boolean(),
  matches: z.array(z.object({ regItemId: z.number().int(), title: z.string() })).openapi({ description: 'registry items (not removed) in the item’s shop category or below it' }),
  cashFunds: z
    .array(z.object({ cashFundId: z.number().int(), title: z.string() }))
    .openapi({ description: 'for the Cash fund item only: the registry’s cash funds (not removed), which check it too' }),
}).openapi('OwnerChecklistItem')

const OwnerChecklistCategorySchema = ChecklistCategorySchema.extend({ items: z.array(OwnerChecklistItemSchema), progress: ProgressSchema }).openapi('OwnerChecklistCategory')

const SetCheckBody = z
  .object({
    itemId: z.number().int().openapi({ description: 'a suggested item of this category' }),
    checked: z.boolean().openapi({ description: 'true checks it by hand, false unchecks it (an item a registry item matches stays checked)' }),
  })
  .openapi('SetChecklistCheck')

const CategoryParams = RegistryIdParam.extend({ c: z.string().openapi({ param: { name: 'c', in: 'path' }, example: '61' }) })

const publicList = createRoute({
  method: 'get',
  path: '/api/v3/baby_registry_checklist_categories',
  tags,
  summary: 'The baby registry checklist: categories with guidance and suggested items',
  responses: { 200: ok('Checklist categories', z.object({ categories: z.array(ChecklistCategorySchema) })), ...errorResponses },
})

const ownerList = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/checklist_categories',
  tags,
  summary: "The owner's checklist for this registry, with checked state and progress",
  request: { params: RegistryIdParam },
  responses: {
    200: ok('Checklist', z.object({ registryId: z.number().int(), progress: ProgressSchema, categories: z.array(OwnerChecklistCategorySchema) })),
    ...owner401,
  },
})

const ownerCategory = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/checklist_categories/{c}',
  tags,
  summary: 'One checklist category with checked state (owner)',
  request: { params: CategoryParams },
  responses: { 200: ok('Checklist category', OwnerChecklistCategorySchema), ...owner401 },
})

const setCheck = (method: 'put' | 'post') =>
  createRoute({
    method,
    path: '/api/v3/registries/{id}/checklist_categories/{c}',
    tags,
    summary: 'Check or uncheck one suggested item by hand (owner)',
    request: { params: CategoryParams, ...body(SetCheckBody) },
    responses: { 200: ok('The category after the change', OwnerChecklistCategorySchema), ...owner401 },
  })

export const checklistRouter = createRouter()
privateJson(checklistRouter, ['/api/v3/registries/:id/checklist_categories', '/api/v3/registries/:id/checklist_categories/:c'])

checklistRouter.openapi(publicList, async (c) => {
  c.header('Cache-Control', 'public, max-age=300')
  return c.json({ categories: await c.var.services.checklist.categories() }, 200)
})

checklistRouter.openapi(ownerList, async (c) => {
  const v = await requireApiUser(c)
  const list = await c.var.services.checklist.forRegistry(registryIdOf(c.req.valid('param').id), v.user.id)
  return c.json({ registryId: list.registryId, progress: list.progress, categories: list.categories }, 200)
})

checklistRouter.openapi(ownerCategory, async (c) => {
  const v = await requireApiUser(c)
  const { id, c: raw } = c.req.valid('param')
  return c.json(await c.var.services.checklist.categoryForRegistry(registryIdOf(id), v.user.id, positiveIdOf(raw, checklistMessages.categoryNotFound)), 200)
})

for (const method of ['put', 'post'] as const) {
  checklistRouter.openapi(setCheck(method), async (c) => {
    const v = await requireApiUser(c)
    const { id, c: raw } = c.req.valid('param')
    const registryId = registryIdOf(id)
    const categoryId = positiveIdOf(raw, checklistMessages.categoryNotFound)
    // An unknown category is a 404 before the body is looked at (also for someone else's registry).
    await c.var.services.checklist.categoryForRegistry(registryId, v.user.id, categoryId)
    return c.json(await c.var.services.checklist.setCheck(registryId, v.user.id, c.req.valid('json'), categoryId), 200)
  })
}
