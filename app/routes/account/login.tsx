import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { flashCookie } from '~/lib/flash.server'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { getViewer, isSecureRequest, readSessionToken, sessionCookie, sessionMeta } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { mergeGuestCartAtSignIn } from '~/modules/cart/cart-cookie.server'
import { Alert, Button, PasswordField, TextField } from '~/ui'
import type { Route } from './+types/login'

export const meta = () => [{ title: 'Sign in | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** ?popup=true shows just the form, for a small window or modal. */
export const handle = { bare: (location: { pathname: string; search: string }) => new URLSearchParams(location.search).get('popup') === 'true' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectPath = safeRedirectPath(url.searchParams.get('redirect_path'))
  const viewer = await getViewer(request, context)
  // Already signed in (a link followed from a page shown before the visitor's facts came, or without JavaScript): back,
  // with a message, which also makes that page their own (app/lib/shared-pages.ts).
  if (viewer) throw redirect(redirectPath, { headers: { 'Set-Cookie': flashCookie('already_signed_in') } })
  // A password step already passed in this browser: ask for the authenticator code.
  const token = readSessionToken(request.headers.get('Cookie'))
  const pending = token ? await context.services.accounts.validateSession(token, { allowPending: true }) : null
  return {
    redirectPath,
    popup: url.searchParams.get('popup') === 'true',
    step: pending?.twoFactorPending ? ('two-factor' as const) : ('password' as const),
  }
}

type ActionResult = (FormFailure & { step: 'password' | 'two-factor'; email?: string }) | { ok: true; step: 'two-factor' }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const f = formFields(form, { intent: Infinity, code: Infinity, email: Infinity, password: Infinity })
  const redirectPath = safeRedirectPath(new URL(request.url).searchParams.get('redirect_path'))
  const secure = isSecureRequest(request, context.publicUrl)
  const meta = sessionMeta(request, context)
  const signedIn = async (token: string) => {
    const headers = new Headers()
    headers.append('Set-Cookie', sessionCookie(token, secure))
    // The guest's cart joins the account's cart.
    const clearCart = await mergeGuestCartAtSignIn(request.headers.get('Cookie'), token, context.services, secure, context.logger)
    if (clearCart) headers.append('Set-Cookie', clearCart)
    headers.append('Set-Cookie', flashCookie('signed_in'))
    return redirect(redirectPath, { headers })
  }

  if (f.intent === 'two-factor') {
    const token = readSessionToken(request.headers.get('Cookie'))
    try {
      const done = await context.services.twoFactor.completeSignIn(token ?? '', f.code, meta)
      return await signedIn(done.token)
    } catch (error) {
      const failure = formFailure(error)
      const expired = failure.status === 401
      return data<ActionResult>({ ...failure, step: expired ? 'password' : 'two-factor' }, { status: failure.status })
    }
  }

  const { email } = f
  try {
    const result = await context.services.accounts.signIn({ email, password: f.password }, meta)
    if (result.status === 'signed_in') return await signedIn(result.token)
    return data<ActionResult>({ ok: true, step: 'two-factor' }, { headers: { 'Set-Cookie': sessionCookie(result.token, secure) } })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, step: 'password', email }, { status: failure.status })
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const result = actionData as ActionResult | undefined
  const step = result?.step ?? loaderData.step
  const failure = result && !result.ok ? result : undefined
  const passwordRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // After a failed attempt the password is cleared and focused for another try (the server never echoes it).
    if (failure?.step === 'password' && passwordRef.current) {
      passwordRef.current.value = ''
      passwordRef.current.focus()
    }
  }, [failure])
  const back = loaderData.redirectPath !== '/' ? `?redirect_path=${encodeURIComponent(loaderData.redirectPath)}` : ''
  const formAction = `/login?${new URLSearchParams({
    ...(loaderData.redirectPath !== '/' ? { redirect_path: loaderData.redirectPath } : {}),
    ...(loaderData.popup ? { popup: 'true' } : {}),
  }).toString()}`

  if (step === 'two-factor') {
    return (
      <AuthCard title="Enter your code" intro="Open your authenticator app and enter the 6-digit code for Nestlist. Lost your phone? Use one of your recovery codes.">
        <Form method="post" action={formAction} className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="two-factor" />
          {failure && !failure.fields.code ? <Alert tone="error">{failure.message}</Alert> : null}
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            maxLength={32}
            error={fieldError(failure, 'code')}
          />
          <Button type="submit" pending={busy} pendingLabel="Checking…" size="lg">
            Continue
          </Button>
        </Form>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Welcome back"
      intro="Sign in to see your registry, orders and settings."
      footer={
        loaderData.popup ? null : (
          <p>
            New to Nestlist?{' '}
            <Link to={`/signup${back}`} className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
              Create an account
            </Link>
          </p>
        )
      }
    >
      <Form method="post" action={formAction} className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.email}
          error={fieldError(failure, 'email')}
        />
        <PasswordField ref={passwordRef} label="Password" name="password" autoComplete="current-password" required error={fieldError(failure, 'password')} />
        <div className="-mt-2 flex flex-wrap justify-between gap-2 text-sm">
          {/* The way in that a password guesser cannot block (docs/decisions/033). */}
          <Link to="/login/email" className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
            Email me a sign-in link
          </Link>
          <Link to="/forgot_password" className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" pending={busy} pendingLabel="Signing in…" size="lg">
          Sign in
        </Button>
        {loaderData.popup ? (
          <p className="text-center text-sm">
            New to Nestlist?{' '}
            <Link to={`/signup${back}`} target="_blank" className="font-semibold text-berry-700 underline underline-offset-2">
              Create an account
            </Link>
          </p>
        ) : null}
      </Form>
    </AuthCard>
  )
}
