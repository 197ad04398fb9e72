/**
 * The email module's contract (what other modules may rely on). The module sends through SMTP when
 * SMTP_URL is set, otherwise keeps messages in the outbox table for the staff view at /admin/emails.
 */

/** The email categories the product sends; users opt out per optional category at /settings/email-preferences. */
export const emailCategories = [
  {
    id: 'account',
    label: 'Account and security',
    description: 'Password resets, sign-in and security notices.',
    optional: false,
  },
  {
    id: 'orders',
    label: 'Orders and shipping',
    description: 'Receipts, shipping updates and returns for what you buy.',
    optional: false,
  },
  {
    id: 'registry_activity',
    label: 'Registry activity',
    description: 'When someone reserves, buys or chips in to a gift on your registry.',
    optional: true,
  },
  {
    id: 'registry_tips',
    label: 'Registry reminders and tips',
    description: 'Ideas for finishing your registry and reminders before your shower.',
    optional: true,
  },
  {
    id: 'pregnancy_weekly',
    label: 'Pregnancy and baby week by week',
    description: 'A short weekly note about what to expect, from our editors.',
    optional: true,
  },
  {
    id: 'shop_offers',
    label: 'Nestlist Shop offers',
    description: 'Sales, new arrivals and your registry discount.',
    optional: true,
  },
] as const

export type EmailCategory = (typeof emailCategories)[number]['id']

/** True for categories a user may turn off; account and order mail always goes. */
export function isOptionalCategory(category: EmailCategory): boolean {
  return emailCategories.some((c) => c.id === category && c.optional)
}

/** Data each template needs; the email module renders them to HTML and plain text. */
export type EmailTemplates = {
  welcome: { firstName: string; shopUrl: string }
  password_reset: { firstName: string; resetUrl: string; expiresInMinutes: number }
  password_changed: { firstName: string; resetUrl: string }
  /**
   * A short message in the shared layout, for anything without a template of its own (e.g. registry
   * activity). Its category decides whether opt-outs apply. Every string is plain text, escaped when rendered.
   */
  notice: {
    category: EmailCategory
    subject: string
    heading: string
    firstName?: string
    paragraphs: readonly string[]
    action?: { label: string; url: string }
  }
}
export type EmailTemplateName = keyof EmailTemplates

export type SendEmailInput<T extends EmailTemplateName = EmailTemplateName> = {
  to: string
  /** The account the message is for, when there is one; opt-outs are checked against it. */
  userId?: number
  template: T
  data: EmailTemplates[T]
}

/**
 * kept: stored in the outbox only (no SMTP_URL); queued: waiting for the delivery job; retrying: a try failed and
 * another is due; sent/failed: SMTP delivery (failed: every try failed); skipped: the user opted out.
 */
export const emailStatuses = ['kept', 'queued', 'retrying', 'sent', 'failed', 'skipped'] as const
export type EmailStatus = (typeof emailStatuses)[number]

export type SendEmailResult = { id: number; status: EmailStatus }

/** What other modules receive as `email`. */
export type EmailSender = {
  /** Renders and sends, queues or keeps one message; never throws for delivery failures, which are recorded. */
  send<T extends EmailTemplateName>(input: SendEmailInput<T>): Promise<SendEmailResult>
}
