import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { formFields } from '~/lib/form-data'
import { fieldError, type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { groupSecret, RECOVERY_CODE_COUNT } from '~/modules/accounts/two-factor.validation'
import { Alert, Badge, Button, Card, Icon, PasswordField, TextField, buttonClasses } from '~/ui'
import type { Route } from './+types/two-factor'

const PATH = '/settings/two-factor'

export const meta = () => [{ title: 'Two-factor sign-in | Nestlist' }, { name: 'robots', content: 'noindex' }]

// The setup secret and recovery codes are on this page: no cache may keep a copy.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/** /settings/two-factor: turn sign-in codes from an authenticator app on or off, and manage recovery codes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const status = await context.services.twoFactor.status(user.id)
  const setup = status.setupPending ? await context.services.twoFactor.pendingSetup(user.id) : null
  return {
    status,
    email: user.email,
    setup: setup && {
      secret: setup.secret,
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(setup.qrSvg).toString('base64')}`,
    },
  }
}

type Intent = 'begin' | 'cancel' | 'confirm' | 'disable' | 'regenerate'
type ActionResult =
  | { ok: true; intent: 'confirm' | 'regenerate'; recoveryCodes: string[] }
  | { ok: true; intent: 'disable' }
  | (FormFailure & { intent: Intent; code?: string })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  // Passwords and the code are read as sent (the service checks them); the code sent back keeps 64 characters.
  const f = formFields(form, { intent: Infinity, code: Infinity, password: Infinity })
  const intent = f.intent as Intent
  const twoFactor = context.services.twoFactor
  try {
    switch (intent) {
      case 'begin':
        await twoFactor.beginSetup(user.id)
        return redirect(PATH)
      case 'cancel':
        await twoFactor.cancelSetup(user.id)
        return redirect(PATH)
      case 'confirm': {
        const { recoveryCodes } = await twoFactor.confirmSetup(user.id, f.code)
        return data<ActionResult>({ ok: true, intent, recoveryCodes })
      }
      case 'regenerate': {
        const { recoveryCodes } = await twoFactor.regenerateRecoveryCodes(user.id, f.password)
        return data<ActionResult>({ ok: true, intent, recoveryCodes })
      }
      case 'disable':
        await twoFactor.disable(user.id, f.password)
        return data<ActionResult>({ ok: true, intent })
      default:
        return data<ActionResult>({ ok: false, intent, message: 'That action is not known. Reload the page and try again.', fields: {}, status: 400 }, { status: 400 })
    }
  } catch (error) {
    const failure = formFailure(error)
    // The code is kept so the field shows what was typed; passwords are never sent back.
    return data<ActionResult>({ ...failure, intent, code: intent === 'confirm' ? f.code.slice(0, 64) : undefined }, { status: failure.status })
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { status, setup, email } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' ? (navigation.formData?.get('intent') as Intent | null) : null
  const failure = result && !result.ok ? result : undefined
  const failureFor = (intent: Intent) => (failure?.intent === intent ? failure : undefined)
  const freshCodes = result?.ok && 'recoveryCodes' in result ? result : undefined

  return (
    // Shown inside the settings layout (app/routes/settings/layout.tsx), which adds the section navigation.
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Two-factor sign-in</h1>
          <Badge variant={status.enabled ? 'success' : 'neutral'}>{status.enabled ? 'On' : 'Off'}</Badge>
        </div>
        <p className="max-w-prose text-base leading-relaxed text-muted">
          Add a second step when you sign in: after your password, we ask for a 6-digit code from an authenticator app on your phone, such
          as Google Authenticator, Microsoft Authenticator or 1Password. Someone who learns your password still cannot get in.
        </p>
      </header>

      {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
      {result?.ok && result.intent === 'disable' ? (
        <Alert tone="success" title="Two-factor sign-in is off.">
          You will sign in with just your email and password. You can turn it back on at any time.
        </Alert>
      ) : null}

      {freshCodes ? (
        <RecoveryCodes codes={freshCodes.recoveryCodes} intent={freshCodes.intent} email={email} />
      ) : status.enabled ? (
        <EnabledSettings
          enabledAt={status.enabledAt}
          remaining={status.recoveryCodesRemaining}
          submitting={submitting}
          regenerateFailure={failureFor('regenerate')}
          disableFailure={failureFor('disable')}
        />
      ) : setup ? (
        <SetupSteps setup={setup} email={email} submitting={submitting} failure={failureFor('confirm')} />
      ) : (
        <Card className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 className="text-xl font-bold text-ink">Protect your account with a code</h2>
          <ol className="flex list-decimal flex-col gap-1.5 pl-5 leading-relaxed text-ink">
            <li>Install an authenticator app on your phone if you do not have one yet.</li>
            <li>Choose Turn on and scan the QR code we show you.</li>
            <li>Enter the code the app shows, and save your recovery codes.</li>
          </ol>
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value="begin" />
            <Button type="submit" pending={submitting === 'begin'} pendingLabel="Getting your QR code…" icon={<Icon name="lock" className="size-5" />}>
              Turn on
            </Button>
          </Form>
        </Card>
      )}
    </div>
  )
}

function SetupSteps({
  setup,
  email,
  submitting,
  failure,
}: {
  setup: { secret: string; qrDataUrl: string }
  email: string
  submitting: Intent | null
  failure?: FormFailure & { code?: string }
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const codeForm = useRef<HTMLFormElement>(null)
  // The Turn on button is gone once setup shows: if focus went with it, start at the setup steps.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
  }, [])
  useEffect(() => {
    if (failure) codeForm.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus()
  }, [failure])
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-6">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
        Set up your authenticator app
      </h2>
      <section aria-labelledby="tf-scan" className="flex flex-col gap-3">
        <h3 id="tf-scan" className="font-bold text-ink">
          1. Scan the QR code
        </h3>
        <p className="leading-relaxed text-muted">In your authenticator app, choose to add an account, then point your phone&rsquo;s camera at this code.</p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
          <img
            src={setup.qrDataUrl}
            alt={`QR code for adding Nestlist (${email}) to an authenticator app`}
            width={200}
            height={200}
            className="size-[200px] shrink-0 self-center rounded-xl border border-line bg-white p-1 sm:self-auto"
          />
          <div className="flex min-w-0 flex-col gap-2 rounded-xl bg-cream-200/60 p-4">
            <h4 className="text-sm font-bold text-ink">Can&rsquo;t scan it? Type this key instead</h4>
            <code className="block font-mono text-base font-semibold tracking-wider break-words text-ink">{groupSecret(setup.secret)}</code>
            <p className="text-sm text-muted">
              Choose a time-based key. Account: <span className="break-all">{email}</span>
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="tf-confirm" className="flex flex-col gap-4">
        <h3 id="tf-confirm" className="font-bold text-ink">
          2. Enter the code from the app
        </h3>
        <Form ref={codeForm} method="post" action={PATH} className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <TextField
            label="6-digit code"
            hint="The app shows a new code every 30 seconds."
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={16}
            required
            defaultValue={failure?.code}
            error={fieldError(failure, 'code')}
            className="max-w-48 font-mono tracking-widest"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" pending={submitting === 'confirm'} pendingLabel="Checking…">
              Turn on two-factor sign-in
            </Button>
          </div>
        </Form>
        <Form method="post" action={PATH}>
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="ghost" size="sm" pending={submitting === 'cancel'} pendingLabel="Cancelling…">
            Cancel setup
          </Button>
        </Form>
      </section>
    </Card>
  )
}

function EnabledSettings({
  enabledAt,
  remaining,
  submitting,
  regenerateFailure,
  disableFailure,
}: {
  enabledAt: string | null
  remaining: number
  submitting: Intent | null
  regenerateFailure?: FormFailure
  disableFailure?: FormFailure
}) {
  return (
    <>
      <Alert tone="success" title="Two-factor sign-in is on.">
        {enabledAt ? `Since ${dateFormat.format(new Date(enabledAt))}. ` : ''}When you sign in, we ask for a code from your authenticator app.
      </Alert>
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 className="text-xl font-bold text-ink">Recovery codes</h2>
        <p className="leading-relaxed text-ink">
          {remaining === 0
            ? 'You have no recovery codes left. Get new ones so you can still sign in if you lose your phone.'
            : `You have ${remaining} of ${RECOVERY_CODE_COUNT} recovery codes left. Each one signs you in once if you cannot use your app.`}
        </p>
        <PasswordForm
          intent="regenerate"
          hint="New codes replace all the old ones."
          failure={regenerateFailure}
          pending={submitting === 'regenerate'}
          pendingLabel="Making new codes…"
        >
          Get new recovery codes
        </PasswordForm>
      </Card>
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 className="text-xl font-bold text-ink">Turn off two-factor sign-in</h2>
        <p className="leading-relaxed text-ink">Your account will be protected by your password alone, and your recovery codes will stop working.</p>
        <PasswordForm intent="disable" failure={disableFailure} pending={submitting === 'disable'} pendingLabel="Turning off…">
          Turn off
        </PasswordForm>
      </Card>
    </>
  )
}

/** A form that asks for the password again. After a wrong one the field is emptied and focused for another try. */
function PasswordForm({
  intent,
  hint,
  failure,
  pending,
  pendingLabel,
  children,
}: {
  intent: 'regenerate' | 'disable'
  hint?: string
  failure?: FormFailure
  pending: boolean
  pendingLabel: string
  children: string
}) {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!failure) return
    form.current?.reset()
    form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus()
  }, [failure])
  return (
    <Form ref={form} method="post" action={PATH} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <PasswordField label="Your password" hint={hint} name="password" autoComplete="current-password" required error={fieldError(failure, 'password')} />
      <div>
        <Button type="submit" variant="secondary" pending={pending} pendingLabel={pendingLabel}>
          {children}
        </Button>
      </div>
    </Form>
  )
}

const noop = () => () => {}

function RecoveryCodes({ codes, intent, email }: { codes: string[]; intent: 'confirm' | 'regenerate'; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const hydrated = useSyncExternalStore(noop, () => true, () => false)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const text = `Nestlist recovery codes for ${email}\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join('\n')}\n`

  // The codes replace the form the person just used: take focus there so a screen reader starts at them.
  useEffect(() => heading.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <>
      <Alert tone="success" title={intent === 'confirm' ? 'Two-factor sign-in is on.' : 'Your new recovery codes are ready.'}>
        {intent === 'confirm' ? 'Next time you sign in, we will ask for a code from your app.' : 'The old codes no longer work.'}
      </Alert>
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
          Save your recovery codes
        </h2>
        <p className="leading-relaxed text-ink">
          If you lose your phone, each code lets you sign in once. Keep them somewhere safe, like a password manager or a printed page.{' '}
          <strong>We will not show them again.</strong>
        </p>
        <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-x-8 gap-y-2 rounded-xl border border-line bg-cream-200 p-4 font-mono text-base font-semibold text-ink min-[420px]:grid-cols-2 sm:text-lg">
          {codes.map((code) => (
            <li key={code} className="tracking-wider">
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="nestlist-recovery-codes.txt" className={buttonClasses({ variant: 'secondary' })}>
            Download as text
          </a>
          {hydrated ? (
            <Button variant="secondary" onClick={() => void copy()} icon={<Icon name={copied === 'yes' ? 'check' : 'list'} className="size-5" />}>
              {copied === 'yes' ? 'Copied' : 'Copy codes'}
            </Button>
          ) : null}
          <span role="status" className="text-sm text-muted">
            {copied === 'yes' ? 'The codes are on your clipboard.' : copied === 'failed' ? 'Copying did not work here. Download them or write them down instead.' : ''}
          </span>
        </div>
        <div>
          <Link to={PATH} className={buttonClasses({ variant: 'primary' })}>
            I have saved my codes
          </Link>
        </div>
      </Card>
    </>
  )
}
