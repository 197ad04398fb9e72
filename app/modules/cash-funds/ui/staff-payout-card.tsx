// One registry owed money by bank transfer, on /admin/payouts (decision 030, h14): who and where to send it, the
// gifts it covers, and "Record transfer sent" with the bank's reference. A plain form (works without
// JavaScript); it carries the ids of the gifts shown, so the server records exactly what staff saw and paid.
import { useRef } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, Card, TextField } from '~/ui'
import { PAYOUT_REFERENCE_MAX } from '../cash-funds.strings'
import type { OwedRegistry } from '../payouts.server'

export type PayoutFormFailure = { ok: false; registryId: number; message: string; fields: Record<string, string[]>; values: { reference: string } }

export function StaffPayoutCard({ owed, failure }: { owed: OwedRegistry; failure?: PayoutFormFailure }) {
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const pending = navigation.state !== 'idle' && navigation.formData?.get('registryId') === String(owed.registryId)
  const titleId = `owed-${owed.registryId}`
  const referenceError = failure?.fields.reference?.[0]
  const otherError = failure && !referenceError ? failure.message : undefined
  return (
    <Card as="article" aria-labelledby={titleId} className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h3 id={titleId} className="text-lg font-bold break-words text-ink">
          {owed.title}
          <span className="font-normal text-muted">&nbsp;· {owed.familyName}</span>
        </h3>
        <Link to={`/${owed.slug}`} className="inline-flex min-h-11 items-center text-sm font-semibold break-all text-berry-700 underline underline-offset-2">
          /{owed.slug}
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:gap-x-6 lg:grid-cols-5">
        <div>
          <dt className="text-muted">Account holder</dt>
          <dd className="font-semibold break-words">{owed.account?.holder ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">Account</dt>
          <dd className="font-semibold tabular-nums">{owed.account ? `****${owed.account.last4}` : 'None on file'}</dd>
        </div>
        <div>
          <dt className="text-muted">Gifts</dt>
          <dd className="font-semibold tabular-nums">{owed.itemCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Total owed</dt>
          <dd className="text-lg font-extrabold tabular-nums">{formatCents(owed.totalCents)}</dd>
        </div>
        <div>
          <dt className="text-muted">Oldest gift</dt>
          <dd className="font-semibold">{formatLongDate(owed.oldestAt)}</dd>
        </div>
      </dl>
      <details className="rounded-xl border border-line text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-berry-700">
          The {owed.itemCount === 1 ? 'gift' : `${owed.itemCount} gifts`} this covers
        </summary>
        <ul className="divide-y divide-line border-t border-line">
          {owed.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
              <span className="min-w-0 break-words">
                {i.kind === 'redemption' ? `Group gift fund: ${i.title}` : `${i.giverName ?? 'A guest'} to ${i.title}`}
                <span className="text-muted">&nbsp;· {formatLongDate(i.owedSince)}</span>
              </span>
              <span className="font-semibold tabular-nums">{formatCents(i.amountCents)}</span>
            </li>
          ))}
        </ul>
      </details>
      {owed.account ? (
        <Form ref={formRef} method="post" noValidate className="flex flex-col items-stretch gap-3 sm:items-start">
          <input type="hidden" name="registryId" value={owed.registryId} />
          <input type="hidden" name="accountLast4" value={owed.account.last4} />
          {owed.items.map((i) => (
            <input key={i.id} type="hidden" name={i.kind === 'redemption' ? 'redemptionId' : 'contributionId'} value={i.id} />
          ))}
          <TextField
            id={`reference-${owed.registryId}`}
            name="reference"
            label={
              <>
                Transfer reference<span className="sr-only"> for {owed.familyName}</span>
              </>
            }
            hint={`From the bank's confirmation of the ${formatCents(owed.totalCents)} transfer.`}
            required
            maxLength={PAYOUT_REFERENCE_MAX}
            autoComplete="off"
            spellCheck={false}
            defaultValue={failure?.values.reference ?? ''}
            error={referenceError}
            containerClassName="sm:w-96"
          />
          <Button type="submit" pending={pending} pendingLabel="Recording…">
            Record transfer sent
          </Button>
        </Form>
      ) : (
        <Alert tone="info">The family switched to store credit, so there is no bank account to send this to. Ask them to choose a bank transfer again before sending money.</Alert>
      )}
      {otherError ? <Alert tone="error">{otherError}</Alert> : null}
    </Card>
  )
}
