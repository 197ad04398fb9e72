import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'
import { DomainError } from '~/lib/errors'
import { pageInput } from '~/modules/catalog/catalog.validation'

const BadgeSchema = z
  .union([
    z.object({ type: z.literal('text'), text: z.string(), variant: z.enum(['primary', 'neutral', 'discount']) }),
    z.object({ type: z.literal('image'), imageUrl: z.string(), title: z.string() }),
  ])
  .openapi('Badge')

/** The spec's product card, as the shop pages render it. Prices are integer cents. */
export const ProductCardSchema = z
  .object({
    productId: z.number().int(),
    genericProductId: z.number().int(),
    slug: z.string(),
    title: z.string(),
    shortName: z.string(),
    brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    imageUrl: z.string(),
    secondaryImageUrl: z.string().nullable(),
    path: z.string().openapi({ example: '/gp/cloud-glide-stroller/1042' }),
    productType: z.enum(['product', 'cash_fund', 'favor', 'gift_card']),
    isCashFund: z.boolean(),
    isFavor: z.boolean(),
    isElectronicGiftCard: z.boolean(),
    isCrowdfund: z.boolean(),
    fsaHsaEligible: z.boolean(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    price: z.object({
      current: z.number().int(),
      regular: z.number().int(),
      min: z.number().int(),
      max: z.number().int(),
      msrp: z.number().int().nullable(),
    }),
    onSale: z.boolean(),
    available: z.boolean(),
    hasOptions: z.boolean().openapi({ description: 'Sizes or colors to choose on the product page before adding to the cart' }),
    promotionalBadges: z.array(BadgeSchema),
    callouts: z.array(z.string()),
  })
  .openapi('ProductCard')

const ProductPageSchema = z
  .object({
    heroProducts: z.array(ProductCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int().openapi({ example: 18 }),
    pageCount: z.number().int(),
  })
  .openapi('ProductPage')

const list = createRoute({
  method: 'get',
  path: '/store/api/products',
  tags: ['store'],
  summary: 'A page of products: matching a search term, or in a category and its descendants',
  description:
    'Give exactly one of search_term (every word must appear in the product or brand name) and category (a url slug). ' +
    '18 products a page, most popular first. A page past the last one is 404.',
  request: {
    query: z.object({
      search_term: z.string().max(200).optional().openapi({ example: 'stroller' }),
      category: z.string().max(120).optional().openapi({ example: 'strollers' }),
      page: z.string().max(6).optional().openapi({ example: '1' }),
    }),
  },
  responses: {
    200: { description: 'One page of product cards', content: { 'application/json': { schema: ProductPageSchema } } },
    404: { description: 'No such category, or a page past the end', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const storeProductsRouter = createRouter().openapi(list, async (c) => {
  const { search_term: searchTerm, category, page } = c.req.valid('query')
  if ((searchTerm === undefined) === (category === undefined)) {
    const message = 'Give either search_term or category.'
    throw new DomainError('invalid_input', message, { fields: { search_term: [message], category: [message] } })
  }
  // A bad page, slug or term throws a ZodError, which the one error mapper answers with 422 and fields.
  const { page: pageNumber } = z.object({ page: pageInput }).parse({ page })
  const catalog = c.var.services.catalog
  const result =
    searchTerm !== undefined
      ? await catalog.searchProducts({ searchTerm, page: pageNumber })
      : await catalog.categoryProducts({ urlSlug: category ?? '', page: pageNumber })
  c.header('Cache-Control', 'public, max-age=300')
  return c.json({ heroProducts: result.items, total: result.total, page: result.page, pageSize: result.pageSize, pageCount: result.pageCount }, 200)
})
