import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { requireStaff } from '~/modules/accounts/auth.server'
import { emailStatuses, type EmailStatus } from '~/modules/email/email.types'
import { OutboxDelivery, OutboxStatusBadge, OutboxTime, outboxStatusLabel, outboxStatuses } from '~/modules/email/ui/outbox-status'
import { Alert, Button, Card, Icon, inputClasses, Label, PageHeader, TextField, TextLink } from '~/ui'
import type { Route } from './+types/emails'

export const meta = () => [{ title: 'Email outbox | Nestlist staff' }, { name: 'robots', content: 'noindex' }]

// Messages hold reset links: no shared cache may keep this page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const recipientInput = z.string().trim().toLowerCase().max(254).email('Enter a whole email address, like name@example.com.')
const pageInput = z.coerce.number().int().min(1).max(1_000_000)
const statusInput = z.enum(emailStatuses)

/** /admin/emails: the newest messages in the outbox, for staff only (everyone else gets the 404 page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const url = new URL(request.url)
  const rawTo = url.searchParams.get('to') ?? ''
  const rawPage = url.searchParams.get('page')
  const rawStatus = url.searchParams.get('status') ?? ''
  const to = rawTo.trim() ? recipientInput.safeParse(rawTo) : null
  const delivering = context.services.email.delivering
  const status = rawStatus ? statusInput.safeParse(rawStatus) : null
  if (status && !status.success) {
    return data(
      { delivering, to: to?.success ? to.data : rawTo.slice(0, 254), status: '' as const, error: null, statusError: 'Choose one of the statuses in the list.', messages: [], page: 1, pageCount: 1, total: 0 },
      { status: 400 },
    )
  }
  if (to && !to.success) {
    const error = to.error.issues[0]?.message ?? 'Enter a whole email address.'
    return data({ delivering, to: rawTo.slice(0, 254), status: status?.data ?? '', error, statusError: null, messages: [], page: 1, pageCount: 1, total: 0 }, { status: 400 })
  }
  const page = rawPage === null ? { success: true as const, data: 1 } : pageInput.safeParse(rawPage)
  const list = await context.services.email.list({ page: page.success ? page.data : 1, to: to?.data, status: status?.data })
  // Page numbers that are not whole numbers, or past the end, move to the page that exists.
  if (rawPage !== null && String(list.page) !== rawPage) throw redirect(listHref(list.page, to?.data, status?.data))
  return { delivering, to: to?.data ?? '', status: status?.data ?? '', error: null, statusError: null, ...list }
}

function listHref(page: number, to?: string, status?: EmailStatus | '') {
  const params = new URLSearchParams()
  if (to) params.set('to', to)
  if (status) params.set('status', status)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return `/admin/emails${query ? `?${query}` : ''}`
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  const { delivering, to, error, statusError, messages, page, pageCount, total } = loaderData
  const status = loaderData.status as EmailStatus | ''
  const described = [to ? ` to ${to}` : '', status ? ` with status “${outboxStatusLabel(status)}”` : ''].join('')
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/emails'
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader eyebrow="Staff" title="Email outbox">
        Every email Nestlist has sent or kept, newest first. Open one to read it as the person saw it.
      </PageHeader>

      {delivering ? null : (
        <Alert tone="info" title="Emails are not being sent">
          SMTP_URL is not set, so messages are kept here instead. To help someone reset their password, open their message and send them the link.
        </Alert>
      )}

      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search" aria-label="Find emails">
        <TextField
          label="Recipient"
          name="to"
          type="email"
          autoComplete="off"
          defaultValue={to}
          error={error}
          hint="Show only emails sent to this address."
          containerClassName="sm:w-96"
        />
        <div className="flex flex-col gap-1.5 sm:w-48">
          <Label htmlFor="outbox-status">Status</Label>
          <select
            id="outbox-status"
            name="status"
            defaultValue={status}
            className={inputClasses}
            aria-invalid={statusError ? true : undefined}
            aria-describedby={statusError ? 'outbox-status-error' : undefined}
          >
            <option value="">Any status</option>
            {outboxStatuses.map(([value, s]) => (
              <option key={value} value={value}>
                {s.label}
              </option>
            ))}
          </select>
          {statusError ? (
            <p id="outbox-status-error" className="text-sm font-semibold text-berry-700">
              {statusError}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" pending={searching} pendingLabel="Showing…">
            Show emails
          </Button>
          {to || status ? (
            <TextLink to="/admin/emails" className="text-sm hover:text-berry-800">
              Show all
            </TextLink>
          ) : null}
        </div>
      </Form>

      <p className="text-sm text-muted" role="status">
        {error
          ? 'Fix the recipient to see emails.'
          : statusError
            ? 'Choose a status to see emails.'
            : total === 0
              ? described
                ? `No emails${described}.`
                : 'No emails yet.'
              : `${total} ${total === 1 ? 'email' : 'emails'}${described}, page ${page} of ${pageCount}.`}
      </p>

      {messages.length ? (
        <Card className="overflow-hidden">
          {/* Narrow screens: one stacked entry per message. */}
          <ul className="divide-y divide-line sm:hidden">
            {messages.map((m) => (
              <li key={m.id} className="flex flex-col gap-1 p-4">
                <TextLink to={`/admin/emails/${m.id}`} className="text-base break-words hover:text-berry-800">
                  {m.subject}
                </TextLink>
                <span className="text-sm break-all text-ink">{m.to}</span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  <OutboxStatusBadge status={m.status} />
                  <OutboxDelivery message={m} />
                  <OutboxTime value={m.createdAt} />
                  <span>{m.template}</span>
                </span>
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left text-sm sm:table">
            <caption className="sr-only">Emails, newest first</caption>
            <thead className="bg-cream-200 text-ink">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold">Subject</th>
                <th scope="col" className="px-4 py-3 font-bold">To</th>
                <th scope="col" className="px-4 py-3 font-bold">Template</th>
                <th scope="col" className="px-4 py-3 font-bold">Status</th>
                <th scope="col" className="px-4 py-3 font-bold">Time</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {messages.map((m) => (
                <tr key={m.id} className="align-top">
                  <td className="px-4 py-3">
                    <TextLink to={`/admin/emails/${m.id}`} className="hover:text-berry-800">
                      {m.subject}
                    </TextLink>
                  </td>
                  <td className="px-4 py-3 break-all text-ink">{m.to}</td>
                  <td className="px-4 py-3 text-muted">{m.template}</td>
                  <td className="px-4 py-3">
                    <span className="flex flex-col items-start gap-1">
                      <OutboxStatusBadge status={m.status} />
                      <OutboxDelivery message={m} />
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted">
                    <OutboxTime value={m.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}

      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4">
          {page > 1 ? (
            <TextLink to={listHref(page - 1, to, status)} className="inline-flex min-h-11 items-center gap-1 hover:text-berry-800">
              <Icon name="chevron-left" className="size-4" />
              Newer
            </TextLink>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <TextLink to={listHref(page + 1, to, status)} className="inline-flex min-h-11 items-center gap-1 hover:text-berry-800">
              Older
              <Icon name="chevron-right" className="size-4" />
            </TextLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <details className="text-sm text-muted">
        <summary className="cursor-pointer font-semibold text-ink">What the statuses mean</summary>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {outboxStatuses.map(([status, s]) => (
            <div key={status} className="contents">
              <dt>
                <OutboxStatusBadge status={status} />
              </dt>
              <dd className="mb-2 sm:mb-0">{s.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  )
}
