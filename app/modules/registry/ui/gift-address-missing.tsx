// The family's registry home, when their registry has no shipping address for gifts: what guests cannot do yet
// (buy from Nestlist; reserving still works) and the one link that fixes it.
import { Link } from 'react-router'
import { Alert } from '~/ui'

export const giftAddressMissingCopy = {
  title: 'Add a shipping address so guests can buy gifts from Nestlist',
  body: 'Until you add one, your guests can reserve gifts but cannot have them shipped to you from the Nestlist Shop. Guests never see your street address, only your city and state.',
  link: 'Add your shipping address',
} as const

/** Shown only while the registry has no gift shipping address. `query` keeps which registry ('?registry=ID'). */
export function GiftAddressMissing({ registry, query = '' }: { registry: { shippingAddress: unknown }; query?: string }) {
  if (registry.shippingAddress) return null
  return (
    <Alert tone="info" title={giftAddressMissingCopy.title}>
      <p>{giftAddressMissingCopy.body}</p>
      <p className="mt-2">
        <Link to={`/settings/registry${query}#gift-address`} className="inline-flex min-h-6 items-center font-semibold text-berry-700 underline underline-offset-2">
          {giftAddressMissingCopy.link}
        </Link>
      </p>
    </Alert>
  )
}
