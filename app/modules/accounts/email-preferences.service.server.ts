import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, type FieldErrors } from '~/lib/errors'
import { emailCategories, type EmailCategory } from '~/modules/email/email.types'
import { emailOptOuts, users } from './accounts.schema'
import { emailPreferencesInput } from './email-preferences.validation'

/** One category as the preferences page shows it. Required (non-optional) categories are always subscribed. */
export type EmailPreference = {
  id: EmailCategory
  label: string
  description: string
  optional: boolean
  subscribed: boolean
}

const optionalIds = new Set<string>(emailCategories.filter((c) => c.optional).map((c) => c.id))

/** Opt-outs per email category (no row means subscribed); the email module asks isOptedOut before sending. */
export function createEmailPreferencesService({ db }: { db: Db }) {
  return {
    /** Every category the product sends, with whether this user gets it. */
    async preferences(userId: number): Promise<EmailPreference[]> {
      const rows = await db.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId))
      const out = new Set(rows.map((r) => r.category))
      return emailCategories.map((c) => ({
        id: c.id,
        label: c.label,
        description: c.description,
        optional: c.optional,
        subscribed: !c.optional || !out.has(c.id),
      }))
    },

    /** Sets the whole choice at once: optional categories not listed are opted out of, listed ones back in. */
    async update(userId: number, input: unknown): Promise<EmailPreference[]> {
      const parsed = emailPreferencesInput.safeParse(input)
      if (!parsed.success) {
        const fields: FieldErrors = {}
        for (const issue of parsed.error.issues) (fields[issue.path.map(String).join('.') || '_error'] ??= []).push(issue.message)
        throw new DomainError('invalid_input', 'Those email preferences could not be saved.', { fields })
      }
      const wanted = new Set<string>(parsed.data.subscribed)
      const delivery = parsed.data.registryActivityDelivery
      const optedOut = [...optionalIds].filter((id) => !wanted.has(id))
      const optedIn = [...optionalIds].filter((id) => wanted.has(id))
      await db.transaction(async (tx) => {
        if (optedIn.length)
          await tx.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.category, optedIn)))
        if (optedOut.length) {
          await tx
            .insert(emailOptOuts)
            .values(optedOut.map((category) => ({ userId, category })))
            .onConflictDoNothing()
        }
        if (delivery) await tx.update(users).set({ registryActivityDelivery: delivery }).where(eq(users.id, userId))
      })
      return this.preferences(userId)
    },

    /** Registry activity as each gift happens ('instant', the default) or in one daily digest ('daily'). */
    async registryActivityDelivery(userId: number): Promise<'instant' | 'daily'> {
      const [row] = await db.select({ d: users.registryActivityDelivery }).from(users).where(eq(users.id, userId))
      return row?.d ?? 'instant'
    },

    /** True when the user opted out of this category. Required categories are never opted out of. */
    async isOptedOut(userId: number, category: string): Promise<boolean> {
      if (!optionalIds.has(category)) return false
      const [row] = await db
        .select({ category: emailOptOuts.category })
        .from(emailOptOuts)
        .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.category, category)))
      return Boolean(row)
    },
  }
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferencesService>
