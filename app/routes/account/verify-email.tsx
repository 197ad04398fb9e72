import { data, Form, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { getViewer } from '~/modules/accounts/auth.server'
import { Alert, Button, LinkButton } from '~/ui'
import type { Route } from './+types/verify-email'

export const meta = () => [{ title: 'Confirm your email | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /verify_email?token=…: the link from the confirmation email. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const viewer = await getViewer(request, context)
  if (!token) {
    if (!viewer) throw redirect('/login?redirect_path=%2Fverify_email')
    return { state: viewer.user.emailVerified ? ('confirmed' as const) : ('waiting' as const), email: viewer.user.email, message: null }
  }
  try {
    const done = await context.services.accounts.verifyEmail(token)
    return { state: 'confirmed' as const, email: done.email, message: null }
  } catch (error) {
    if (!isDomainError(error)) throw error
    return data({ state: 'failed' as const, email: viewer?.user.email ?? null, message: error.message }, { status: error.code === 'conflict' ? 409 : 410 })
  }
}

/** Sends another link to the signed-in person's unconfirmed address. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(request, context)
  if (!viewer) throw redirect('/login?redirect_path=%2Fverify_email')
  try {
    await context.services.accounts.resendConfirmation(viewer.user.id)
    return { ok: true as const, message: `We sent a new link to ${viewer.user.email}.` }
  } catch (error) {
    const failure = formFailure(error)
    return data({ ok: false as const, message: failure.message }, { status: failure.status })
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (loaderData.state === 'confirmed') {
    return (
      <AuthCard title="Your email is confirmed" intro={<>Thank you! We will use <strong className="break-all">{loaderData.email}</strong> for your registry and orders.</>}>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/store">Start shopping</LinkButton>
          <LinkButton to="/settings" variant="secondary">
            Account settings
          </LinkButton>
        </div>
      </AuthCard>
    )
  }
  const resend = loaderData.email ? (
    <Form method="post" className="mt-5">
      <Button type="submit" pending={navigation.state !== 'idle'} pendingLabel="Sending…">
        Send a new link
      </Button>
    </Form>
  ) : (
    <LinkButton to="/login?redirect_path=%2Fverify_email" className="mt-5">
      Sign in to get a new link
    </LinkButton>
  )
  return (
    <AuthCard
      title={loaderData.state === 'failed' ? 'We could not confirm that link' : 'Confirm your email'}
      intro={
        loaderData.state === 'failed' ? (
          loaderData.message
        ) : (
          <>
            We sent a link to <strong className="break-all">{loaderData.email}</strong>. Click it to confirm your address.
          </>
        )
      }
    >
      {actionData ? <Alert tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</Alert> : null}
      {resend}
    </AuthCard>
  )
}
