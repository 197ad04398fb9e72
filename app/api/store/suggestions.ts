import { createRoute, z } from '@hono/zod-openapi'
import { DomainError, messages } from '~/lib/errors'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const SuggestionSchema = z.object({ searchTerm: z.string() }).openapi('SearchSuggestion')

const suggestions = createRoute({
  method: 'get',
  path: '/store/api/search/suggestions',
  tags: ['store'],
  summary: 'Search-box suggestions for a partly typed term',
  description:
    'Completions of the last word, then brands, categories and popular product names whose words start with the ' +
    "term's words (typos corrected). Terms under 3 characters give an empty list; a missing q is 422 'searchTerm must be defined'.",
  request: { query: z.object({ q: z.string().optional().openapi({ example: 'strol' }) }) },
  responses: {
    200: { description: 'Up to 8 suggestions', content: { 'application/json': { schema: z.array(SuggestionSchema) } } },
    422: { description: 'No term', content: { 'application/json': { schema: ErrorSchema } } },
    500: errorResponses[500],
  },
})

export const storeSuggestionsRouter = createRouter().openapi(suggestions, async (c) => {
  const q = c.req.valid('query').q
  if (q === undefined) throw new DomainError('invalid_input', messages.searchTermMissing, { fields: { q: [messages.searchTermMissing] } })
  c.header('Cache-Control', 'public, max-age=600')
  return c.json(await c.var.services.search.suggestions(q), 200)
})
