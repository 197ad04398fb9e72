import { Badge, type BadgeVariant } from '~/ui'
import type { EmailStatus } from '../email.types'

const statuses: Record<EmailStatus, { label: string; variant: BadgeVariant; meaning: string }> = {
  kept: { label: 'Kept', variant: 'info', meaning: 'Not sent: email delivery (SMTP_URL) is not set up, so it is only here.' },
  sent: { label: 'Sent', variant: 'success', meaning: 'Handed to the mail server.' },
  failed: { label: 'Failed', variant: 'discount', meaning: 'The mail server could not take it; the reason is shown with the message.' },
  skipped: { label: 'Skipped', variant: 'neutral', meaning: 'Not sent because the person turned this kind of email off.' },
}

/** What each outbox status means, for the legend on the staff list. */
export const outboxStatuses = Object.entries(statuses) as [EmailStatus, (typeof statuses)[EmailStatus]][]

/** The status of one outbox message as a small badge. */
export function OutboxStatusBadge({ status }: { status: EmailStatus }) {
  const s = statuses[status]
  return <Badge variant={s.variant}>{s.label}</Badge>
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A time in UTC (the same on server and browser, so hydration agrees). */
export function OutboxTime({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{timeFormat.format(value)} UTC</time>
}
