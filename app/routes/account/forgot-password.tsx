import { data, Form, Link, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { formFields } from '~/lib/form-data'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { useRef } from 'react'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, TextField } from '~/ui'
import type { Route } from './+types/forgot-password'

export const meta = () => [{ title: 'Reset your password | Nestlist' }, { name: 'robots', content: 'noindex' }]

type Result = { ok: true; email: string } | (FormFailure & { email: string })

/** Always the same answer, whether or not the email has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { email } = formFields(form, { email: Infinity })
  try {
    await context.services.accounts.requestPasswordReset({ email })
    return { ok: true, email: email.trim() } satisfies Result
  } catch (error) {
    const failure = formFailure(error)
    return data<Result>({ ...failure, email }, { status: failure.status })
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const result = actionData as Result | undefined
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, result && !result.ok ? result : undefined)
  if (result?.ok) {
    return (
      <AuthCard title="Check your email" intro={null}>
        <Alert tone="success">
          If an account exists for <strong className="break-all">{result.email}</strong>, we have sent it a link to choose a new password. The link works
          once and expires in an hour.
        </Alert>
        <p className="mt-5 text-sm text-muted">No email after a few minutes? Check your spam folder, or try again.</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/login" className="font-semibold text-berry-700 underline underline-offset-2">
            Back to sign in
          </Link>
          <Link to="/forgot_password" reloadDocument className="font-semibold text-berry-700 underline underline-offset-2">
            Send another link
          </Link>
        </div>
      </AuthCard>
    )
  }
  const failure = result && !result.ok ? result : undefined
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email you use for Nestlist and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-berry-700 underline underline-offset-2">
          Back to sign in
        </Link>
      }
    >
      <Form ref={formRef} method="post" className="flex flex-col gap-5" noValidate>
        {failure && !failure.fields.email ? <Alert tone="error">{failure.message}</Alert> : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={failure?.email} error={fieldError(failure, 'email')} />
        <Button type="submit" size="lg" pending={navigation.state !== 'idle'} pendingLabel="Sending…">
          Send reset link
        </Button>
      </Form>
    </AuthCard>
  )
}
