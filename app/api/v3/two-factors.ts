import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { readSessionToken } from '~/modules/accounts/auth.server'
import { twoFactorCodeInput, twoFactorPasswordInput } from '~/modules/accounts/two-factor.validation'
import { apiSessionMeta, requireApiUser, setSessionCookie, mergeApiGuestCart } from '../auth'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } })

const StatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable().openapi({ description: 'When it was turned on (ISO 8601).' }),
    setupPending: z.boolean().openapi({ description: 'A setup was started and not yet confirmed with a code.' }),
    recoveryCodesRemaining: z.number().int(),
  })
  .openapi('TwoFactorStatus')

const SetupSchema = z
  .object({
    secret: z.string().openapi({ description: 'Base32 secret for typing into an authenticator app.', example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
    keyUri: z.string().openapi({ description: 'otpauth://totp/… URI (30 s, 6 digits, SHA-1), what the QR code holds.' }),
    qrSvg: z.string().openapi({ description: 'The QR code as an SVG document.' }),
  })
  .openapi('TwoFactorSetup')

const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).openapi({ description: '10 single-use codes, shown only in this answer.' }) })
  .openapi('TwoFactorRecoveryCodes')

const getStatus = createRoute({
  method: 'get',
  path: '/api/v3/two_factors',
  tags: ['accounts'],
  summary: 'Whether two-factor sign-in is on',
  responses: { 200: json('Status', StatusSchema), 401: err('Not signed in'), ...errorResponses },
})

const beginSetup = createRoute({
  method: 'post',
  path: '/api/v3/two_factors',
  tags: ['accounts'],
  summary: 'Start setting up an authenticator app',
  description:
    'Creates a new secret (replacing an unconfirmed one) and answers it with its key URI and QR code. ' +
    'Two-factor sign-in is not on until POST /api/v3/two_factors/confirmation gets a right code. 409 when it is already on.',
  responses: { 201: json('Setup started', SetupSchema), 401: err('Not signed in'), 409: err('Already on'), ...errorResponses },
})

const confirmSetup = createRoute({
  method: 'post',
  path: '/api/v3/two_factors/confirmation',
  tags: ['accounts'],
  summary: 'Turn two-factor sign-in on with a first code',
  description: 'Checks a code from the app for the setup in progress; answers the 10 recovery codes once. At most 10 wrong codes per 15 minutes (429).',
  request: { body: { required: true, content: { 'application/json': { schema: twoFactorCodeInput } } } },
  responses: {
    201: json('On; recovery codes', RecoveryCodesSchema),
    401: err('Not signed in'),
    409: err('No setup in progress, or already on'),
    429: err('Too many wrong codes'),
    ...errorResponses,
  },
})

const disable = createRoute({
  method: 'delete',
  path: '/api/v3/two_factors',
  tags: ['accounts'],
  summary: 'Turn two-factor sign-in off',
  description: 'Needs the account password; forgets the secret and the recovery codes.',
  request: { body: { required: true, content: { 'application/json': { schema: twoFactorPasswordInput } } } },
  responses: { 200: json('Off', StatusSchema), 401: err('Not signed in'), 429: err('Too many password attempts'), ...errorResponses },
})

const regenerate = createRoute({
  method: 'post',
  path: '/api/v3/two_factors/recovery_codes',
  tags: ['accounts'],
  summary: 'Replace the recovery codes',
  description: 'Needs the account password; the old codes stop working.',
  request: { body: { required: true, content: { 'application/json': { schema: twoFactorPasswordInput } } } },
  responses: {
    201: json('New recovery codes', RecoveryCodesSchema),
    401: err('Not signed in'),
    409: err('Two-factor sign-in is off'),
    429: err('Too many password attempts'),
    ...errorResponses,
  },
})

const verify = createRoute({
  method: 'post',
  path: '/api/v3/two_factors/verification',
  tags: ['accounts'],
  summary: 'Second sign-in step: an app or recovery code',
  description:
    'After POST /api/v3/user_session answered 202 two_factor_required, its cookie holds a pending session that reaches nothing else. ' +
    'A right code (6 digits from the app, or an unused recovery code) replaces it with a full session cookie. ' +
    'Each app code works once; at most 10 wrong codes per account per 15 minutes (429).',
  request: { body: { required: true, content: { 'application/json': { schema: twoFactorCodeInput } } } },
  responses: {
    200: json(
      'Signed in',
      z.object({
        status: z.literal('signed_in'),
        user: z.record(z.string(), z.unknown()).openapi({ description: 'The user, as GET /api/v3/user answers it (schema User).' }),
      }),
    ),
    401: err('No pending sign-in (expired or never started)'),
    429: err('Too many wrong codes'),
    ...errorResponses,
  },
})

export const twoFactorsRouter = createRouter()
for (const path of ['/api/v3/two_factors', '/api/v3/two_factors/*']) {
  twoFactorsRouter.use(path, bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413) }))
  twoFactorsRouter.use(path, async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
}

twoFactorsRouter.openapi(getStatus, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.twoFactor.status(v.user.id), 200)
})

twoFactorsRouter.openapi(beginSetup, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.twoFactor.beginSetup(v.user.id), 201)
})

twoFactorsRouter.openapi(confirmSetup, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.twoFactor.confirmSetup(v.user.id, c.req.valid('json').code), 201)
})

twoFactorsRouter.openapi(disable, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.twoFactor.disable(v.user.id, c.req.valid('json').password)
  return c.json(await c.var.services.twoFactor.status(v.user.id), 200)
})

twoFactorsRouter.openapi(regenerate, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.twoFactor.regenerateRecoveryCodes(v.user.id, c.req.valid('json').password), 201)
})

twoFactorsRouter.openapi(verify, async (c) => {
  const pending = readSessionToken(c.req.header('Cookie'))
  const { token, user } = await c.var.services.twoFactor.completeSignIn(pending, c.req.valid('json').code, apiSessionMeta(c))
  setSessionCookie(c, token)
  await mergeApiGuestCart(c, token)
  return c.json({ status: 'signed_in' as const, user: await c.var.services.accounts.profile(user.id) }, 200)
})
