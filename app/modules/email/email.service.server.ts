import { and, count, desc, eq, gte, like, type SQL } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import type { JobQueue } from '~/modules/jobs/jobs.server'
import { emailOutbox } from './email.schema'
import { renderEmail } from './email.templates'
import {
  type EmailCategory,
  emailCategories,
  type EmailSender,
  type EmailStatus,
  emailStatuses,
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
  /**
   * The job queue (server/main.ts starts it): with SMTP, send() records the message as 'queued' and a worker delivers
   * it, retrying with backoff. Without one (tests that build services alone) messages are delivered inline.
   */
  queue?: JobQueue
  /** Retries after the first try, the first retry's delay in seconds (doubled each time, with jitter), and polling. */
  delivery?: { retryLimit?: number; retryDelaySeconds?: number; pollingIntervalSeconds?: number }
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
  /** Delivery tries so far (queued, retrying and failed messages delivered through the queue), else null. */
  attempts: number | null
  /** How many tries the queue makes in all, when known. */
  maxAttempts: number | null
  /** When a retrying message is tried next. */
  nextTryAt: Date | null
}

/** One message in full, for the staff detail view. */
export type OutboxMessage = OutboxSummary & {
  userId: number | null
  html: string
  text: string
  /** The reason, without the attempt count (which is in `attempts`). */
  error: string | null
  sentAt: Date | null
}

export const OUTBOX_PAGE_SIZE = 25
const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_FROM = 'Nestlist <help@nestlist.example>'
/** The queue delivery jobs go on; each job holds only the outbox id. */
export const EMAIL_DELIVERY_QUEUE = 'email-delivery'
/** Five tries in all: retries after about 30 s, 1, 2 and 4 minutes (pg-boss doubles the delay, with jitter). */
export const EMAIL_DELIVERY_DEFAULTS = { retryLimit: 4, retryDelaySeconds: 30, pollingIntervalSeconds: 2 }

// The column is plain text; the table's type lists the statuses it had first.
type StoredStatus = (typeof emailOutbox.$inferInsert)['status']
const stored = (status: EmailStatus) => status as StoredStatus

/** The attempt count is kept in the error text: 'Attempt 2 of 5 failed: ECONNREFUSED …', or '… succeeded' once sent. */
const ATTEMPT_PREFIX = /^Attempt (\d+) of (\d+) (?:failed: |succeeded$)/
const attemptError = (attempt: number, max: number, reason: string) => `Attempt ${attempt} of ${max} failed: ${reason}`
const attemptSucceeded = (attempt: number, max: number) => `Attempt ${attempt} of ${max} succeeded`
function readAttempts(error: string | null): { attempts: number | null; maxAttempts: number | null; reason: string | null } {
  const m = error ? ATTEMPT_PREFIX.exec(error) : null
  if (!m) return { attempts: null, maxAttempts: null, reason: error }
  return { attempts: Number(m[1]), maxAttempts: Number(m[2]), reason: error!.slice(m[0].length) || null }
}

