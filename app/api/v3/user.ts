import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import {
  emailLinkInput,
  passwordVerificationInput,
  signInInput,
  signInLinkInput,
  signInLinkRequestInput,
  signUpInput,
  updateProfileInput,
  userEventInput,
} from '~/modules/accounts/accounts.validation'
import { readSessionToken } from '~/modules/accounts/auth.server'
import { discountCohortOf } from '~/modules/discount/discount'
import { apiError } from '../error-handler'
import { apiSessionMeta, mergeApiGuestCart, requireApiUser, setSessionCookie, unsetSessionCookie } from '../auth'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })

const UserEventSchema = z.object({ name: z.string(), value: z.unknown() }).openapi('UserEvent')
const UserSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(['user', 'staff']),
    registries: z.array(z.object({ id: z.number().int(), ownerId: z.number().int(), registryType: z.string() })),
    registryId: z.number().int().nullable(),
    currentRegistry: z
      .object({
        ownerId: z.number().int(),
        type: z.string(),
        eligibleForDiscount: z.boolean().openapi({ description: 'The registry discount can be used today (spec §3 Registry discount).' }),
        discountCohort: z.enum(['single_use', 'multi_use']).nullable().openapi({ description: 'Which registry discount this registry gets; null when it gets none (not a baby registry).' }),
      })
      .nullable(),
    events: z.array(UserEventSchema),
    twoFactors: z.object({ enabled: z.boolean() }),
    isBookmarkletUsed: z.boolean(),
  })
  .openapi('User')

const getUser = createRoute({
  method: 'get',
  path: '/api/v3/user',
  tags: ['accounts'],
  summary: 'The signed-in user',
  responses: { 200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } }, 401: err('Not signed in'), ...errorResponses },
})

const createUser = createRoute({
  method: 'post',
  path: '/api/v3/user',
  tags: ['accounts'],
  summary: 'Start an account (finished from the emailed link)',
  description:
    'Nobody is signed in yet. A free address gets a new, unconfirmed account and an email with a link that confirms it and signs in ' +
    '(its token goes to POST /api/v3/user/email_confirmations; it works once, for 24 hours). An address that already has an account ' +
    'gets a note to its owner instead, and no second account is made. The caller gets the same 202 either way. Common passwords are refused (422).',
  request: { body: { required: true, content: { 'application/json': { schema: signUpInput } } } },
  responses: {
    202: {
      description: 'Link sent (or, for a taken address, a note to its owner)',
      content: { 'application/json': { schema: z.object({ status: z.literal('confirmation_sent'), email: z.string() }) } },
    },
    429: err('Too many attempts'),
    ...errorResponses,
  },
})

const confirmEmail = createRoute({
  method: 'post',
  path: '/api/v3/user/email_confirmations',
  tags: ['accounts'],
  summary: 'Confirm an email with the emailed token',
  description:
    "The token from a confirmation email works once. A sign-up's link confirms the new account and signs it in (sets the session cookie; " +
    "202 two_factor_required as POST /api/v3/user_session when two-factor sign-in is on). An email change's link moves the account to the " +
    'new address and signs nobody in. 409 when another account confirmed the address first.',
  request: { body: { required: true, content: { 'application/json': { schema: emailLinkInput } } } },
  responses: {
    200: {
      description: 'Confirmed',
      content: {
        'application/json': {
          schema: z.union([z.object({ status: z.literal('signed_in'), user: UserSchema }), z.object({ status: z.literal('confirmed'), email: z.string() })]),
        },
      },
    },
    202: { description: 'Confirmed; two-factor code needed', content: { 'application/json': { schema: z.object({ status: z.literal('two_factor_required') }) } } },
    409: err('Another account confirmed this address first'),
    ...errorResponses,
    422: err('The link has expired or was already used'),
  },
})

