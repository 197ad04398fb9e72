import { data, Form, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { isDomainError } from '~/lib/errors'
import { flashCookie } from '~/lib/flash.server'
import { formFailure } from '~/lib/form-errors'
import { getViewer, requireUser } from '~/modules/accounts/auth.server'
import type { CollaboratorInvitePreview } from '~/modules/registry/collaborators.service.server'
import { Alert, Button, LinkButton } from '~/ui'
import type { Route } from './+types/join'

export const meta = () => [{ title: 'Join a registry | Nestlist' }, { name: 'robots', content: 'noindex' }]

// The token is a key: no shared cache may keep the page, and no link on it may carry the address onward.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })

type LoaderResult =
  | { state: 'unknown'; message: string }
  | { state: 'invite'; invite: CollaboratorInvitePreview; signedIn: { firstName: string; email: string } | null; back: string }

/** /registry/join/{token}: the emailed collaborator invitation. Sign in or sign up (coming back here), then accept. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context)
  try {
    // Told who is signed in, the preview says whether that account may accept (only the invited, confirmed address).
    const invite = await context.services.collaborators.preview(params.token, viewer ? { email: viewer.user.email, emailVerified: viewer.user.emailVerified } : undefined)
    return data<LoaderResult>({
      state: 'invite',
      invite,
      signedIn: viewer ? { firstName: viewer.user.firstName, email: viewer.user.email } : null,
      back: encodeURIComponent(new URL(request.url).pathname),
    })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') return data<LoaderResult>({ state: 'unknown', message: error.message }, { status: 404 })
    throw error
  }
}

/** Accept: the signed-in user becomes a collaborator and lands on the registry. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  try {
    const { registryId } = await context.services.collaborators.accept(params.token, user.id)
    return redirect(`/registry/home?registry=${registryId}`, { headers: { 'Set-Cookie': flashCookie('collaborator_joined') } })
  } catch (error) {
    const failure = formFailure(error)
    return data({ message: failure.message }, { status: failure.status })
  }
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const result = loaderData as LoaderResult
  if (result.state === 'unknown') {
    return (
      <div className="py-8 sm:py-12">
        <AuthCard title="This invitation link does not work">
          <p className="text-base text-ink">{result.message}</p>
          <LinkButton to="/" variant="secondary" className="mt-6">
            Go to Nestlist
          </LinkButton>
        </AuthCard>
      </div>
    )
  }
  const { invite, signedIn, back } = result
  const closed =
    invite.status === 'used'
      ? 'This invitation has already been used. Ask the registry’s owner for a new one if you need it.'
      : invite.status === 'expired'
        ? 'This invitation has expired. Ask the registry’s owner to send a new one.'
        : invite.status === 'cancelled'
          ? 'The registry’s owner cancelled this invitation. Ask them for a new one if you need it.'
          : null
  return (
    <div className="py-8 sm:py-12">
      <AuthCard
        title={`Help manage ${invite.registry.title}`}
        intro={
          <p>
            {invite.inviterFirstName} invited you to help with {invite.registry.familyName}’s registry: add and edit gifts, organize categories, change settings and
            keep track of what guests give.
          </p>
        }
      >
        {actionData ? (
          <Alert tone="error" className="mb-4">
            {(actionData as { message: string }).message}
          </Alert>
        ) : null}
        {closed ? (
          <Alert tone="info">{closed}</Alert>
        ) : signedIn && invite.blocked ? (
          <div className="flex flex-col gap-4">
            <p className="text-base text-ink">
              You are signed in as <strong className="break-all">{signedIn.email}</strong>.
            </p>
            {actionData ? null : <Alert tone="info">{invite.blocked.message}</Alert>}
            <div className="flex flex-wrap gap-3">
              {invite.blocked.reason === 'unconfirmed' ? (
                <LinkButton to="/verify_email" variant="secondary">
                  Confirm my email
                </LinkButton>
              ) : null}
              <a href="/logout" className="self-center font-semibold text-berry-700 underline underline-offset-2">
                Sign out
              </a>
            </div>
          </div>
        ) : signedIn ? (
          <Form method="post" className="flex flex-col gap-4">
            <p className="text-base text-ink">
              You are signed in as <strong className="break-all">{signedIn.email}</strong>.
            </p>
            <Button type="submit" size="lg" pending={navigation.state !== 'idle'} pendingLabel="Joining…">
              Accept and start helping
            </Button>
            <p className="text-sm text-muted">
              Not you?{' '}
              <a href="/logout" className="font-semibold text-berry-700 underline underline-offset-2">
                Sign out
              </a>
              , then open the link in the email again.
            </p>
          </Form>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-base text-ink">Sign in or create a free account to accept. You will come straight back here.</p>
            <LinkButton to={`/signup?redirect_path=${back}`} size="lg">
              Create an account
            </LinkButton>
            <LinkButton to={`/login?redirect_path=${back}`} variant="secondary" size="lg">
              Sign in
            </LinkButton>
          </div>
        )}
      </AuthCard>
    </div>
  )
}
