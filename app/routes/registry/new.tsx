import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useFetcher, useLocation, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { flashCookie } from '~/lib/flash.server'
import { fieldError, formFailure } from '~/lib/form-errors'
import { publicOrigin } from '~/lib/links'
import { PASSWORD_MIN } from '~/modules/accounts/accounts.validation'
import { getViewer, sessionMeta } from '~/modules/accounts/auth.server'
import { CheckYourEmail } from '~/modules/accounts/ui/check-your-email'
import {
  EXPECTING_OPTIONS,
  expectingLabels,
  PLANNING_STAGES,
  planningStageLabels,
  REGISTRY_TYPES,
  type RegistryType,
  SHOWER_GUEST_COUNTS,
  SHOWER_GUEST_TYPES,
} from '~/modules/registry/registry.constants'
import { createRegistryInput } from '~/modules/registry/registry.validation'
import { DraftHiddenFields, draftFrom, emptyDraft, RadioCards, type RegistryDraft, SelectField, StepIndicator } from '~/modules/registry/ui/create-steps'
import { Alert, Button, Card, PasswordField, TextField } from '~/ui'
import type { Route } from './+types/new'

export const meta = () => [{ title: 'Create your registry | Nestlist' }, { name: 'description', content: 'Start a free baby registry, birthday or holiday wishlist on Nestlist in a few minutes.' }]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type Step = 'account' | 'type' | 'details' | 'name'

/** /registry/build/{road-ahead|birthday|holiday} start with the matching type chosen. */
const buildPaths: Record<string, RegistryType> = {
  '/registry/build/road-ahead': 'baby',
  '/registry/build/birthday': 'birthday',
  '/registry/build/holiday': 'holiday',
}

const isType = (v: unknown): v is RegistryType => typeof v === 'string' && (REGISTRY_TYPES as readonly string[]).includes(v)

function presetType(url: URL): RegistryType | '' {
  const fromPath = buildPaths[url.pathname.replace(/\.data$/, '').replace(/\/+$/, '')]
  if (fromPath) return fromPath
  const q = url.searchParams.get('type')
  return isType(q) ? q : ''
}

/** /registry/new: a four-step guided flow (account, type, details, name and link) that works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context)
  const url = new URL(request.url)
  const slugParam = url.searchParams.get('check_slug')
  // The live 'is this web address free?' check (JavaScript only; the final step checks again on submit).
  const slugCheck =
    viewer && slugParam !== null
      ? { slug: slugParam.slice(0, 80), available: await context.services.registry.isSlugAvailable(slugParam.slice(0, 80)) }
      : null
  // Someone with a registry is told so, with the way to it, before they start another.
  const owned = viewer ? (await context.services.registry.managedBy(viewer.user.id)).map((r) => ({ id: r.id, title: r.title, role: r.role })) : []
  return {
    signedIn: Boolean(viewer),
    firstName: viewer?.user.firstName ?? '',
    presetType: presetType(url),
    // Someone who created their account in this flow keeps seeing four steps.
    withAccount: !viewer || url.searchParams.get('account') === 'new',
    checklist: url.searchParams.get('lp_content') === 'checklist',
    host: new URL(publicOrigin(context.publicUrl ?? url.origin)).host,
    owned,
    slugCheck,
  }
}

type TypedAccount = { firstName: string; lastName: string; email: string }
type ActionData = { step: Step; draft: RegistryDraft; fields: FieldErrors; message?: string; typed?: TypedAccount; sent?: string }

const detailKeys = ['arrivalDate', 'planningStage', 'expecting', 'showerDate', 'guestCount', 'guestTypes'] as const
const nameKeys = ['title', 'familyName', 'slug'] as const

/** The create input the service expects, from what the form carried. */
function createInputFrom(draft: RegistryDraft) {
  const unknownArrival = draft.registryType === 'baby' && draft.arrivalUnknown
  return {
    registryType: draft.registryType,
    title: draft.title,
    familyName: draft.familyName,
    slug: draft.slug,
    arrivalDate: unknownArrival ? undefined : draft.arrivalDate,
    isArrivalDateKnown: !unknownArrival,
    planningStage: draft.registryType === 'baby' ? draft.planningStage || undefined : undefined,
    expecting: draft.registryType === 'baby' ? draft.expecting || undefined : undefined,
    showerDate: draft.showerDate,
    guestCount: draft.guestCount || undefined,
    guestTypes: draft.guestTypes,
  }
}

