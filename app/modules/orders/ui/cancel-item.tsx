// 'Cancel item' on the order page (docs/decisions/024, h13). Without JavaScript the control is a link to
// ?cancel={lineId}, which shows the confirmation on the page; with it, the same form opens in a dialog. Both post to
// the order page's action, which cancels and redirects to ?cancelled={id} with the refund.
import { useId, useState, type ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { formatCents } from '~/lib/money'
import { Alert, Button, Card, FieldError, Label, Modal, inputClasses } from '~/ui'
import { refundWords } from '../../shipping/refund-words'
import type { CancellableLine, CancellationView } from '../cancellations.service.server'
import { cancellationMessages as m } from '../cancellations.validation'

/** A failed cancel (the action's answer), with what was chosen, so the form shows it again. */
export type CancelFailure = { ok: false; message: string; fields: Record<string, string[] | undefined>; status: number; values: { lineId: string; quantity: string } }

type FormProps = { orderId: string; line: CancellableLine; idempotencyKey: string; failure: CancelFailure | undefined; footer: (submit: ReactNode) => ReactNode }

/** The confirmation form: how many (when more than one can be cancelled) and the confirm button. */
function CancelForm({ orderId, line, idempotencyKey, failure, footer }: FormProps) {
  const navigation = useNavigation()
  const id = useId()
  const pending = navigation.state !== 'idle' && navigation.formData?.get('lineId') === String(line.id)
  const mine = failure && failure.values.lineId === String(line.id) ? failure : undefined
  const error = mine?.fields[`line.${line.id}`]?.[0] ?? mine?.fields.lines?.[0] ?? mine?.fields['lines.0.quantity']?.[0]
  const chosen = Number(mine?.values.quantity) || line.cancellable
  return (
    <Form method="post" action={`/orders/${orderId}`} className="flex flex-col gap-4" aria-describedby={`${id}-body`}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="idempotencyKey" value={`${idempotencyKey}:${line.id}`} />
      <input type="hidden" name="lineId" value={line.id} />
      <p id={`${id}-body`} className="text-sm text-muted">
        {m.confirmBody}
      </p>
      {mine && !error ? (
        <Alert tone="error" title={mine.message} />
      ) : null}
      {line.cancellable > 1 ? (
        <div>
          <Label htmlFor={`${id}-qty`}>{m.howMany}</Label>
          <select
            id={`${id}-qty`}
            name="quantity"
            defaultValue={Math.min(chosen, line.cancellable)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            className={`${inputClasses} mt-1.5 w-28`}
          >
            {Array.from({ length: line.cancellable }, (_, i) => i + 1).map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="quantity" value={1} />
      )}
      <FieldError id={`${id}-err`}>{error}</FieldError>
      {footer(
        <Button type="submit" pending={pending} pendingLabel={m.confirmPending}>
          {m.confirm}
        </Button>,
      )}
    </Form>
  )
}

/**
 * The 'Cancel item' control of one line. `confirming`: the page was opened with ?cancel={this line} (no
 * JavaScript needed), so the confirmation is shown in place.
 */
export function CancelItem({ orderId, line, idempotencyKey, failure, confirming }: { orderId: string; line: CancellableLine; idempotencyKey: string; failure: CancelFailure | undefined; confirming: boolean }) {
  // A failed attempt from the dialog opens it again with the message.
  const [open, setOpen] = useState(() => !confirming && failure?.values.lineId === String(line.id))
  const label = line.cancellable > 1 ? `${m.cancelItem} (${line.cancellable})` : m.cancelItem
  const titleId = useId()
  if (confirming) {
    return (
      <Card as="section" aria-labelledby={titleId} className="mt-2 flex flex-col gap-3 border-berry-200 p-4">
        <h3 id={titleId} className="font-bold">
          {m.cancelOne(line.title)}
        </h3>
        <CancelForm
          orderId={orderId}
          line={line}
          idempotencyKey={idempotencyKey}
          failure={failure}
          footer={(submit) => (
            <div className="flex flex-wrap items-center gap-3">
              {submit}
              <Link to={`/orders/${orderId}`} className="font-semibold text-berry-800 underline underline-offset-2">
                {m.keep}
              </Link>
            </div>
          )}
        />
      </Card>
    )
  }
  return (
    <>
      <Link
        to={`/orders/${orderId}?cancel=${line.id}#line-${line.id}`}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        className="text-sm font-semibold whitespace-nowrap text-berry-800 underline underline-offset-2"
        aria-label={`${label}: ${line.title}`}
      >
        {label}
      </Link>
      <Modal open={open} onClose={() => setOpen(false)} size="sm" title={m.cancelOne(line.title)}>
        <CancelForm
          orderId={orderId}
          line={line}
          idempotencyKey={idempotencyKey}
          failure={failure}
          footer={(submit) => (
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {m.keep}
              </Button>
              {submit}
            </div>
          )}
        />
      </Modal>
    </>
  )
}

/** The message after a cancellation: what was refunded and where, or that the refund is still on its way. */
export function CancelledNotice({ made }: { made: CancellationView }) {
  if (made.status === 'pending') {
    return (
      <Alert tone="info" title={m.refundPending(made.refundCents)}>
        {m.refundPendingBody}
      </Alert>
    )
  }
  return (
    <Alert tone="success" title={m.done(made.refundCents)}>
      {made.refundCents > 0 ? `We refunded ${refundWords(made)}${made.shippingCents > 0 ? `, including ${formatCents(made.shippingCents)} shipping` : ''}. ` : ''}
      {made.status === 'credited' ? `${m.creditedInstead(made.creditCents)} ` : ''}
      {m.banks}
    </Alert>
  )
}

/** The order's cancelled items and their refunds. */
export function CancelledItems({ cancellations }: { cancellations: CancellationView[] }) {
  if (cancellations.length === 0) return null
  return (
    <Card as="section" aria-labelledby="cancelled-title" className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 id="cancelled-title" className="text-xl font-bold">
        {m.cancelledTitle}
      </h2>
      <ul className="flex flex-col gap-3 text-sm">
        {cancellations.map((c) => (
          <li key={c.id} className="rounded-xl border border-line p-4">
            <ul className="flex flex-col gap-1">
              {c.lines.map((l) => (
                <li key={l.orderLineId} className="flex justify-between gap-3">
                  <span>{`${l.quantity} × ${l.title}`}</span>
                  <span className="tabular-nums">{formatCents(l.refundCents)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-muted">
              {c.status === 'pending'
                ? m.refundPending(c.refundCents)
                : c.refundCents > 0
                  ? `Refunded ${refundWords(c)}${c.shippingCents > 0 ? `, including ${formatCents(c.shippingCents)} shipping` : ''}.`
                  : m.cancelledBadge}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  )
}
