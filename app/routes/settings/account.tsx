import { useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { formFields } from '~/lib/form-data'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { PASSWORD_MIN } from '~/modules/accounts/accounts.validation'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, PasswordField, TextField } from '~/ui'
import type { Route } from './+types/account'

export const meta = () => [{ title: 'Account settings | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/account: name and email, password change, and the other signed-in devices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [sessions, pendingEmail] = await Promise.all([
    context.services.accounts.sessionCount(user.id),
    context.services.accounts.pendingEmailChange(user.id),
  ])
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, emailVerified: user.emailVerified },
    sessions,
    pendingEmail,
  }
}

type Intent = 'profile' | 'password' | 'sign-out-others' | 'resend-confirmation'
type ProfileValues = { firstName: string; lastName: string; email: string }
type ActionResult =
  | { ok: true; intent: 'profile'; emailChangePending: string | null; at: number }
  | { ok: true; intent: Exclude<Intent, 'profile'>; at: number }
  | (FormFailure & { intent: Intent; values?: ProfileValues; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireUser(request, context)
  const form = await request.formData()
  // Passwords are read as sent: the accounts service's schemas check them.
  const f = formFields(form, { intent: Infinity, firstName: 200, lastName: 200, email: 300, currentPassword: Infinity, newPassword: Infinity })
  const intent = f.intent as Intent
  const at = Date.now()
  const accounts = context.services.accounts
  const values: ProfileValues = { firstName: f.firstName, lastName: f.lastName, email: f.email }
  try {
    switch (intent) {
      case 'profile': {
        const { emailChangePending } = await accounts.updateProfile(user.id, { ...values, currentPassword: f.currentPassword || undefined })
        return data<ActionResult>({ ok: true, intent, emailChangePending, at })
      }
      case 'password':
        await accounts.changePassword(user.id, sessionId, {
          currentPassword: f.currentPassword,
          newPassword: f.newPassword,
        })
        return data<ActionResult>({ ok: true, intent, at })
      case 'sign-out-others':
        await accounts.signOutOtherSessions(user.id, sessionId)
        return data<ActionResult>({ ok: true, intent, at })
      case 'resend-confirmation':
        await accounts.resendConfirmation(user.id)
        return data<ActionResult>({ ok: true, intent, at })
      default:
        return data<ActionResult>(
          { ok: false, intent, message: 'That action is not available here.', fields: {}, status: 400, at },
          { status: 400 },
        )
    }
  } catch (error) {
    const failure = formFailure(error)
    // Passwords are never sent back; names and email are, so nothing typed is lost.
    return data<ActionResult>({ ...failure, intent, values: intent === 'profile' ? values : undefined, at }, { status: failure.status })
  }
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, pendingEmail } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const pending = (intent: Intent) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const failureFor = (intent: Intent) => (result && !result.ok && result.intent === intent ? result : undefined)
  const successFor = (intent: Intent) => (result && result.ok && result.intent === intent ? result : undefined)

  const profileFailure = failureFor('profile')
  const profileSaved = successFor('profile')
  const passwordFailure = failureFor('password')
  const passwordChanged = successFor('password')
  const profileForm = useRef<HTMLFormElement>(null)
  const passwordForm = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(profileForm, profileFailure)
  useFocusFirstInvalid(passwordForm, passwordFailure)
  const shown = profileFailure?.values ?? user
  const othersSignedOut = successFor('sign-out-others')
  const othersFailure = failureFor('sign-out-others')
  const resent = successFor('resend-confirmation')
  const resendFailure = failureFor('resend-confirmation')

  return (
    <>
      <SettingsPageHeader title="Account" intro="Your name, the email we write to, and your password." />
      <div className="flex flex-col gap-6">
        <SettingsSection id="details" title="Your details">
          {/* A successful save remounts the form so it shows what was stored (e.g. a lower-cased email). */}
          <Form ref={profileForm} key={profileSaved?.at ?? 'details'} method="post" className="flex flex-col gap-5" noValidate>
            {profileSaved ? (
              <Alert tone="success">
                {'emailChangePending' in profileSaved && profileSaved.emailChangePending
                  ? `Your details are saved. We sent a link to ${profileSaved.emailChangePending}: your email changes once you open it.`
                  : 'Your details are saved.'}
              </Alert>
            ) : null}
            {profileFailure && Object.keys(profileFailure.fields).length === 0 ? (
              <Alert tone="error">{profileFailure.message}</Alert>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="First name"
                name="firstName"
                autoComplete="given-name"
                required
                maxLength={80}
                defaultValue={shown.firstName}
                error={fieldError(profileFailure, 'firstName')}
              />
              <TextField
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                required
                maxLength={80}
                defaultValue={shown.lastName}
                error={fieldError(profileFailure, 'lastName')}
              />
            </div>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={shown.email}
              hint={
                pendingEmail
                  ? `Waiting for you to confirm ${pendingEmail}: open the link we sent there. Until then we write to ${user.email}.`
                  : 'A new address is used once you confirm it from the email we send there.'
              }
              error={fieldError(profileFailure, 'email')}
            />
            <PasswordField
              label="Confirm with your password"
              name="currentPassword"
              autoComplete="current-password"
              hint="Only needed to change your email."
              error={fieldError(profileFailure, 'currentPassword')}
            />
            <div>
              <Button type="submit" name="intent" value="profile" pending={pending('profile')} pendingLabel="Saving…">
                Save details
              </Button>
            </div>
          </Form>
          {!user.emailVerified ? (
            <Form method="post" className="mt-6 flex flex-col gap-3 border-t border-line pt-5">
              {resent ? <Alert tone="success">We sent a new confirmation link to {user.email}.</Alert> : null}
              {resendFailure ? <Alert tone="error">{resendFailure.message}</Alert> : null}
              <p className="text-sm text-muted">
                Your email address is not confirmed yet. Open the link we sent to {user.email}, or ask for a new one.
              </p>
              <div>
                <Button
                  type="submit"
                  name="intent"
                  value="resend-confirmation"
                  variant="secondary"
                  size="sm"
                  pending={pending('resend-confirmation')}
                  pendingLabel="Sending…"
                >
                  Send a new confirmation link
                </Button>
              </div>
            </Form>
          ) : null}
        </SettingsSection>

        <SettingsSection
          id="password"
          title="Change password"
          description="For your safety, changing your password signs you out on every other device."
        >
          {/* Remounted after every attempt so no password stays in the fields. */}
          <Form
            ref={passwordForm}
            key={(passwordChanged ?? passwordFailure)?.at ?? 'password'}
            method="post"
            className="flex flex-col gap-5"
            noValidate
          >
            {passwordChanged ? <Alert tone="success">Your password is changed. Any other devices were signed out.</Alert> : null}
            {passwordFailure && Object.keys(passwordFailure.fields).length === 0 ? (
              <Alert tone="error">{passwordFailure.message}</Alert>
            ) : null}
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordField
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              required
              error={fieldError(passwordFailure, 'currentPassword')}
            />
            <PasswordField
              label="New password"
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              hint={`At least ${PASSWORD_MIN} characters. A short sentence is easy to remember and hard to guess.`}
              error={fieldError(passwordFailure, 'newPassword')}
            />
            <div>
              <Button type="submit" name="intent" value="password" pending={pending('password')} pendingLabel="Changing…">
                Change password
              </Button>
            </div>
          </Form>
        </SettingsSection>

        <SettingsSection id="devices" title="Signed-in devices">
          <Form method="post" className="flex flex-col gap-4">
            {othersSignedOut ? <Alert tone="success">You are signed out on every other device.</Alert> : null}
            {othersFailure ? <Alert tone="error">{othersFailure.message}</Alert> : null}
            <p className="text-base text-ink">
              {sessions > 1
                ? `You are signed in on ${sessions} devices or browsers, including this one.`
                : 'This is the only device or browser signed in to your account.'}
            </p>
            {sessions > 1 ? (
              <div>
                <Button
                  type="submit"
                  name="intent"
                  value="sign-out-others"
                  variant="secondary"
                  pending={pending('sign-out-others')}
                  pendingLabel="Signing out…"
                >
                  Sign out other devices
                </Button>
              </div>
            ) : null}
          </Form>
        </SettingsSection>
      </div>
    </>
  )
}
