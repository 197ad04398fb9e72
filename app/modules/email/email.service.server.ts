import { count, desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '~/db/client.server'
import type { Logger } from '~/lib/logger.server'
import { emailOutbox } from './email.schema'
import { renderEmail } from './email.templates'
import {
  type EmailCategory,
  emailCategories,
  type EmailSender,
  type EmailStatus,
  type EmailTemplateName,
  isOptionalCategory,
  type SendEmailInput,
  type SendEmailResult,
} from './email.types'

export type EmailServiceDeps = {
  db: Db
  logger: Logger
  /** smtp://user:pass@host:587 or smtps://…:465; without it every message stays in the outbox ('kept'). */
  smtpUrl?: string
  /** The From header, e.g. 'Nestlist <help@nestlist.example>'. */
  from?: string
  /** True when the user turned this (optional) category off; account and order mail never asks. */
  isOptedOut?: (userId: number, category: EmailCategory) => Promise<boolean>
  /** NODE_ENV=development logs each message's text (reset links included); PUBLIC_URL and SUPPORT_EMAIL go in footers. */
  env?: { NODE_ENV?: string; PUBLIC_URL?: string; SUPPORT_EMAIL?: string }
  /** Upper bound for connecting to the SMTP server and sending one message. */
  timeoutMs?: number
  clock?: () => Date
}

/** One row of the staff list at /admin/emails. */
export type OutboxSummary = {
  id: number
  to: string
  subject: string
  template: string
  category: string
  status: EmailStatus
  createdAt: Date
}

/** One message in full, for the staff detail view. */
export type OutboxMessage = OutboxSummary & { userId: number | null; html: string; text: string; error: string | null; sentAt: Date | null }

export const OUTBOX_PAGE_SIZE = 25
const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_FROM = 'Nestlist <help@nestlist.example>'

/** The email module: renders, records every message in email_outbox, and delivers over SMTP when configured. */
export function createEmailService({ db, logger, smtpUrl, from = DEFAULT_FROM, isOptedOut, env = {}, timeoutMs = DEFAULT_TIMEOUT_MS, clock = () => new Date() }: EmailServiceDeps) {
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // Each phase is bounded, and the AbortSignal below bounds the whole send.
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      })
    : null
  const development = env.NODE_ENV === 'development'
  const renderContext = { baseUrl: env.PUBLIC_URL, supportEmail: env.SUPPORT_EMAIL }

  async function optedOut(userId: number | undefined, category: EmailCategory): Promise<boolean> {
    if (userId === undefined || !isOptedOut || !isOptionalCategory(category)) return false
    return isOptedOut(userId, category)
  }

  async function deliver(id: number, message: { to: string; subject: string; html: string; text: string }): Promise<'sent' | 'failed'> {
    try {
      await transport!.sendMail({ from, ...message, signal: AbortSignal.timeout(timeoutMs) })
      await db.update(emailOutbox).set({ status: 'sent', sentAt: clock(), error: null }).where(eq(emailOutbox.id, id))
      logger.info({ emailId: id }, 'email sent')
      return 'sent'
    } catch (err) {
      const reason = describeFailure(err, timeoutMs)
      await db.update(emailOutbox).set({ status: 'failed', error: reason }).where(eq(emailOutbox.id, id))
      logger.error({ emailId: id, err }, `email delivery failed: ${reason}`)
      return 'failed'
    }
  }

  return {
    /**
     * Renders and records one message, then sends it over SMTP (or keeps it in the outbox without SMTP_URL).
     * Optional categories are skipped, and recorded as such, when the user opted out. Delivery failures are
     * recorded and logged, never thrown: the caller's answer (e.g. to a password reset) must not change.
     */
    async send<T extends EmailTemplateName>(input: SendEmailInput<T>): Promise<SendEmailResult> {
      const rendered = renderEmail(input.template, input.data, renderContext)
      const skip = await optedOut(input.userId, rendered.category)
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
          status: skip ? 'skipped' : 'kept',
          error: skip ? `The recipient turned off "${categoryLabel(rendered.category)}" emails.` : null,
          createdAt: clock(),
        })
        .returning({ id: emailOutbox.id })
      const id = row!.id
      if (skip) {
        logger.info({ emailId: id, template: input.template, category: rendered.category }, 'email skipped: the recipient opted out')
        return { id, status: 'skipped' }
      }
      if (development) {
        // Lets a developer without SMTP follow reset links straight from the terminal.
        logger.info({ emailId: id, to: input.to, subject: rendered.subject }, `email text (development):\n${rendered.text}`)
      }
      if (!transport) {
        logger.info({ emailId: id, template: input.template }, 'email kept in the outbox (no SMTP_URL); staff can read it at /admin/emails')
        return { id, status: 'kept' }
      }
      return { id, status: await deliver(id, { to: input.to, subject: rendered.subject, html: rendered.html, text: rendered.text }) }
    },

    /** True when messages go out over SMTP; false when they stay in the outbox. */
    get delivering() {
      return transport !== null
    },

    /** The newest outbox messages, a page at a time, optionally for one address (staff view). */
    async list({ page = 1, to }: { page?: number; to?: string } = {}) {
      const where = to ? eq(emailOutbox.toAddress, to) : undefined
      const [total] = await db.select({ n: count() }).from(emailOutbox).where(where)
      const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / OUTBOX_PAGE_SIZE))
      const current = Math.min(Math.max(1, Math.floor(page)), pageCount)
      const rows = await db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          template: emailOutbox.template,
          category: emailOutbox.category,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(OUTBOX_PAGE_SIZE)
        .offset((current - 1) * OUTBOX_PAGE_SIZE)
      return { messages: rows satisfies OutboxSummary[], page: current, pageCount, total: total?.n ?? 0 }
    },

    /** One outbox message in full, or null. */
    get: getMessage,

    /** The newest message to an address (tests and support read reset links with it). */
    async latestTo(to: string): Promise<OutboxMessage | null> {
      const [row] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1)
      return row ? getMessage(row.id) : null
    },
  } satisfies EmailSender & Record<string, unknown>

  async function getMessage(id: number): Promise<OutboxMessage | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    if (!row) return null
    return {
      id: row.id,
      to: row.toAddress,
      userId: row.userId,
      subject: row.subject,
      template: row.template,
      category: row.category,
      status: row.status,
      html: row.html,
      text: row.text,
      error: row.error,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
    }
  }
}

export type EmailService = ReturnType<typeof createEmailService>

const categoryLabel = (id: EmailCategory) => emailCategories.find((c) => c.id === id)?.label ?? id

/** A short, credential-free reason for the staff view (never the SMTP URL, which may carry a password). */
function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error) {
    if (err.name === 'AbortError' || err.name === 'TimeoutError') return `Timed out after ${timeoutMs / 1000} s`
    const code = (err as { code?: unknown }).code
    const responseCode = (err as { responseCode?: unknown }).responseCode
    const detail = [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? String(responseCode) : null].filter(Boolean).join(' ')
    return `${detail ? `${detail}: ` : ''}${err.message}`.slice(0, 500)
  }
  return String(err).slice(0, 500)
}
