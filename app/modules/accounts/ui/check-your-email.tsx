import { useEffect, useRef } from 'react'
import { Link } from 'react-router'

/**
 * What a person sees after signing up (decision 035): the account is finished from the emailed link. Takes focus
 * when it appears, so a screen reader reads it and the keyboard starts here.
 */
export function CheckYourEmail({ email, startAgainHref }: { email: string; startAgainHref: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col gap-4 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-berry-600 focus-visible:ring-offset-2"
    >
      <h2 className="text-xl font-bold text-ink">Check your email</h2>
      <p className="text-base text-ink">
        We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your address: it signs you in and brings you back here to carry on.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        <li>The link works once, for 24 hours.</li>
        <li>Nothing after a few minutes? Look in your spam or promotions folder.</li>
        <li>If this address already has a Nestlist account, the email tells you how to sign in to it instead.</li>
      </ul>
      <p className="text-sm text-ink">
        Wrong address?{' '}
        <Link to={startAgainHref} className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
          Start again with another email
        </Link>
      </p>
    </div>
  )
}
