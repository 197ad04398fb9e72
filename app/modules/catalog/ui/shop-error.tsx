import { isRouteErrorResponse } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { FallbackScreen, NotFoundPage } from '~/components/error-screens'
import { LinkButton } from '~/ui'

/** The tab title of a shop page that answered with an error: a 400 (a filter that makes no sense) is no missing page. */
export function shopErrorTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 400 ? 'Check your search or filters | Nestlist' : 'Page not found | Nestlist'
}

type ShopErrorBody = { message?: string; retryHref?: string; retryLabel?: string } | null | undefined

/**
 * The error boundary body of shop pages: a plain 404 page when we know nothing more, our message when
 * we do (a page past the end, a search term that is too long), the fallback screen for anything else.
 */
export function ShopError({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 400)) return <FallbackScreen />
  const body = error.data as ShopErrorBody
  if (!body?.message) return error.status === 404 ? <NotFoundPage /> : <FallbackScreen />
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-berry-700 uppercase">{error.status === 404 ? 'Not found' : 'Let’s try that again'}</p>
      <h1 className="mt-2 text-3xl font-bold">{error.status === 404 ? 'We couldn’t find that page' : 'We can’t run that search'}</h1>
      <p className="mt-4 text-muted">{body.message}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {body.retryHref ? <LinkButton to={body.retryHref}>{body.retryLabel ?? 'Try again'}</LinkButton> : null}
        <SiteLink to="/" className="inline-flex min-h-11 items-center px-4 font-semibold text-berry-700 underline underline-offset-4">
          Go to the home page
        </SiteLink>
      </p>
    </section>
  )
}
