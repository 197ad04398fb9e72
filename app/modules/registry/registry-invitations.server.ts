import { z } from 'zod'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/links'
import type { EmailSender } from '~/modules/email/email.types'
import type { createRegistryService } from './registry.service.server'

/** At most this many addresses in one send, and this many invitations per registry in any 24 hours. */
export const MAX_INVITES_PER_SEND = 10
export const MAX_INVITES_PER_DAY = 50
export const INVITE_MESSAGE_MAX = 500
const DAY_MS = 86_400_000

export const invitationMessages = {
  noEmails: 'Enter at least one email address.',
  tooMany: `Invite up to ${MAX_INVITES_PER_SEND} people at a time.`,
  badEmail: (value: string) => `“${value}” does not look like an email address. Use name@example.com.`,
  messageTooLong: `Keep the message to ${INVITE_MESSAGE_MAX} characters or fewer.`,
  dailyLimit: (left: number) =>
    left > 0
      ? `You can send ${left} more ${left === 1 ? 'invitation' : 'invitations'} today (${MAX_INVITES_PER_DAY} a day). Remove a few addresses, or send the rest tomorrow.`
      : `You have sent ${MAX_INVITES_PER_DAY} invitations today, the most for one day. You can send more tomorrow.`,
} as const

const emailShape = z.email()

/** Splits what the owner typed (one per line, or separated by commas/semicolons/spaces) into unique, checked addresses. */
export function parseInvitationEmails(raw: string): { emails: string[]; error?: string } {
  const parts = raw
    .split(/[\s,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
  const emails = [...new Set(parts)]
  if (emails.length === 0) return { emails, error: invitationMessages.noEmails }
  const bad = emails.find((e) => e.length > 254 || !emailShape.safeParse(e).success)
  if (bad) return { emails, error: invitationMessages.badEmail(bad.length > 60 ? `${bad.slice(0, 60)}…` : bad) }
  if (emails.length > MAX_INVITES_PER_SEND) return { emails, error: invitationMessages.tooMany }
  return { emails }
}

type Deps = {
  registry: Pick<ReturnType<typeof createRegistryService>, 'ownerView' | 'markShared'>
  email: EmailSender & { countLinkingTo(pathSuffix: string, since: Date): Promise<number> }
  clock?: () => Date
}

/** Email invitations to see a registry, sent by its owner to friends and family (who need no account). */
export function createRegistryInvitations({ registry, email, clock = () => new Date() }: Deps) {
  // The link in every invitation: /list/{id} keeps working even if the owner later changes the slug.
  const guestPath = (registryId: number) => `/list/${registryId}`

  async function remainingToday(registryId: number): Promise<number> {
    const sent = await email.countLinkingTo(guestPath(registryId), new Date(clock().getTime() - DAY_MS))
    return Math.max(0, MAX_INVITES_PER_DAY - sent)
  }

  return {
    /** Invitations this registry may still send in the current 24-hour window. */
    remainingToday,

    /**
     * Emails up to 10 people a link to the registry, with the owner's optional note. Only the owner may send
     * (anyone else gets not_found); at most 50 per registry per day, counted from the email outbox.
     */
    async invite(registryId: number, ownerId: number, input: { emails: string; message?: string }, options: { origin: string; senderFirstName: string }) {
      const r = await registry.ownerView(registryId, ownerId)
      const { emails, error } = parseInvitationEmails(String(input.emails ?? ''))
      const message = String(input.message ?? '').trim()
      const fields: Record<string, string[]> = {}
      if (error) fields.emails = [error]
      if (message.length > INVITE_MESSAGE_MAX) fields.message = [invitationMessages.messageTooLong]
      if (Object.keys(fields).length) throw new DomainError('invalid_input', 'Some fields need another look.', { fields })

      const left = await remainingToday(r.id)
      if (emails.length > left) {
        throw new DomainError('rate_limited', invitationMessages.dailyLimit(left), { fields: { emails: [invitationMessages.dailyLimit(left)] } })
      }
      const url = `${publicOrigin(options.origin)}${guestPath(r.id)}`
      const sender = options.senderFirstName.trim() || r.familyName
      const what = r.registryType === 'baby' ? 'baby registry' : r.registryType === 'birthday' ? 'birthday wishlist' : 'holiday wishlist'
      const paragraphs = [
        `${sender} shared ${r.familyName}’s ${what} on Nestlist with you.`,
        ...(message ? [`A note from ${sender}: “${message}”`] : []),
        'You can see what they would love, and reserve a gift so nobody else buys the same thing. No account needed.',
      ]
      for (const to of emails) {
        // Guests have no account here, so no userId: the invitation is not subject to anyone's opt-outs.
        await email.send({
          to,
          template: 'notice',
          data: {
            category: 'registry_activity',
            subject: `${r.familyName} shared their registry with you`,
            heading: r.title,
            paragraphs,
            action: { label: 'See the registry', url },
          },
        })
      }
      await registry.markShared(r.id, ownerId)
      return { invited: emails, remainingToday: left - emails.length }
    },
  }
}

export type RegistryInvitations = ReturnType<typeof createRegistryInvitations>
