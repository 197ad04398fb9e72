import { Link } from 'react-router'
import { buttonClasses } from '~/ui'

/** What a visitor sees at an address we do not have. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:py-20">
      {/* Shown from the root error boundary, where route meta does not apply: React 19 hoists this into <head>. */}
      <title>Page not found | Nestlist</title>
      <NestIllustration />
      <p className="mt-6 text-sm font-semibold tracking-wide text-berry-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">We couldn't find that page</h1>
      <p className="mt-4 text-lg text-muted">The link may be old, or the address may have a typo.</p>
      <p className="mt-8">
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          Go to the Nestlist home page
        </Link>
      </p>
    </section>
  )
}

/** An empty nest with a little heart: friendly, not alarming. Decorative. */
function NestIllustration() {
  return (
    <svg viewBox="0 0 200 120" className="h-auto w-48 sm:w-56" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="108" rx="78" ry="8" fill="#f6ede4" />
      <path d="M30 62c4 28 34 42 70 42s66-14 70-42" fill="#ffd5bd" />
      <path d="M30 62c4 28 34 42 70 42s66-14 70-42" fill="none" stroke="#9a4a1f" strokeWidth="3" strokeLinecap="round" />
      <path d="M40 72c18 8 40 11 60 11s42-3 60-11M52 88c14 5 31 7 48 7s34-2 48-7" fill="none" stroke="#9a4a1f" strokeWidth="2.5" strokeLinecap="round" opacity=".55" />
      <ellipse cx="100" cy="62" rx="70" ry="13" fill="#fff5ee" stroke="#9a4a1f" strokeWidth="3" />
      <path d="M100 44s-15-9-15-19a8.5 8.5 0 0 1 15-5.3A8.5 8.5 0 0 1 115 25c0 10-15 19-15 19Z" fill="#a3365a" />
      <circle cx="150" cy="26" r="3" fill="#cfe0d4" />
      <circle cx="48" cy="34" r="4" fill="#c6def3" />
      <circle cx="164" cy="48" r="2.5" fill="#f1c3d1" />
    </svg>
  )
}
