import type { Db } from '~/db/client.server'
import type { Logger } from '~/lib/logger.server'
import { emailOutbox } from './email.schema'
import type { EmailSender, EmailTemplateName, SendEmailInput, SendEmailResult } from './email.types'
import { renderEmail } from './email.templates'

export type EmailDeps = { db: Db; logger: Logger }

/** First version: every message is rendered and kept in the outbox (SMTP delivery comes with the email module work). */
export function createEmailService({ db, logger }: EmailDeps): EmailSender & { latestTo(to: string): Promise<{ subject: string; text: string; html: string } | undefined> } {
  return {
    async send<T extends EmailTemplateName>(input: SendEmailInput<T>): Promise<SendEmailResult> {
      const rendered = renderEmail(input.template, input.data)
      const [row] = await db
        .insert(emailOutbox)
        .values({
          toAddress: input.to,
          userId: input.userId ?? null,
          category: rendered.category,
          template: input.template,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          status: 'kept',
        })
        .returning({ id: emailOutbox.id })
      logger.info({ emailId: row!.id, template: input.template }, 'email kept in the outbox')
      return { id: row!.id, status: 'kept' }
    },
    async latestTo(to: string) {
      const { desc, eq } = await import('drizzle-orm')
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1)
      return row
    },
  }
}
