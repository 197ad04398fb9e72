import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { flashCookie } from '~/lib/flash.server'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { isSecureRequest, sessionCookie, sessionMeta } from '~/modules/accounts/auth.server'
import { PASSWORD_MIN } from '~/modules/accounts/accounts.validation'
import { Alert, Button, LinkButton, PasswordField } from '~/ui'
import type { Route } from './+types/password-resets'

export const meta = () => [{ title: 'Choose a new password | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /password_resets?token=…: the link from the reset email. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token, usable: await context.services.accounts.resetTokenUsable(token) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    const { token } = await context.services.accounts.resetPassword(
      formFields(form, { token: Infinity, password: Infinity, passwordConfirmation: Infinity }),
      sessionMeta(request, context),
    )
    const headers = new Headers()
    headers.append('Set-Cookie', sessionCookie(token, isSecureRequest(request, context.publicUrl)))
    headers.append('Set-Cookie', flashCookie('password_reset'))
    return redirect('/', { headers })
  } catch (error) {
    const failure = formFailure(error)
    return data<FormFailure>(failure, { status: failure.status })
  }
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const failure = actionData
  if (!loaderData.usable || failure?.fields.token) {
    return (
      <AuthCard title="This link has expired" intro="Reset links work once and for an hour. Ask for a new one and we will email it right away.">
        <LinkButton to="/forgot_password">Send a new link</LinkButton>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Choose a new password" intro="After this, you will be signed in here and signed out everywhere else.">
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={fieldError(failure, 'password')}
        />
        <PasswordField label="Type it again" name="passwordConfirmation" autoComplete="new-password" required error={fieldError(failure, 'passwordConfirmation')} />
        <Button type="submit" size="lg" pending={navigation.state !== 'idle'} pendingLabel="Saving…">
          Save new password
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-semibold text-berry-700 underline underline-offset-2">
            Back to sign in
          </Link>
        </p>
      </Form>
    </AuthCard>
  )
}
