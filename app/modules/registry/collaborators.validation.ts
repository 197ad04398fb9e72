import { z } from 'zod'

/** An invitation link works for this many days, once (shown on pages, so it lives outside the .server module). */
export const COLLABORATOR_INVITE_DAYS = 7

export const collaboratorMessages = {
  badEmail: 'Enter an email address like name@example.com.',
} as const

/** The owner invites one person at a time, by email. Shared by /settings/collaborators and the API. */
export const inviteCollaboratorInput = z.object({
  email: z
    .string({ error: collaboratorMessages.badEmail })
    .trim()
    .toLowerCase()
    .max(254, collaboratorMessages.badEmail)
    .pipe(z.email({ error: collaboratorMessages.badEmail })),
})
export type InviteCollaboratorInput = z.infer<typeof inviteCollaboratorInput>
