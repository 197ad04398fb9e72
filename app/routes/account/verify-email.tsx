import { data, Form, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { flashCookie } from '~/lib/flash.server'
import { formFailure } from '~/lib/form-errors'
import { getViewer, isSecureRequest, sessionCookie, sessionMeta } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { mergeGuestCartAtSignIn } from '~/modules/cart/cart-cookie.server'
import { Alert, Button, LinkButton } from '~/ui'
import type { Route } from './+types/verify-email'

export const meta = () => [{ title: 'Confirm your email | Nestlist' }, { name: 'robots', content: 'noindex' }]

/**
 * /verify_email?token=…: the link from a confirmation email shows a button; the POST confirms (and, for a sign-up,
 * signs in: decision 035), so a mail scanner that opens links does not use it up.
 * /verify_email alone: a signed-in account that is still unconfirmed can ask for a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const viewer = await getViewer(request, context)
  if (!token) {
    if (!viewer) throw redirect('/login?redirect_path=%2Fverify_email')
    return { state: viewer.user.emailVerified ? ('confirmed' as const) : ('waiting' as const), email: viewer.user.email, token: null, purpose: null }
  }
  const purpose = await context.services.accounts.emailLinkPurpose(token)
  if (!purpose) return data({ state: 'failed' as const, email: viewer?.user.email ?? null, token: null, purpose: null }, { status: 410 })
  return { state: 'ready' as const, email: null, token, purpose }
}

type Result = { ok: true; message: string; confirmed?: string } | { ok: false; message: string; status: number }

export async function action({ request, context }: Route.ActionArgs) {
  const f = formFields(await request.formData(), { intent: Infinity, token: Infinity })
  if (f.intent === 'confirm') {
    try {
      const done = await context.services.accounts.confirmEmail(f.token, sessionMeta(request, context))
      if (!done.session) return { ok: true, message: '', confirmed: done.email } satisfies Result
      const secure = isSecureRequest(request, context.publicUrl)
      const headers = new Headers()
      headers.append('Set-Cookie', sessionCookie(done.session.token, secure))
      // With two-factor sign-in on (an account made before decision 035 may have it), the sign-in page asks for the code.
      if (done.session.status === 'two_factor_required') return redirect('/login', { headers })
      // The guest's cart in this browser becomes the new account's cart.
      const clearCart = await mergeGuestCartAtSignIn(request.headers.get('Cookie'), done.session.token, context.services, secure, context.logger)
      if (clearCart) headers.append('Set-Cookie', clearCart)
      headers.append('Set-Cookie', flashCookie('signed_up'))
      return redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirect_path')), { headers })
    } catch (error) {
      const failure = formFailure(error)
      return data<Result>({ ok: false, message: failure.message, status: failure.status }, { status: failure.status })
    }
  }
  // Sends another link to the signed-in person's unconfirmed address.
  const viewer = await getViewer(request, context)
  if (!viewer) throw redirect('/login?redirect_path=%2Fverify_email')
  try {
    await context.services.accounts.resendConfirmation(viewer.user.id)
    return { ok: true, message: `We sent a new link to ${viewer.user.email}.` } satisfies Result
  } catch (error) {
    const failure = formFailure(error)
    return data<Result>({ ok: false, message: failure.message, status: failure.status }, { status: failure.status })
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const result = actionData as Result | undefined
  const confirmedEmail = result?.ok && result.confirmed ? result.confirmed : loaderData.state === 'confirmed' ? loaderData.email : null
  if (confirmedEmail) {
    return (
      <AuthCard title="Your email is confirmed" intro={<>Thank you! We will use <strong className="break-all">{confirmedEmail}</strong> for your registry and orders.</>}>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/store">Start shopping</LinkButton>
          <LinkButton to="/settings" variant="secondary">
            Account settings
          </LinkButton>
        </div>
      </AuthCard>
    )
  }
  if (loaderData.state === 'ready' && (!result || result.ok || result.status === 429)) {
    const signUp = loaderData.purpose === 'sign_up'
    return (
      <AuthCard
        title={signUp ? 'Finish creating your account' : 'Confirm your new email'}
        intro={signUp ? 'Confirm that this is your email address. This signs you in, in this browser.' : 'Confirm this address to start using it for your Nestlist account.'}
      >
        <Form method="post" className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={loaderData.token} />
          {result && !result.ok ? <Alert tone="error">{result.message}</Alert> : null}
          <Button type="submit" size="lg" pending={busy} pendingLabel="Confirming…">
            {signUp ? 'Confirm and sign in' : 'Confirm my email'}
          </Button>
        </Form>
      </AuthCard>
    )
  }
  if (loaderData.state === 'ready' || loaderData.state === 'failed') {
    const message = result && !result.ok ? result.message : 'This confirmation link has expired or was already used.'
    return (
      <AuthCard title="We could not confirm that link" intro={message}>
        <p className="text-sm text-ink">
          Finishing a new account? Sign in with the email and password you chose and we will send you a fresh link. Changing your email? Ask again from
          your account settings.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <LinkButton to="/login">Sign in</LinkButton>
          <LinkButton to="/settings" variant="secondary">
            Account settings
          </LinkButton>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Confirm your email"
      intro={
        <>
          We sent a link to <strong className="break-all">{loaderData.email}</strong>. Click it to confirm your address.
        </>
      }
    >
      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert> : null}
      <Form method="post" className="mt-5">
        <Button type="submit" pending={busy} pendingLabel="Sending…">
          Send a new link
        </Button>
      </Form>
    </AuthCard>
  )
}