const updateUser = createRoute({
  method: 'patch',
  path: '/api/v3/user',
  tags: ['accounts'],
  summary: 'Change name and email',
  description: 'The name changes at once; a new email takes effect when the link sent to it is clicked (emailChangePending).',
  request: { body: { required: true, content: { 'application/json': { schema: updateProfileInput } } } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: UserSchema.extend({ emailChangePending: z.string().nullable() }) } } },
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const signIn = createRoute({
  method: 'post',
  path: '/api/v3/user_session',
  tags: ['accounts'],
  summary: 'Sign in',
  description:
    'Checks email and password and sets the session cookie. With two-factor sign-in on, answers 202 with status two_factor_required; ' +
    'send the code to POST /api/v3/two_factors/verification. Unknown emails and wrong passwords get the same 401. ' +
    'The right password for an account whose email is not confirmed yet gets 403 and a fresh confirmation link by email. ' +
    'After 5 wrong passwords for an account from one address, each try waits a doubling delay (1 s up to 15 min; 429 with Retry-After); ' +
    'other addresses are not held up, and POST /api/v3/sign_in_links always gets the owner in.',
  request: { body: { required: true, content: { 'application/json': { schema: signInInput } } } },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: z.object({ status: z.literal('signed_in'), user: UserSchema }) } } },
    202: { description: 'Two-factor code needed', content: { 'application/json': { schema: z.object({ status: z.literal('two_factor_required') }) } } },
    401: err('Email and password do not match'),
    403: err('The email is not confirmed yet (a new link was sent)'),
    429: err('Too many attempts'),
    ...errorResponses,
  },
})

const signOut = createRoute({
  method: 'delete',
  path: '/api/v3/user_session',
  tags: ['accounts'],
  summary: 'Sign out',
  responses: { 204: { description: 'Signed out (also when not signed in)' } },
})

const verifyPassword = createRoute({
  method: 'post',
  path: '/api/v3/password_verifications',
  tags: ['accounts'],
  summary: "Check the signed-in user's password",
  request: { body: { required: true, content: { 'application/json': { schema: passwordVerificationInput } } } },
  responses: {
    200: { description: 'Result', content: { 'application/json': { schema: z.object({ verified: z.boolean() }) } } },
    401: err('Not signed in'),
    429: err('Too many attempts'),
    ...errorResponses,
  },
})

const requestSignInLink = createRoute({
  method: 'post',
  path: '/api/v3/sign_in_links',
  tags: ['accounts'],
  summary: 'Email a sign-in link',
  description:
    'Emails the account a single-use link that signs in without the password and expires in 15 minutes: the way in that ' +
    'wrong-password throttling never blocks. Answers 202 whether or not the email has an account; at most 5 links per account per hour are sent.',
  request: { body: { required: true, content: { 'application/json': { schema: signInLinkRequestInput } } } },
  responses: { 202: { description: 'Sent if the account exists', content: { 'application/json': { schema: z.object({ status: z.literal('sent') }) } } }, ...errorResponses },
})

const signInWithLink = createRoute({
  method: 'post',
  path: '/api/v3/user_session/link',
  tags: ['accounts'],
  summary: 'Sign in with an emailed link',
  description: 'The token from a sign-in link (POST /api/v3/sign_in_links) works once. With two-factor sign-in on, answers 202 as POST /api/v3/user_session does.',
  request: { body: { required: true, content: { 'application/json': { schema: signInLinkInput } } } },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: z.object({ status: z.literal('signed_in'), user: UserSchema }) } } },
    202: { description: 'Two-factor code needed', content: { 'application/json': { schema: z.object({ status: z.literal('two_factor_required') }) } } },
    ...errorResponses,
    422: err('The link has expired or was already used'),
  },
})

const listEvents = createRoute({
  method: 'get',
  path: '/api/v3/user/events',
  tags: ['accounts'],
  summary: "The signed-in user's events, newest first",
  responses: { 200: { description: 'Events', content: { 'application/json': { schema: z.object({ events: z.array(UserEventSchema) }) } } }, 401: err('Not signed in'), ...errorResponses },
})

const addEvent = createRoute({
  method: 'post',
  path: '/api/v3/user/events',
  tags: ['accounts'],
  summary: 'Record a user event',
  description: 'An event replaces one with the same name; otherwise it is prepended (spec §4 User events).',
  request: { body: { required: true, content: { 'application/json': { schema: userEventInput } } } },
  responses: { 201: { description: 'Events after the change', content: { 'application/json': { schema: z.object({ events: z.array(UserEventSchema) }) } } }, 401: err('Not signed in'), ...errorResponses },
})