/** Checks the details step alone (the shared schema, with placeholders for the fields of later steps). */
function detailErrors(draft: RegistryDraft): FieldErrors {
  const fields: FieldErrors = {}
  const parsed = createRegistryInput.safeParse({ ...createInputFrom(draft), title: 'x', familyName: 'x', slug: 'placeholder' })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '')
      if ((detailKeys as readonly string[]).includes(key)) (fields[key] ??= []).push(issue.message)
    }
  }
  if (draft.registryType === 'baby') {
    if (!draft.planningStage) fields.planningStage ??= ['Choose where you are in your journey.']
    if (!draft.expecting) fields.expecting ??= ['Choose what you are expecting.']
  } else if (!draft.arrivalDate) {
    fields.arrivalDate ??= [draft.registryType === 'birthday' ? 'Enter the date of the birthday.' : 'Enter the date you celebrate.']
  }
  return fields
}

const previous: Record<Step, Step> = { account: 'account', type: 'type', details: 'type', name: 'details' }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const url = new URL(request.url)
  const step = String(form.get('step') ?? '') as Step
  const draft = draftFrom(form)
  const fail = (at: Step, fields: FieldErrors, message = 'Please check the fields marked below.', status = 422, typed?: TypedAccount) =>
    data<ActionData>({ step: at, draft, fields, message, typed }, { status })

  if (step === 'account') {
    const typed: TypedAccount = {
      firstName: String(form.get('firstName') ?? '').slice(0, 200),
      lastName: String(form.get('lastName') ?? '').slice(0, 200),
      email: String(form.get('email') ?? '').slice(0, 300),
    }
    try {
      // The emailed link finishes the account and brings the person back to the next step (decision 035).
      const path = url.pathname.replace(/\.data$/, '') || '/registry/new'
      const next = new URLSearchParams(url.searchParams)
      next.delete('_routes')
      next.set('account', 'new')
      if (isType(draft.registryType) && !buildPaths[path]) next.set('type', draft.registryType)
      const { email } = await context.services.accounts.signUp({ ...typed, password: String(form.get('password') ?? '') }, sessionMeta(request, context), {
        continuePath: `${path}?${next}`,
      })
      return data<ActionData>({ step: 'account', draft, fields: {}, sent: email })
    } catch (error) {
      const failure = formFailure(error)
      return fail('account', failure.fields, failure.message, failure.status, typed)
    }
  }

  const viewer = await getViewer(request, context)
  if (!viewer) return fail('account', {}, 'Create your account (or sign in) to save your registry.', 401)

  if (form.get('intent') === 'back') return data<ActionData>({ step: previous[step] ?? 'type', draft, fields: {} })

  if (step === 'type') {
    if (!isType(draft.registryType)) return fail('type', { registryType: ['Choose what the registry is for.'] })
    return data<ActionData>({ step: 'details', draft, fields: {} })
  }
  if (!isType(draft.registryType)) return fail('type', { registryType: ['Choose what the registry is for.'] })

  if (step === 'details') {
    const fields = detailErrors(draft)
    if (Object.keys(fields).length) return fail('details', fields)
    const { firstName, lastName } = viewer.user
    const names = `${firstName} ${lastName}`.trim()
    const kind = { baby: 'Baby Registry', birthday: 'Birthday Wishlist', holiday: 'Holiday Wishlist' }[draft.registryType]
    const suggested: RegistryDraft = {
      ...draft,
      familyName: draft.familyName || names,
      title: draft.title || `${firstName}’s ${kind}`,
      slug: draft.slug || (await context.services.registry.suggestSlug(draft.registryType === 'baby' ? names : `${names} ${draft.registryType}`)),
    }
    return data<ActionData>({ step: 'name', draft: suggested, fields: {} })
  }

  if (step === 'name') {
    try {
      await context.services.registry.create(viewer.user.id, createInputFrom(draft))
      return redirect('/registry/home', { headers: { 'Set-Cookie': flashCookie('registry_created') } })
    } catch (error) {
      const failure = formFailure(error)
      // A details problem (a date that went stale overnight) sends the owner back to that step.
      const detailProblem = Object.keys(failure.fields).some((k) => (detailKeys as readonly string[]).includes(k.split('.')[0]!))
      const fields: FieldErrors = {}
      for (const [k, v] of Object.entries(failure.fields)) fields[k.split('.')[0]!] = v
      const onlyMessage = Object.keys(fields).length === 0
      return fail(detailProblem ? 'details' : 'name', fields, onlyMessage ? failure.message : 'Please check the fields marked below.', failure.status)
    }
  }
  return fail('type', {}, 'Something was missing. Please choose your registry type again.', 400)
}

