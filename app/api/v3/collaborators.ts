// /api/v3/registries/{id}/collaborators: who manages a registry with its owner. The owner and collaborators
// may list; only the owner invites, cancels invitations and removes others (a collaborator gets 403); a
// collaborator may remove themselves (leave). Anyone else gets 404 and anonymous callers 401, as for every
// owner endpoint. Accepting takes the emailed token and a signed-in account whose confirmed email is the invited one.
import { createRoute, z } from '@hono/zod-openapi'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, positiveIdOf, privateJson, RegistryIdParam, registryIdOf } from './registry-schemas'

const tags = ['registries']
const guarded = { 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses }

const CollaboratorListSchema = z
  .object({
    role: z.enum(['owner', 'collaborator']).openapi({ description: "the caller's role on the registry" }),
    owner: z.object({ userId: z.number().int(), name: z.string(), email: z.string() }),
    collaborators: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string(), joinedAt: z.string() })),
    invitations: z
      .array(z.object({ id: z.number().int(), email: z.string(), createdAt: z.string(), expiresAt: z.string(), expired: z.boolean() }))
      .openapi({ description: 'Invitations nobody used yet (owner only; empty for collaborators)' }),
  })
  .openapi('RegistryCollaborators')

const listCollaborators = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/collaborators',
  tags,
  summary: 'The owner, the collaborators and open invitations (owner or collaborator)',
  request: { params: RegistryIdParam },
  responses: { 200: ok('Who manages the registry', CollaboratorListSchema), ...guarded },
})

const inviteCollaborator = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/collaborators',
  tags,
  summary: 'Invite someone by email to help manage the registry (owner only)',
  description: 'Emails a single-use link that expires in 7 days. 422 for a bad or own address, 409 when they already collaborate or the registry has 10 collaborators and invitations, 429 after 20 invitations in a day.',
  request: { params: RegistryIdParam, ...body(z.object({ email: z.string().openapi({ example: 'sam@example.com' }) }).openapi('InviteCollaborator')) },
  responses: {
    201: ok('Invited', z.object({ id: z.number().int(), email: z.string(), expiresAt: z.string() })),
    403: err('A collaborator: only the owner invites'),
    409: err('Already a collaborator, or too many'),
    ...guarded,
  },
})

const CollaboratorParams = RegistryIdParam.extend({ userId: z.string().openapi({ param: { name: 'userId', in: 'path' } }) })
const removeCollaborator = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/collaborators/{userId}',
  tags,
  summary: 'Remove a collaborator (owner), or leave (a collaborator naming themselves); the owner cannot be removed',
  request: { params: CollaboratorParams },
  responses: { 204: { description: 'Removed' }, 403: err('Not allowed: removing the owner, or someone else as a collaborator'), ...guarded },
})

const InvitationParams = RegistryIdParam.extend({ invitationId: z.string().openapi({ param: { name: 'invitationId', in: 'path' } }) })
const cancelInvitation = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/collaborator_invitations/{invitationId}',
  tags,
  summary: 'Cancel an invitation nobody used yet (owner only); its link stops working',
  request: { params: InvitationParams },
  responses: { 204: { description: 'Cancelled' }, 403: err('A collaborator: only the owner cancels'), ...guarded },
})

const acceptInvitation = createRoute({
  method: 'post',
  path: '/api/v3/collaborator_invitations/accept',
  tags,
  summary: 'Accept an emailed collaborator invitation as the signed-in user',
  description:
    'The token is the last part of the emailed link (/registry/join/{token}). Only an account whose confirmed email is the invited address may accept: ' +
    '403 when the caller signed in with another address, or has not confirmed theirs yet. 404 for an unknown token; 409 when it was used, cancelled or expired, or the caller owns the registry.',
  request: body(z.object({ token: z.string() }).openapi('AcceptCollaboratorInvitation')),
  responses: {
    200: ok('Joined', z.object({ registryId: z.number().int() })),
    401: err('Not signed in'),
    403: err('Sent to another email address, or the email is not confirmed yet'),
    404: err('No such invitation'),
    409: err('Used, cancelled or expired'),
    ...errorResponses,
  },
})

export const collaboratorsRouter = createRouter()
privateJson(collaboratorsRouter, ['/api/v3/registries/:id/collaborators', '/api/v3/registries/:id/collaborators/*', '/api/v3/registries/:id/collaborator_invitations/*', '/api/v3/collaborator_invitations/*'])

collaboratorsRouter.openapi(listCollaborators, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.collaborators.list(registryIdOf(c.req.valid('param').id), v.user.id), 200)
})

collaboratorsRouter.openapi(inviteCollaborator, async (c) => {
  const v = await requireApiUser(c)
  const made = await c.var.services.collaborators.invite(registryIdOf(c.req.valid('param').id), v.user.id, c.req.valid('json'), {
    origin: c.var.services.publicOrigin,
    inviterFirstName: v.user.firstName,
  })
  return c.json(made, 201)
})

collaboratorsRouter.openapi(removeCollaborator, async (c) => {
  const v = await requireApiUser(c)
  const params = c.req.valid('param')
  await c.var.services.collaborators.remove(registryIdOf(params.id), v.user.id, positiveIdOf(params.userId, 'That person is not a collaborator on this registry.'))
  return c.body(null, 204)
})

collaboratorsRouter.openapi(cancelInvitation, async (c) => {
  const v = await requireApiUser(c)
  const params = c.req.valid('param')
  await c.var.services.collaborators.cancelInvitation(registryIdOf(params.id), v.user.id, positiveIdOf(params.invitationId, 'That invitation is not open any more.'))
  return c.body(null, 204)
})

collaboratorsRouter.openapi(acceptInvitation, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.collaborators.accept(c.req.valid('json').token, v.user.id), 200)
})