export const userRouter = createRouter()
for (const path of ['/api/v3/user', '/api/v3/user/*', '/api/v3/user_session', '/api/v3/user_session/*', '/api/v3/password_verifications', '/api/v3/sign_in_links']) {
  userRouter.use(path, bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413) }))
  userRouter.use(path, async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
}

/** The account's profile with its registries (newest is the current one). */
async function fullProfile(c: Parameters<typeof requireApiUser>[0], userId: number) {
  const [profile, owned] = await Promise.all([c.var.services.accounts.profile(userId), c.var.services.registry.ownedBy(userId)])
  const current = owned[0]
  const discount = current ? c.var.services.discount.forRegistry(current) : null
  return {
    ...profile,
    registries: owned.map((r) => ({ id: r.id, ownerId: r.ownerId, registryType: r.registryType })),
    registryId: current?.id ?? null,
    currentRegistry: current
      ? {
          ownerId: current.ownerId,
          type: current.registryType,
          eligibleForDiscount: discount?.isEligible ?? false,
          discountCohort: discountCohortOf(discount, c.var.services.discount.config()),
        }
      : null,
  }
}

userRouter.openapi(getUser, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await fullProfile(c, v.user.id), 200)
})

userRouter.openapi(createUser, async (c) => {
  return c.json(await c.var.services.accounts.signUp(c.req.valid('json'), apiSessionMeta(c)), 202)
})

userRouter.openapi(confirmEmail, async (c) => {
  const { email, session } = await c.var.services.accounts.confirmEmail(c.req.valid('json').token, apiSessionMeta(c))
  if (!session) return c.json({ status: 'confirmed' as const, email }, 200)
  setSessionCookie(c, session.token)
  if (session.status === 'two_factor_required') return c.json({ status: 'two_factor_required' as const }, 202)
  await mergeApiGuestCart(c, session.token)
  return c.json({ status: 'signed_in' as const, user: await fullProfile(c, session.user.id) }, 200)
})

userRouter.openapi(updateUser, async (c) => {
  const v = await requireApiUser(c)
  const { emailChangePending } = await c.var.services.accounts.updateProfile(v.user.id, c.req.valid('json'))
  return c.json({ ...(await fullProfile(c, v.user.id)), emailChangePending }, 200)
})

userRouter.openapi(signIn, async (c) => {
  const result = await c.var.services.accounts.signIn(c.req.valid('json'), apiSessionMeta(c))
  setSessionCookie(c, result.token)
  if (result.status === 'two_factor_required') return c.json({ status: 'two_factor_required' as const }, 202)
  await mergeApiGuestCart(c, result.token)
  return c.json({ status: 'signed_in' as const, user: await fullProfile(c, result.user.id) }, 200)
})

userRouter.openapi(signOut, async (c) => {
  await c.var.services.accounts.signOut(readSessionToken(c.req.header('Cookie')))
  unsetSessionCookie(c)
  return c.body(null, 204)
})

userRouter.openapi(requestSignInLink, async (c) => {
  await c.var.services.accounts.requestSignInLink(c.req.valid('json'))
  return c.json({ status: 'sent' as const }, 202)
})

userRouter.openapi(signInWithLink, async (c) => {
  const result = await c.var.services.accounts.signInWithLink(c.req.valid('json').token, apiSessionMeta(c))
  setSessionCookie(c, result.token)
  if (result.status === 'two_factor_required') return c.json({ status: 'two_factor_required' as const }, 202)
  await mergeApiGuestCart(c, result.token)
  return c.json({ status: 'signed_in' as const, user: await fullProfile(c, result.user.id) }, 200)
})

userRouter.openapi(verifyPassword, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.accounts.verifyPasswordFor(v.user.id, c.req.valid('json')), 200)
})

userRouter.openapi(listEvents, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ events: await c.var.services.accounts.events(v.user.id) }, 200)
})

userRouter.openapi(addEvent, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ events: await c.var.services.accounts.addEvent(v.user.id, c.req.valid('json')) }, 201)
})
