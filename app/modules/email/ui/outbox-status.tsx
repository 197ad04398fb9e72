import { Badge, type BadgeVariant } from '~/ui'
import type { EmailStatus } from '../email.types'

const statuses: Record<EmailStatus, { label: string; variant: BadgeVariant; meaning: string }> = {
  kept: { label: 'Kept', variant: 'info', meaning: 'Not sent: email delivery (SMTP_URL) is not set up, so it is only here.' },
  queued: { label: 'Queued', variant: 'info', meaning: 'Waiting to be handed to the mail server; this takes a few seconds.' },
  retrying: { label: 'Retrying', variant: 'neutral', meaning: 'The mail server could not take it yet; it is tried again shortly, up to five times in all.' },
  sent: { label: 'Sent', variant: 'success', meaning: 'Handed to the mail server.' },
  failed: { label: 'Failed', variant: 'discount', meaning: 'Every try failed; the reason is shown with the message, and staff can send it again.' },
  skipped: { label: 'Skipped', variant: 'neutral', meaning: 'Not sent because the person turned this kind of email off.' },
}

/** What each outbox status means, for the legend on the staff list. */
export const outboxStatuses = Object.entries(statuses) as [EmailStatus, (typeof statuses)[EmailStatus]][]

/** The status of one outbox message as a small badge. */
export function OutboxStatusBadge({ status }: { status: EmailStatus }) {
  const s = statuses[status]
  return <Badge variant={s.variant}>{s.label}</Badge>
}

/** A status's name as staff read it ('Retrying'). */
export const outboxStatusLabel = (status: EmailStatus) => statuses[status].label

/** Delivery tries for a message that went through the queue: 'Attempt 2 of 5, next try 10:32 AM UTC' or 'After 5 attempts'. */
export function OutboxDelivery({ message }: { message: { status: EmailStatus; attempts: number | null; maxAttempts: number | null; nextTryAt: Date | null } }) {
  const { status, attempts, maxAttempts, nextTryAt } = message
  if (attempts === null) return null
  const text =
    status === 'failed'
      ? `After ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`
      : status === 'retrying'
        ? `${attempts} of ${maxAttempts} ${attempts === 1 ? 'attempt' : 'attempts'} failed`
        : status === 'sent'
          ? `Sent on attempt ${attempts} of ${maxAttempts}`
          : `${attempts} of ${maxAttempts} attempts`
  return (
    <span className="text-sm text-muted">
      {text}
      {status === 'retrying' && nextTryAt ? (
        <>
          , next try <OutboxTime value={nextTryAt} />
        </>
      ) : null}
    </span>
  )
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A time in UTC (the same on server and browser, so hydration agrees). */
export function OutboxTime({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{timeFormat.format(value)} UTC</time>
}
