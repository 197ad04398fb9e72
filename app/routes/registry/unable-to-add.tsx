import { Link } from 'react-router'
import { failureMessages, type PreviewFailureReason } from '~/modules/external-products/external-products.service.server'
import { Container, LinkButton } from '~/ui'
import type { Route } from './+types/unable-to-add'

export const meta = () => [{ title: 'We couldn’t add that item | Nestlist' }, { name: 'robots', content: 'noindex' }]

const REASONS = Object.keys(failureMessages) as PreviewFailureReason[]

/** /unable_to_add_reg_item: why a pasted link could not be read, and the manual form that always works. */
export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('reason') ?? ''
  const reason = REASONS.includes(raw as PreviewFailureReason) ? (raw as PreviewFailureReason) : null
  return { reason, message: reason ? failureMessages[reason] : null }
}

const WHY: { title: string; text: string }[] = [
  { title: 'The shop blocks automatic visits', text: 'Some shops only show their pages to people, not to servers like ours. The Nestlist button reads the page in your own browser instead.' },
  { title: 'The page is not a product', text: 'Links to a search, a category or the shop’s home page have no single product to add. Open the product itself and copy that link.' },
  { title: 'The page is slow or very large', text: 'We wait up to 5 seconds and read up to 2 MB, so a slow or heavy page can stop us. Try again later, or add it yourself.' },
  { title: 'The link is not a public website', text: 'For everyone’s safety we only open public web addresses that start with http:// or https://.' },
]

export default function UnableToAdd({ loaderData }: Route.ComponentProps) {
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">We couldn’t add that item automatically</h1>
        <p className="mt-2 text-lg text-muted">{loaderData.message ?? 'Sometimes we cannot read a shop’s page.'} You can still add it: it only takes a minute.</p>
      </header>
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/registry/save_item?manual=1">Add it yourself</LinkButton>
        <LinkButton to="/registry/save_item" variant="secondary">
          Try another link
        </LinkButton>
      </div>
      <section aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-xl font-bold">
          Why this happens
        </h2>
        <ul className="mt-3 flex flex-col gap-3">
          {WHY.map((w) => (
            <li key={w.title} className="rounded-card border border-line bg-white p-4">
              <p className="font-semibold text-ink">{w.title}</p>
              <p className="mt-1 text-muted">{w.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-muted">
        Tip: the{' '}
        <Link to="/add-items" className="font-semibold text-berry-700 underline underline-offset-2">
          Nestlist button
        </Link>{' '}
        adds items from any shop in one click, even the ones that block us.
      </p>
    </Container>
  )
}