const typeOptions = [
  { value: 'baby', label: 'Baby registry', description: 'For a new arrival: by birth, adoption, surrogacy or fostering.' },
  { value: 'birthday', label: 'Birthday wishlist', description: 'What they really want this year, nothing with 100 pieces.' },
  { value: 'holiday', label: 'Holiday wishlist', description: 'One list for the whole family to shop from.' },
] as const

const headings: Record<Step, string> = {
  account: 'Start your registry',
  type: 'What are you celebrating?',
  details: 'Tell us a little more',
  name: 'Name your registry',
}

export default function NewRegistry({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, withAccount, presetType, checklist, host, owned, firstName } = loaderData
  const result = actionData as ActionData | undefined
  const location = useLocation()
  const step: Step = result?.step ?? (signedIn ? 'type' : 'account')
  const draft: RegistryDraft = result?.draft ?? { ...emptyDraft, registryType: presetType }
  const fields = result?.fields ?? {}
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && (navigation.formData?.get('intent') ?? 'next') === intent
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  useEffect(() => {
    // After each step (with JavaScript), move focus to the new step's heading so screen readers follow.
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [result])

  const steps = [...(withAccount ? ['Your account'] : []), 'Registry type', 'Details', 'Name and link']
  const index = { account: 1, type: withAccount ? 2 : 1, details: withAccount ? 3 : 2, name: withAccount ? 4 : 3 }[step]
  const problem = result?.message ?? null
  const detailsHeading =
    draft.registryType === 'birthday' ? 'When is the birthday?' : draft.registryType === 'holiday' ? 'When do you celebrate?' : 'Tell us about your little one'

  return (
    <div className="mx-auto w-full max-w-xl py-2 sm:py-6">
      <Card className="p-5 sm:p-8">
        <StepIndicator current={index} steps={steps} />
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-ink outline-none sm:text-3xl">
          {step === 'details' ? detailsHeading : headings[step]}
        </h1>
        {step === 'account' && !result?.sent ? (
          <p className="mt-2 text-base text-muted">
            {checklist
              ? 'Create a free account and we will set your registry up with our checklist categories, so you know what to add next.'
              : 'It is free and takes a few minutes. First, your account: you will use it to add items and see what guests reserve.'}
          </p>
        ) : null}
        {step === 'type' && owned.length > 0 ? (
          <div className="mt-3 rounded-xl border border-line bg-cream-200/40 p-4 text-base">
            <p className="font-semibold">{owned.length === 1 ? 'You already have a registry:' : 'You already have registries:'}</p>
            <ul className="mt-1 flex flex-col gap-1">
              {owned.map((r) => (
                <li key={r.id}>
                  <Link to={`/registry/home?registry=${r.id}`} className="inline-flex min-h-6 items-center font-semibold text-berry-700 underline underline-offset-2">
                    Go to {r.title}
                  </Link>
                  {r.role === 'collaborator' ? <span className="text-sm text-muted"> (you help manage it)</span> : null}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-muted">Or start another one below, such as a birthday wishlist.</p>
          </div>
        ) : step === 'type' ? (
          <p className="mt-2 text-base text-muted">{firstName ? `Hi ${firstName}! ` : ''}Choose one; you can start another list later.</p>
        ) : null}

        {result?.sent ? (
          <div className="mt-6">
            <CheckYourEmail email={result.sent} startAgainHref={`${location.pathname}${location.search}`} />
          </div>
        ) : (
          <Form method="post" noValidate className="mt-6 flex flex-col gap-6" key={step}>
          <input type="hidden" name="step" value={step} />
          {problem ? <Alert tone="error">{problem}</Alert> : null}

          {step === 'account' ? (
            <>
              <DraftHiddenFields draft={draft} except={[]} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField label="First name" name="firstName" autoComplete="given-name" required maxLength={80} defaultValue={result?.typed?.firstName} error={fieldError(result, 'firstName')} />
                <TextField label="Last name" name="lastName" autoComplete="family-name" required maxLength={80} defaultValue={result?.typed?.lastName} error={fieldError(result, 'lastName')} />
              </div>
              <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={result?.typed?.email} error={fieldError(result, 'email')} />
              <PasswordField
                label="Password"
                name="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                hint={`At least ${PASSWORD_MIN} characters.`}
                error={fieldError(result, 'password')}
              />
            </>
          ) : null}

          {step === 'type' ? (
            <>
              <DraftHiddenFields draft={draft} except={['registryType']} />
              <RadioCards name="registryType" legend="This registry is for" options={typeOptions} value={draft.registryType} error={fieldError(result, 'registryType')} />
            </>
          ) : null}

          {step === 'details' ? <DetailsStep draft={draft} fields={fields} /> : null}

          {step === 'name' ? <NameStep draft={draft} fields={fields} host={host} /> : null}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            {step === 'details' || step === 'name' ? (
              <Button type="submit" name="intent" value="back" variant="ghost" formNoValidate pending={busy('back')}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" name="intent" value="next" size="lg" pending={busy('next')} pendingLabel={step === 'name' ? 'Creating your registry…' : step === 'account' ? 'Sending your link…' : 'One moment…'}>
              {step === 'name' ? 'Create my registry' : step === 'account' ? 'Create account' : 'Continue'}
            </Button>
          </div>
          </Form>
        )}
      </Card>
      {step === 'account' && !result?.sent ? (
        <p className="mt-5 text-center text-sm text-ink">
          Already have an account?{' '}
          <Link to={`/login?redirect_path=${encodeURIComponent('/registry/new')}`} className="font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
            Sign in
          </Link>
        </p>
      ) : null}
    </div>
  )
}

function DetailsStep({ draft, fields }: { draft: RegistryDraft; fields: FieldErrors }) {
  const err = (k: string) => fields[k]?.[0]
  const baby = draft.registryType === 'baby'
  const [unknown, setUnknown] = useState(draft.arrivalUnknown)
  return (
    <>
      <DraftHiddenFields draft={draft} except={[...detailKeys, 'arrivalUnknown']} />
      <div>
        <TextField
          id="arrivalDate"
          label={baby ? 'Arrival date' : draft.registryType === 'birthday' ? 'Birthday' : 'Date you celebrate'}
          name="arrivalDate"
          type="date"
          hint={baby ? 'Your due date or the day you expect to bring your little one home.' : undefined}
          defaultValue={draft.arrivalDate}
          error={err('arrivalDate')}
          disabled={baby && unknown}
        />
        {baby ? (
          <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink">
            <input
              type="checkbox"
              name="arrivalUnknown"
              defaultChecked={draft.arrivalUnknown}
              onChange={(e) => setUnknown(e.currentTarget.checked)}
              className="size-5 cursor-pointer accent-berry-700"
            />
            Not known yet
          </label>
        ) : null}
      </div>
      {baby ? (
        <>
          <RadioCards
            name="planningStage"
            legend="Where are you in your journey?"
            options={PLANNING_STAGES.map((p) => ({ value: p, label: planningStageLabels[p] }))}
            value={draft.planningStage}
            error={err('planningStage')}
            columns={2}
          />
          <RadioCards
            name="expecting"
            legend="What are you expecting?"
            options={EXPECTING_OPTIONS.map((p) => ({ value: p, label: expectingLabels[p] }))}
            value={draft.expecting}
            error={err('expecting')}
            columns={2}
          />
        </>
      ) : null}
      <details className="group rounded-xl border border-line bg-cream p-4" open={Boolean(err('showerDate') || err('guestCount') || err('guestTypes') || draft.showerDate || draft.guestCount || draft.guestTypes.length)}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-ink">{baby ? 'Planning a shower?' : 'Planning a party?'} (optional)</summary>
        <div className="mt-4 flex flex-col gap-5">
          <TextField id="showerDate" label={baby ? 'Shower date' : 'Party date'} name="showerDate" type="date" optional defaultValue={draft.showerDate} error={err('showerDate')} />
          <SelectField id="guestCount" name="guestCount" label="How many guests?" options={SHOWER_GUEST_COUNTS} value={draft.guestCount} error={err('guestCount')} optional />
          <RadioCards
            name="guestTypes"
            legend="Who is coming? (optional)"
            options={SHOWER_GUEST_TYPES.map((t) => ({ value: t, label: t }))}
            multiple
            selected={draft.guestTypes}
            error={err('guestTypes')}
            columns={2}
          />
        </div>
      </details>
    </>
  )
}

function NameStep({ draft, fields, host }: { draft: RegistryDraft; fields: FieldErrors; host: string }) {
  const err = (k: string) => fields[k]?.[0]
  const [slug, setSlug] = useState(draft.slug)
  const check = useFetcher<typeof loader>()
  const location = useLocation()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  function onSlugInput(value: string) {
    setSlug(value)
    clearTimeout(timer.current)
    const v = value.trim().toLowerCase()
    if (v.length < 3) return
    timer.current = setTimeout(() => check.load(`${location.pathname}?check_slug=${encodeURIComponent(v)}`), 350)
  }
  const checked = check.data?.slugCheck
  const status =
    checked && checked.slug === slug.trim().toLowerCase() && !err('slug')
      ? checked.available
        ? { tone: 'ok', text: 'That web address is free.' }
        : { tone: 'taken', text: 'That web address is taken or not allowed. Try another one.' }
      : null
  return (
    <>
      <DraftHiddenFields draft={draft} except={[...nameKeys]} />
      <TextField label="Registry title" name="title" required maxLength={80} defaultValue={draft.title} error={err('title')} hint="The heading guests see, like ‘Maya & Leo’s Baby Registry’." />
      <TextField label="Names guests will see" name="familyName" required maxLength={80} defaultValue={draft.familyName} error={err('familyName')} hint="Guests can find your registry by these names." />
      <div>
        <TextField
          label="Web address"
          name="slug"
          required
          maxLength={60}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          defaultValue={draft.slug}
          onInput={(e) => onSlugInput(e.currentTarget.value)}
          error={err('slug')}
          hint="Lower-case letters, digits and dashes. You can change it later."
          aria-describedby="slug-preview slug-status"
        />
        <p id="slug-preview" className="mt-2 text-sm break-all text-muted">
          Your link: <span className="font-semibold text-ink">{host}/{slug.trim().toLowerCase() || '…'}</span>
        </p>
        <p id="slug-status" aria-live="polite" className={status?.tone === 'taken' ? 'mt-1 text-sm font-medium text-berry-700' : 'mt-1 text-sm font-medium text-sage-700'}>
          {status?.text}
        </p>
      </div>
    </>
  )
}
