import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { getViewer, sessionMeta } from '~/modules/accounts/auth.server'
import { PASSWORD_MIN } from '~/modules/accounts/accounts.validation'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { useRef } from 'react'
import { CheckYourEmail } from '~/modules/accounts/ui/check-your-email'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, PasswordField, TextField } from '~/ui'
import type { Route } from './+types/signup'

export const meta = () => [{ title: 'Create your account | Nestlist' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectPath = safeRedirectPath(new URL(request.url).searchParams.get('redirect_path'))
  if (await getViewer(request, context)) throw redirect(redirectPath)
  return { redirectPath }
}

type Typed = { firstName: string; lastName: string; email: string }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { password, ...typed }: Typed & { password: string } = formFields(form, { firstName: Infinity, lastName: Infinity, email: Infinity, password: Infinity })
  try {
    // Nobody is signed in yet: the emailed link finishes the account and comes back to redirect_path (decision 035).
    const continuePath = safeRedirectPath(new URL(request.url).searchParams.get('redirect_path'))
    const { email } = await context.services.accounts.signUp({ ...typed, password }, sessionMeta(request, context), {
      continuePath,
    })
    return data({ sent: true as const, email })
  } catch (error) {
    const failure = formFailure(error)
    return data<FormFailure & { typed: Typed; sent?: undefined }>({ ...failure, typed }, { status: failure.status })
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const failure = actionData && !actionData.sent ? actionData : undefined
  const formRef = useRef<HTMLFormElement>(null)
  // Field errors are not announced on their own: focus goes to the first one (its error is its description).
  useFocusFirstInvalid(formRef, failure)
  const back = loaderData.redirectPath !== '/' ? `?redirect_path=${encodeURIComponent(loaderData.redirectPath)}` : ''
  if (actionData?.sent) {
    return (
      <AuthCard title="Almost there">
        <CheckYourEmail email={actionData.email} startAgainHref={`/signup${back}`} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Create your account"
      intro="Build a registry, save your address and track your orders. It takes a minute: we email you a link to finish."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={`/login${back}`} className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
            Sign in
          </Link>
        </p>
      }
    >
      <Form ref={formRef} method="post" action={`/signup${back}`} className="flex flex-col gap-5" noValidate>
        {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" required maxLength={80} defaultValue={failure?.typed.firstName} error={fieldError(failure, 'firstName')} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" required maxLength={80} defaultValue={failure?.typed.lastName} error={fieldError(failure, 'lastName')} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={failure?.typed.email} error={fieldError(failure, 'email')} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters. A short phrase is easy to remember and hard to guess.`}
          error={fieldError(failure, 'password')}
        />
        <Button type="submit" pending={busy} pendingLabel="Sending your link…" size="lg">
          Create account
        </Button>
      </Form>
    </AuthCard>
  )
}