/** The email module: renders, records every message in email_outbox, and delivers over SMTP when configured. */
export function createEmailService({
  db,
  logger,
  smtpUrl,
  from = DEFAULT_FROM,
  isOptedOut,
  env = {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
  clock = () => new Date(),
  queue,
  delivery = {},
}: EmailServiceDeps) {
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

  /** One SMTP try; records 'sent', or answers the credential-free reason. */
  async function attempt(id: number, message: { to: string; subject: string; html: string; text: string }, sentNote: string | null = null): Promise<string | null> {
    try {
      await transport!.sendMail({ from, ...message, signal: AbortSignal.timeout(timeoutMs) })
      await db.update(emailOutbox).set({ status: 'sent', sentAt: clock(), error: sentNote }).where(eq(emailOutbox.id, id))
      logger.info({ emailId: id }, 'email sent')
      return null
    } catch (err) {
      const reason = describeFailure(err, timeoutMs)
      logger.error({ emailId: id, err }, `email delivery failed: ${reason}`)
      return reason
    }
  }

  /** Without a queue: one try now, 'sent' or 'failed'. */
  async function deliverInline(id: number, message: { to: string; subject: string; html: string; text: string }): Promise<'sent' | 'failed'> {
    const reason = await attempt(id, message)
    if (reason === null) return 'sent'
    await db.update(emailOutbox).set({ status: 'failed', error: reason }).where(eq(emailOutbox.id, id))
    return 'failed'
  }

  const retries = { ...EMAIL_DELIVERY_DEFAULTS, ...delivery }
  const queued = Boolean(queue && transport)
  if (queue && transport) {
    void queue
      .work<{ emailId: number }>(
        EMAIL_DELIVERY_QUEUE,
        { retryLimit: retries.retryLimit, retryDelaySeconds: retries.retryDelaySeconds, retryBackoff: true, pollingIntervalSeconds: retries.pollingIntervalSeconds, expireInSeconds: 5 * 60 },
        async (job) => {
          const id = Number(job.data.emailId)
          const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
          // Already sent (a repeated job) or gone: nothing to do.
          if (!row || (row.status as EmailStatus) !== 'queued' && (row.status as EmailStatus) !== 'retrying') return
          // A message that needed retries keeps its count once sent ('Attempt 2 of 5 succeeded').
          const note = job.attempt > 1 ? attemptSucceeded(job.attempt, job.maxAttempts) : null
          const reason = await attempt(id, { to: row.toAddress, subject: row.subject, html: row.html, text: row.text }, note)
          if (reason === null) return
          const last = job.attempt >= job.maxAttempts
          await db
            .update(emailOutbox)
            .set({ status: stored(last ? 'failed' : 'retrying'), error: attemptError(job.attempt, job.maxAttempts, reason) })
            .where(eq(emailOutbox.id, id))
          // Thrown so pg-boss records the failure and, with tries left, runs the job again after its backoff.
          throw new Error(reason)
        },
      )
      .catch((err: unknown) => logger.error({ err }, 'could not start the email delivery worker'))
  }

  /** Queues one delivery; if the queue cannot take it, delivers now instead (send() never fails for delivery). */
  async function enqueue(id: number, message: { to: string; subject: string; html: string; text: string }): Promise<EmailStatus> {
    try {
      await queue!.send(EMAIL_DELIVERY_QUEUE, { emailId: id })
      return 'queued'
    } catch (err) {
      logger.warn({ emailId: id, err }, 'could not queue email delivery; sending it now')
      return deliverInline(id, message)
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
          status: stored(skip ? 'skipped' : queued ? 'queued' : 'kept'),
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
      const message = { to: input.to, subject: rendered.subject, html: rendered.html, text: rendered.text }
      return { id, status: queued ? await enqueue(id, message) : await deliverInline(id, message) }
    },

    /**
     * Staff's 'Send again' on a failed message: queued once more (five tries again), or tried now without a queue.
     * Only failed messages qualify, and only while SMTP is set up.
     */
    async sendAgain(id: number): Promise<SendEmailResult> {
      if (!transport) throw new DomainError('conflict', 'Emails are not being sent: set SMTP_URL to send this message.')
      const row = Number.isSafeInteger(id) && id > 0 ? (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0] : undefined
      if (!row) throw new DomainError('not_found', 'That email does not exist.')
      // Conditional on 'failed', so two staff pressing at once queue it once.
      const [claimed] = await db
        .update(emailOutbox)
        .set({ status: stored(queued ? 'queued' : 'failed') })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
        .returning({ id: emailOutbox.id })
      if (!claimed) throw new DomainError('conflict', 'Only a failed email can be sent again; this one is not failed (any more).')
      logger.info({ emailId: id }, 'staff sent an email again')
      const message = { to: row.toAddress, subject: row.subject, html: row.html, text: row.text }
      return { id, status: queued ? await enqueue(id, message) : await deliverInline(id, message) }
    },

    /** True when messages go out over SMTP; false when they stay in the outbox. */
    get delivering() {
      return transport !== null
    },

    /** The newest outbox messages, a page at a time, optionally for one address (staff view). */
    async list({ page = 1, to, status }: { page?: number; to?: string; status?: EmailStatus } = {}) {
      const filters: SQL[] = []
      if (to) filters.push(eq(emailOutbox.toAddress, to))
      if (status && emailStatuses.includes(status)) filters.push(eq(emailOutbox.status, stored(status)))
      const where = filters.length ? and(...filters) : undefined
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
          error: emailOutbox.error,
        })
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(OUTBOX_PAGE_SIZE)
        .offset((current - 1) * OUTBOX_PAGE_SIZE)
      const next = await nextTries(rows.filter((r) => (r.status as EmailStatus) === 'retrying').map((r) => r.id))
      const messages: OutboxSummary[] = rows.map(({ error, ...r }) => {
        const { attempts, maxAttempts } = readAttempts(error)
        return { ...r, status: r.status as EmailStatus, attempts, maxAttempts, nextTryAt: next.get(r.id) ?? null }
      })
      return { messages, page: current, pageCount, total: total?.n ?? 0 }
    },

    /** One outbox message in full, or null. */
    get: getMessage,

    /**
     * How many messages since `since` link to a URL ending in `pathSuffix` (e.g. '/list/123456789012'), for
     * per-object sending limits such as registry invitations. Matches the rendered href (text a user typed
     * is escaped, so it cannot forge one); the created_at index bounds the scan to the window.
     */
    async countLinkingTo(pathSuffix: string, since: Date): Promise<number> {
      const pattern = `%${pathSuffix.replace(/[\\%_"]/g, '')}"%`
      const [row] = await db
        .select({ n: count() })
        .from(emailOutbox)
        .where(and(gte(emailOutbox.createdAt, since), like(emailOutbox.html, pattern)))
      return row?.n ?? 0
    },

    /** The newest message to an address (tests and support read reset links with it). */
    async latestTo(to: string): Promise<OutboxMessage | null> {
      const [row] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1)
      return row ? getMessage(row.id) : null
    },
  } satisfies EmailSender & Record<string, unknown>

  /** When each retrying message is tried next, from the queue's job rows. */
  async function nextTries(ids: number[]): Promise<Map<number, Date>> {
    if (!queue || !ids.length) return new Map()
    try {
      const pending = await queue.pendingRetries<{ emailId: number }>(EMAIL_DELIVERY_QUEUE, 'emailId', ids)
      return new Map(pending.map((p) => [Number(p.data.emailId), p.nextTryAt]))
    } catch (err) {
      logger.warn({ err }, 'could not read email retry times')
      return new Map()
    }
  }

  async function getMessage(id: number): Promise<OutboxMessage | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    if (!row) return null
    const { attempts, maxAttempts, reason } = readAttempts(row.error)
    const nextTryAt = (row.status as EmailStatus) === 'retrying' ? ((await nextTries([row.id])).get(row.id) ?? null) : null
    return {
      id: row.id,
      to: row.toAddress,
      userId: row.userId,
      subject: row.subject,
      template: row.template,
      category: row.category,
      status: row.status as EmailStatus,
      attempts,
      maxAttempts,
      nextTryAt,
      html: row.html,
      text: row.text,
      error: reason,
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
