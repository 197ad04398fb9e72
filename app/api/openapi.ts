import { OpenAPIHono } from '@hono/zod-openapi'
import { httpStatusOf } from '~/lib/errors'
import { controlCharacterIssues } from '~/lib/input-rules'
import { fieldsFromIssues } from '~/lib/parse-input'
import { apiError, fieldErrors } from './error-handler'
import type { AppEnv } from './types'
// zod's own messages in words a person reads ('quantity must be a whole number from 1 to 99.').
import '~/lib/zod-messages'

/** Every API router is an OpenAPIHono, so each route it declares lands in /api/v3/openapi.json. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(apiError('invalid_input', 'Some fields are not valid.', fieldErrors(result.error)), httpStatusOf('invalid_input'))
      }
      // The rule every input shares (app/lib/input-rules.ts), for every body, query, path and header the API reads.
      const issues = controlCharacterIssues(result.data)
      if (issues.length) return c.json(apiError('invalid_input', 'Some fields are not valid.', fieldsFromIssues(issues)), httpStatusOf('invalid_input'))
    },
  })
}
