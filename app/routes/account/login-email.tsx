import { useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { flashCookie } from '~/lib/flash.server'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { isSecureRequest, sessionCookie, sessionMeta } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { mergeGuestCartAtSignIn } from '~/modules/cart/cart-cookie.server'
import { Alert, Button, LinkButton, TextField } from '~/ui'
import type { Route } from './+types/login-email'

export const meta = () => [{ title: 'Sign in by email | Nestlist' }, { name: 'robots', content: 'noindex' }]

/**
 * /login/email: asks for a sign-in link by email, the way in a password guesser cannot block (docs/decisions/033).
 * /login/email?token=…: the emailed link shows a button; the POST signs in, so a mail scanner that opens links
 * does not use it up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (token === null) return { token: null, usable: false }
  return { token, usable: await context.services.accounts.signInLinkUsable(token) }
}

type Result = { ok: true; sent: string } | (FormFailure & { email?: string })

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const f = formFields(form, { intent: Infinity, token: Infinity, email: Infinity })
  if (f.intent === 'sign-in') {
    try {
      const result = await context.services.accounts.signInWithLink(f.token, sessionMeta(request, context))
      const secure = isSecureRequest(request, context.publicUrl)
      const headers = new Headers()
      headers.append('Set-Cookie', sessionCookie(result.token, secure))
      // With two-factor sign-in on, the sign-in page asks for the code next.
      if (result.status === 'two_factor_required') return redirect('/login', { headers })
      const clearCart = await mergeGuestCartAtSignIn(request.headers.get('Cookie'), result.token, context.services, secure, context.logger)
      if (clearCart) headers.append('Set-Cookie', clearCart)
      headers.append('Set-Cookie', flashCookie('signed_in'))
      return redirect('/', { headers })
    } catch (error) {
      const failure = formFailure(error)
      return data<Result>(failure, { status: failure.status })
    }
  }
  const { email } = f
  try {
    await context.services.accounts.requestSignInLink({ email })
    return { ok: true, sent: email.trim() } satisfies Result
  } catch (error) {
    const failure = formFailure(error)
    return data<Result>({ ...failure, email }, { status: failure.status })
  }
}

export default function LoginEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const result = actionData as Result | undefined
  const failure = result && !result.ok ? result : undefined
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)

  if (loaderData.token !== null) {
    if (!loaderData.usable || (failure && failure.status !== 429)) {
      return (
        <AuthCard title="This link has expired" intro="Sign-in links work once and for 15 minutes. Ask for a new one and we will email it right away.">
          <LinkButton to="/login/email">Send a new link</LinkButton>
        </AuthCard>
      )
    }
    return (
      <AuthCard title="Sign in to Nestlist" intro="This link signs you in once, in this browser.">
        <Form method="post" className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="token" value={loaderData.token} />
          {failure ? <Alert tone="error">{failure.message}</Alert> : null}
          <Button type="submit" size="lg" pending={busy} pendingLabel="Signing in…">
            Sign in
          </Button>
        </Form>
      </AuthCard>
    )
  }

  if (result?.ok) {
    return (
      <AuthCard title="Check your email" intro={null}>
        <Alert tone="success">
          If an account exists for <strong className="break-all">{result.sent}</strong>, we have sent it a sign-in link. The link works once and
          expires in 15 minutes.
        </Alert>
        <p className="mt-5 text-sm text-muted">No email after a few minutes? Check your spam folder, or try again.</p>
        <div className="mt-5">
          <Link to="/login" className="font-semibold text-berry-700 underline underline-offset-2">
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Sign in by email"
      intro="Enter the email you use for Nestlist and we will send you a link that signs you in, no password needed."
      footer={
        <Link to="/login" className="font-semibold text-berry-700 underline underline-offset-2">
          Back to sign in with a password
        </Link>
      }
    >
      <Form ref={formRef} method="post" className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="request" />
        {failure && !failure.fields.email ? <Alert tone="error">{failure.message}</Alert> : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={failure?.email} error={fieldError(failure, 'email')} />
        <Button type="submit" size="lg" pending={busy} pendingLabel="Sending…">
          Email me a sign-in link
        </Button>
      </Form>
    </AuthCard>
  )
}
