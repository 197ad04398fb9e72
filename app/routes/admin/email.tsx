import { data, Form, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireStaff } from '~/modules/accounts/auth.server'
import { OutboxDelivery, OutboxStatusBadge, OutboxTime } from '~/modules/email/ui/outbox-status'
import { Alert, Button, Card, Icon, PageHeader, TextLink } from '~/ui'
import type { Route } from './+types/email'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? 'Email'} | Nestlist staff` },
  { name: 'robots', content: 'noindex' },
]

// Messages hold reset links: no shared cache may keep this page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /admin/emails/:id: one outbox message as text and as rendered HTML, for staff only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : Number.NaN
  const message = await context.services.email.get(id)
  if (!message) throw data(null, { status: 404 })
  // Messages can hold reset links, so who read which one is worth a line in the log.
  context.logger.info({ staffUserId: staff.user.id, emailId: message.id }, 'staff opened an outbox message')
  return { message }
}

type SendAgainResult = { ok: true; message: string } | FormFailure

/** 'Send again' on a failed message: the email service queues it once more (or says why it cannot). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : Number.NaN
  const form = await request.formData()
  if (form.get('intent') !== 'send-again') return data<SendAgainResult>({ ok: false, message: 'Choose an action on this page.', fields: {}, status: 400 }, { status: 400 })
  try {
    const sent = await context.services.email.sendAgain(id)
    context.logger.info({ staffUserId: staff.user.id, emailId: id }, 'staff sent an outbox message again')
    const message = sent.status === 'sent' ? 'Sent again.' : sent.status === 'queued' ? 'Queued to be sent again. Its status updates here as it goes.' : 'Tried again, and it failed again. The reason is below.'
    return data<SendAgainResult>({ ok: true, message })
  } catch (error) {
    const failure = formFailure(error)
    if (failure.status === 404) throw data(null, { status: 404 })
    return data<SendAgainResult>(failure, { status: failure.status })
  }
}

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData
  const result = actionData as SendAgainResult | undefined
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send-again'
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <nav aria-label="Breadcrumb">
        <TextLink to="/admin/emails" className="inline-flex min-h-11 items-center gap-1 text-sm hover:text-berry-800">
          <Icon name="chevron-left" className="size-4" />
          Email outbox
        </TextLink>
      </nav>
      <PageHeader eyebrow={`Email #${message.id}`} title={message.subject} />

      <Card className="p-5 sm:p-6">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
          <dt className="font-semibold text-muted">To</dt>
          <dd className="break-all text-ink">{message.to}</dd>
          <dt className="font-semibold text-muted">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <OutboxStatusBadge status={message.status} />
            <OutboxDelivery message={message} />
          </dd>
          {message.error ? (
            <>
              <dt className="font-semibold text-muted">{message.status === 'skipped' ? 'Why' : 'Reason'}</dt>
              <dd className="break-words text-ink">{message.error}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-muted">Template</dt>
          <dd className="text-ink">
            {message.template} <span className="text-muted">({message.category})</span>
          </dd>
          <dt className="font-semibold text-muted">Created</dt>
          <dd className="text-ink">
            <OutboxTime value={message.createdAt} />
          </dd>
          {message.sentAt ? (
            <>
              <dt className="font-semibold text-muted">Sent</dt>
              <dd className="text-ink">
                <OutboxTime value={message.sentAt} />
              </dd>
            </>
          ) : null}
        </dl>
      </Card>

      {result ? (
        <Alert tone={result.ok ? 'success' : 'error'} title={result.ok ? 'Done' : 'Not sent again'}>
          {result.message}
        </Alert>
      ) : null}

      {message.status === 'failed' ? (
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button type="submit" name="intent" value="send-again" pending={sending} pendingLabel="Sending again…">
            Send again
          </Button>
          <p className="text-sm text-muted">Queues this message for delivery once more, with the same retries.</p>
        </Form>
      ) : null}

      {message.template === 'password_reset' ? (
        <Alert tone="info" title="Send the link, do not open it">
          Opening a reset link here would sign you in as this person. Copy it from the text below and send it to them.
        </Alert>
      ) : null}

      <section aria-labelledby="email-text" className="flex flex-col gap-3">
        <h2 id="email-text" className="text-xl font-bold text-ink">
          Plain text
        </h2>
        <Card className="p-5 sm:p-6">
          <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">{message.text}</pre>
        </Card>
      </section>

      <section aria-labelledby="email-html" className="flex flex-col gap-3">
        <h2 id="email-html" className="text-xl font-bold text-ink">
          As it looks in a mail app
        </h2>
        {/* sandbox without allow-scripts or allow-same-origin: the email's HTML runs no code and cannot reach this page. */}
        <iframe
          title={`HTML version of “${message.subject}”`}
          sandbox=""
          srcDoc={message.html}
          referrerPolicy="no-referrer"
          className="h-[42rem] w-full rounded-card border border-line bg-white"
        />
      </section>
    </div>
  )
}
