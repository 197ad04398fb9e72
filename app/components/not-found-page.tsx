import { Link } from 'react-router'

/** What a visitor sees at an address we do not have. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-berry-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold">We couldn't find that page</h1>
      <p className="mt-4 text-muted">The link may be old, or the address may have a typo.</p>
      <p className="mt-8">
        <Link to="/" className="rounded-full bg-berry-700 px-6 py-3 font-semibold text-white hover:bg-berry-800">
          Go to the Nestlist home page
        </Link>
      </p>
    </section>
  )
}
