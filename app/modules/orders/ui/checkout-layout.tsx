import type { ReactNode } from 'react'
import { Alert, Container, LinkButton, PageHeader } from '~/ui'
import type { CheckoutFailure } from '../checkout.server'
import { checkoutStrings as t } from '../checkout.strings'
import { CheckoutForm } from './checkout-form'

type FormProps = Parameters<typeof CheckoutForm>[0]
type Quote = FormProps['quote'] & { unavailable: string[] }
type Action = { to: string; label: string }

/** What every checkout page's loader gives the form (store, registry gift, reserved gifts). */
export type CheckoutLoaderData = Pick<FormProps, 'checkoutKey' | 'signedIn' | 'savedCards' | 'creditBalanceCents'> & { defaults: FormProps['defaults'] }

/**
 * One checkout page's frame (the store's, a registry's gifts and reserved gifts): the title with an optional link
 * beside it, notices, then either the checkout form or why there is nothing to pay for yet, with the way on.
 * A failed submit keeps what was typed (the form's values come back in `failure`).
 */
export function CheckoutLayout({
  title,
  aside,
  notices,
  quote,
  blocked,
  empty,
  unavailableAction,
  loaderData,
  failure,
  form,
}: {
  title: ReactNode
  aside?: ReactNode
  notices?: ReactNode
  quote: Quote | null
  /** Shown instead of everything else (e.g. the family has no gift address yet). */
  blocked?: ReactNode
  /** Nothing to buy: the message and where to go. */
  empty: { message: string; action?: Action }
  /** Where to go when some lines cannot be bought (none: the message alone). */
  unavailableAction?: Action
  loaderData: CheckoutLoaderData
  failure: CheckoutFailure | undefined
  /** The page's own form options (a registry to ship to, a saved address used). */
  form?: Partial<Pick<FormProps, 'registry' | 'savedAddressUsed'>>
}) {
  return (
    <Container size="lg" className="flex flex-col gap-6 py-8 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <PageHeader title={title} />
        {aside}
      </div>
      {notices}
      {blocked ? (
        blocked
      ) : quote === null ? (
        <Way action={empty.action}>
          <Alert tone="info">{empty.message}</Alert>
        </Way>
      ) : quote.unavailable.length > 0 ? (
        <Way action={unavailableAction}>
          <Alert tone="error" title={t.unavailableNote}>
            {quote.unavailable.join(', ')}
          </Alert>
        </Way>
      ) : (
        <CheckoutForm
          quote={quote}
          checkoutKey={failure?.values.checkoutKey || loaderData.checkoutKey}
          defaults={failure ? { ...loaderData.defaults, ...failure.values } : loaderData.defaults}
          failure={failure}
          signedIn={loaderData.signedIn}
          savedCards={loaderData.savedCards}
          creditBalanceCents={loaderData.creditBalanceCents}
          {...form}
        />
      )}
    </Container>
  )
}

/** A message with the link that leads on from it. */
export function Way({ action, children }: { action?: Action; children: ReactNode }) {
  if (!action) return <>{children}</>
  return (
    <div className="flex flex-col items-start gap-4">
      {children}
      <LinkButton to={action.to}>{action.label}</LinkButton>
    </div>
  )
}
