import { useRef, useState } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { formFields, formIntent } from '~/lib/form-data'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { publicOrigin } from '~/lib/links'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { StateSelect } from '~/modules/accounts/ui/state-select'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { useZipAutofill } from '~/modules/accounts/ui/use-zip-autofill'
import { PLANNING_STAGES, planningStageLabels } from '~/modules/registry/registry.constants'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { Alert, Button, cx, FieldError, Icon, inputClasses, Label, LinkButton, TextField, TextLink } from '~/ui'
import type { Route } from './+types/registry'

export const meta = () => [{ title: 'Registry settings | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/registry: title, names, web address, welcome note, dates, surprise and where gifts ship. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) return { registry: null, host: '', action: '' }
  const url = new URL(request.url)
  return {
    registry: {
      id: registry.id,
      role: registry.role,
      registryType: registry.registryType,
      title: registry.title,
      familyName: registry.familyName,
      slug: registry.slug,
      welcomeNote: registry.welcomeNote,
      arrivalDate: registry.arrivalDate ?? '',
      isArrivalDateKnown: registry.isArrivalDateKnown,
      planningStage: registry.planningStage ?? '',
      surprise: registry.surprise,
      surpriseRevealDate: registry.surpriseRevealDate ?? '',
      shippingAddress: registry.shippingAddress,
      shareAddressWithGivers: registry.shareAddressWithGivers,
      giftDeliveryNote: registry.giftDeliveryNote,
    },
    host: new URL(publicOrigin(context.publicUrl ?? url.origin)).host,
    action: `/settings/registry${url.searchParams.get('registry') ? `?registry=${registry.id}` : ''}`,
  }
}

type SettingsValues = {
  title: string
  familyName: string
  slug: string
  welcomeNote: string
  arrivalDate: string
  arrivalUnknown: boolean
  planningStage: string
  surprise: boolean
  surpriseRevealDate: string
}
type AddressValues = { name: string; line1: string; line2: string; city: string; state: string; zip: string }
type Intent = 'settings' | 'address' | 'remove-address' | 'gift-delivery' | 'delete'
type DeliveryValues = { shareAddress: boolean; note: string }
type ActionResult =
  | { ok: true; intent: Intent; at: number }
  | (FormFailure & { intent: Intent; settings?: SettingsValues; address?: AddressValues; delivery?: DeliveryValues; at: number })

// The most characters each field keeps (checkboxes whole: only 'on' ticks them); the registry service's
// schemas say what the values may be.
const fieldRules = {
  confirm: Infinity,
  shareAddress: Infinity,
  giftDeliveryNote: 400,
  name: 200,
  line1: 200,
  line2: 200,
  city: 200,
  state: 4,
  zip: 12,
  title: 200,
  familyName: 200,
  slug: 80,
  welcomeNote: 2000,
  arrivalDate: 20,
  arrivalUnknown: Infinity,
  planningStage: 20,
  surprise: Infinity,
  surpriseRevealDate: 20,
} as const

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  const form = await request.formData()
  const intent = formIntent(form, ['settings', 'address', 'remove-address', 'gift-delivery', 'delete'], 'settings')
  const f = formFields(form, fieldRules)
  const at = Date.now()
  if (!registry) return data<ActionResult>({ ok: false, message: 'You do not have a registry yet.', fields: {}, status: 404, intent, at }, { status: 404 })
  try {
    if (intent === 'delete') {
      // Owner only (the service refuses collaborators), and only with the box ticked.
      await context.services.registry.deleteRegistry(registry.id, user.id, f.confirm === 'on')
      return redirect('/registry/home', { headers: { 'Set-Cookie': flashCookie('registry_deleted') } })
    }
    if (intent === 'remove-address') {
      await context.services.registry.setShippingAddress(registry.id, user.id, null)
      return data<ActionResult>({ ok: true, intent, at })
    }
    if (intent === 'gift-delivery') {
      const delivery: DeliveryValues = { shareAddress: f.shareAddress === 'on', note: f.giftDeliveryNote }
      try {
        await context.services.registry.setGiftDelivery(registry.id, user.id, delivery)
      } catch (error) {
        const failure = formFailure(error)
        return data<ActionResult>({ ...failure, intent, delivery, at }, { status: failure.status })
      }
      return data<ActionResult>({ ok: true, intent, at })
    }
    if (intent === 'address') {
      const address: AddressValues = { name: f.name, line1: f.line1, line2: f.line2, city: f.city, state: f.state, zip: f.zip }
      try {
        await context.services.registry.setShippingAddress(registry.id, user.id, address)
      } catch (error) {
        const failure = formFailure(error)
        return data<ActionResult>({ ...failure, intent, address, at }, { status: failure.status })
      }
      return data<ActionResult>({ ok: true, intent, at })
    }
    const settings: SettingsValues = {
      title: f.title,
      familyName: f.familyName,
      slug: f.slug,
      welcomeNote: f.welcomeNote,
      arrivalDate: f.arrivalDate,
      arrivalUnknown: f.arrivalUnknown === 'on',
      planningStage: f.planningStage,
      surprise: f.surprise === 'on',
      surpriseRevealDate: f.surpriseRevealDate,
    }
    try {
      await context.services.registry.updateSettings(registry.id, user.id, {
        title: settings.title,
        familyName: settings.familyName,
        slug: settings.slug,
        welcomeNote: settings.welcomeNote,
        arrivalDate: settings.arrivalUnknown ? '' : settings.arrivalDate,
        isArrivalDateKnown: !settings.arrivalUnknown,
        planningStage: settings.planningStage || undefined,
        surprise: settings.surprise,
        surpriseRevealDate: settings.surprise ? settings.surpriseRevealDate : '',
      })
    } catch (error) {
      const failure = formFailure(error)
      return data<ActionResult>({ ...failure, intent, settings, at }, { status: failure.status })
    }
    return data<ActionResult>({ ok: true, intent, at })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, intent, at }, { status: failure.status })
  }
}

export default function RegistrySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, host, action } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const pending = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const settingsForm = useRef<HTMLFormElement>(null)
  const addressForm = useRef<HTMLFormElement>(null)
  const failure = result && !result.ok ? result : undefined
  useFocusFirstInvalid(settingsForm, failure?.intent === 'settings' ? failure : undefined)
  useFocusFirstInvalid(addressForm, failure?.intent === 'address' ? failure : undefined)

  if (!registry) {
    return (
      <>
        <SettingsPageHeader title="Registry" intro="Your registry’s details, dates and shipping address live here once you have one." />
        <SettingsSection id="no-registry" title="You do not have a registry yet">
          <p className="text-base text-muted">It is free, and takes a few minutes.</p>
          <LinkButton to="/registry/new" className="mt-4">
            Start your registry
          </LinkButton>
        </SettingsSection>
      </>
    )
  }
  const v: SettingsValues =
    failure?.intent === 'settings' && failure.settings
      ? failure.settings
      : {
          title: registry.title,
          familyName: registry.familyName,
          slug: registry.slug,
          welcomeNote: registry.welcomeNote,
          arrivalDate: registry.arrivalDate,
          arrivalUnknown: !registry.isArrivalDateKnown,
          planningStage: registry.planningStage,
          surprise: registry.surprise,
          surpriseRevealDate: registry.surpriseRevealDate,
        }
  const settingsErr = (k: string) => (failure?.intent === 'settings' ? failure.fields[k]?.[0] : undefined)
  const baby = registry.registryType === 'baby'
  return (
    <>
      <SettingsPageHeader title="Registry" intro="What guests see, when the big day is, and where gifts should go." />
      <div className="flex flex-col gap-6">
        <SettingsSection id="details" title="Registry details">
          <Form ref={settingsForm} method="post" action={action} key={result?.ok && result.intent === 'settings' ? result.at : 'settings'} className="flex flex-col gap-6" noValidate>
            {result?.ok && result.intent === 'settings' ? <Alert tone="success">Your registry settings are saved.</Alert> : null}
            {failure?.intent === 'settings' ? (
              <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert>
            ) : null}
            <TextField label="Registry title" name="title" required maxLength={80} defaultValue={v.title} error={settingsErr('title')} />
            <TextField label="Names guests will see" name="familyName" required maxLength={80} defaultValue={v.familyName} error={settingsErr('familyName')} hint="Guests can find your registry by these names." />
            <SlugField defaultValue={v.slug} host={host} error={settingsErr('slug')} />
            <div>
              <Label htmlFor="welcomeNote" optional>
                Welcome note
              </Label>
              <p id="welcomeNote-hint" className="mt-1 text-sm text-muted">
                A few words at the top of your registry, like a thank-you or where the shower is.
              </p>
              <textarea
                id="welcomeNote"
                name="welcomeNote"
                rows={4}
                maxLength={1000}
                defaultValue={v.welcomeNote}
                aria-invalid={settingsErr('welcomeNote') ? true : undefined}
                aria-describedby={cx('welcomeNote-hint', settingsErr('welcomeNote') && 'welcomeNote-error')}
                className={cx(inputClasses, 'mt-1.5')}
              />
              <FieldError id="welcomeNote-error">{settingsErr('welcomeNote')}</FieldError>
            </div>
            <ArrivalFields baby={baby} date={v.arrivalDate} unknown={v.arrivalUnknown} error={settingsErr('arrivalDate')} />
            {baby ? (
              <div>
                <Label htmlFor="planningStage">Where are you in your journey?</Label>
                <select id="planningStage" name="planningStage" defaultValue={v.planningStage} className={cx(inputClasses, 'mt-1.5 appearance-auto')}>
                  <option value="">Choose…</option>
                  {PLANNING_STAGES.map((p) => (
                    <option key={p} value={p}>
                      {planningStageLabels[p]}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <SurpriseFields on={v.surprise} revealDate={v.surpriseRevealDate} error={settingsErr('surpriseRevealDate')} />
            <div>
              <Button type="submit" name="intent" value="settings" pending={pending('settings')} pendingLabel="Saving…">
                Save registry settings
              </Button>
            </div>
          </Form>
        </SettingsSection>
        <ShippingSection
          formRef={addressForm}
          action={action}
          saved={registry.shippingAddress}
          result={result}
          pending={pending}
        />
        <GiftDeliverySection
          action={action}
          saved={{ shareAddress: registry.shareAddressWithGivers, note: registry.giftDeliveryNote }}
          result={result}
          pending={pending('gift-delivery')}
        />
        {registry.role === 'owner' ? (
          <DeleteSection registryId={registry.id} action={action} failure={failure?.intent === 'delete' ? failure : undefined} pending={pending('delete')} />
        ) : (
          <SettingsSection id="delete" title="Delete registry">
            <p className="text-base text-muted">Only the registry’s owner can delete it. You can stop helping with it at any time from Collaborators.</p>
          </SettingsSection>
        )}
      </div>
    </>
  )
}

/**
 * Deleting asks twice: the section opens (a <details>, so it works without JavaScript), says exactly what is
 * lost, and the owner must tick a box; the server checks the box too.
 */
function DeleteSection({ registryId, action, failure, pending }: { registryId: number; action: string; failure?: FormFailure; pending: boolean }) {
  const error = failure?.fields.confirm?.[0] ?? failure?.message
  return (
    <SettingsSection id="delete" title="Delete registry" description="Permanently remove this registry. This cannot be undone.">
      <details className="group" open={Boolean(failure)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-line-strong px-4 text-sm font-semibold text-berry-800 hover:bg-berry-50">
          Delete this registry…
        </summary>
        <Form method="post" action={action} className="mt-5 flex flex-col gap-4" noValidate>
          <div className="rounded-xl border border-line bg-peach-50 p-4 text-base text-ink">
            <p className="font-semibold">Before you delete, here is what happens:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Guests can no longer open your registry, and its link stops working.</li>
              <li>
                Your gift tracker is deleted with it: who gave what, their messages and thank-you addresses.{' '}
                <TextLink to={`/registry/${registryId}/gift-tracker`} reloadDocument>
                  Open the gift tracker
                </TextLink>{' '}
                first if you still need them for thank-you notes.
              </li>
              <li>Gifts already bought are not affected: they are on their way to you or with you already.</li>
              <li>Guests who reserved a gift but have not bought it yet are not told, so let them know yourself if it matters.</li>
              <li>Collaborators lose access, and insert card orders that have not shipped yet are cancelled.</li>
            </ul>
          </div>
          <div>
            <label className="flex items-start gap-3 text-base text-ink">
              <input
                type="checkbox"
                name="confirm"
                className="mt-1 size-5 shrink-0 accent-berry-700"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'confirm-error' : undefined}
              />
              <span>I understand that this registry and its gift records will be deleted for good.</span>
            </label>
            <FieldError id="confirm-error">{error}</FieldError>
          </div>
          <div>
            <Button type="submit" name="intent" value="delete" pending={pending} pendingLabel="Deleting…">
              Delete registry permanently
            </Button>
          </div>
        </Form>
      </details>
    </SettingsSection>
  )
}

function SlugField({ defaultValue, host, error }: { defaultValue: string; host: string; error?: string }) {
  const [slug, setSlug] = useState(defaultValue)
  return (
    <div>
      <TextField
        label="Web address"
        name="slug"
        required
        maxLength={60}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        defaultValue={defaultValue}
        onInput={(e) => setSlug(e.currentTarget.value)}
        error={error}
        hint="Lower-case letters, digits and dashes. If you change it, links you already shared stop working."
        aria-describedby="slug-preview"
      />
      <p id="slug-preview" className="mt-2 text-sm break-all text-muted">
        Your link: <span className="font-semibold text-ink">{host}/{slug.trim().toLowerCase() || '…'}</span>
      </p>
    </div>
  )
}

function ArrivalFields({ baby, date, unknown, error }: { baby: boolean; date: string; unknown: boolean; error?: string }) {
  const [isUnknown, setUnknown] = useState(unknown)
  return (
    <div>
      <TextField
        id="arrivalDate"
        label={baby ? 'Arrival date' : 'Date'}
        name="arrivalDate"
        type="date"
        defaultValue={date}
        disabled={isUnknown}
        error={error}
        hint="Guests see the month only."
      />
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink">
        <input type="checkbox" name="arrivalUnknown" defaultChecked={unknown} onChange={(e) => setUnknown(e.currentTarget.checked)} className="size-5 cursor-pointer accent-berry-700" />
        Not known yet
      </label>
    </div>
  )
}

function SurpriseFields({ on, revealDate, error }: { on: boolean; revealDate: string; error?: string }) {
  const [checked, setChecked] = useState(on)
  return (
    <fieldset id="surprise" className="rounded-xl border border-line bg-cream p-4">
      <legend className="sr-only">Keep it a surprise</legend>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="surprise"
          defaultChecked={on}
          onChange={(e) => setChecked(e.currentTarget.checked)}
          aria-describedby="surprise-hint"
          className="size-5 shrink-0 cursor-pointer accent-berry-700"
        />
        <span className="flex items-center gap-2 font-semibold text-ink">
          <Icon name="gift" className="size-4 text-berry-700" />
          Keep it a surprise
        </span>
      </label>
      <p id="surprise-hint" className="ml-8 text-sm text-muted">
        We hide what guests reserved or bought, and who gave it, until the reveal date. You still see when an item needs no more.
      </p>
      <TextField
        label="Reveal date"
        name="surpriseRevealDate"
        type="date"
        optional
        defaultValue={revealDate}
        disabled={!checked}
        error={error}
        hint="Leave empty to keep it a surprise until you turn this off."
        containerClassName="mt-3 sm:max-w-xs"
      />
    </fieldset>
  )
}

function ShippingSection({
  formRef,
  action,
  saved,
  result,
  pending,
}: {
  formRef: React.RefObject<HTMLFormElement | null>
  action: string
  saved: AddressValues | null
  result: ActionResult | undefined
  pending: (intent: string) => boolean
}) {
  const { cityRef, stateRef, onZipInput, status } = useZipAutofill()
  const failure = result && !result.ok && result.intent === 'address' ? result : undefined
  const values = failure?.address ?? saved ?? { name: '', line1: '', line2: '', city: '', state: '', zip: '' }
  const err = (k: string) => failure?.fields[k]?.[0]
  const addressResult = result && (result.intent === 'address' || result.intent === 'remove-address') ? result : undefined
  return (
    <SettingsSection
      id="gift-address"
      title="Shipping address for gifts"
      description="Where guests’ gifts are sent. Guests never see your street address; they see only your city and state."
    >
      <Form ref={formRef} method="post" action={action} key={addressResult?.ok ? addressResult.at : 'address'} className="flex flex-col gap-5" noValidate>
        {addressResult?.ok ? <Alert tone="success">{addressResult.intent === 'remove-address' ? 'The gift address is removed.' : 'Your gift address is saved.'}</Alert> : null}
        {failure ? <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert> : null}
        <TextField label="Full name" name="name" autoComplete="shipping name" required maxLength={100} defaultValue={values.name} error={err('name')} />
        <TextField label="Street address" name="line1" autoComplete="shipping address-line1" required maxLength={100} defaultValue={values.line1} error={err('line1')} />
        <TextField label="Apartment, suite or unit" name="line2" autoComplete="shipping address-line2" optional maxLength={100} defaultValue={values.line2} error={err('line2')} />
        <div className="grid gap-5 sm:grid-cols-6">
          <TextField
            label="ZIP code"
            name="zip"
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            maxLength={10}
            defaultValue={values.zip}
            error={err('zip')}
            onInput={onZipInput}
            containerClassName="sm:col-span-2"
            aria-describedby="gift-zip-status"
          />
          <TextField ref={cityRef} label="City" name="city" autoComplete="shipping address-level2" required maxLength={60} defaultValue={values.city} error={err('city')} containerClassName="sm:col-span-4" />
        </div>
        <p id="gift-zip-status" aria-live="polite" className={cx('-mt-3 text-sm', status?.tone === 'found' ? 'text-sage-700' : 'text-muted')}>
          {status?.text}
        </p>
        <StateSelect ref={stateRef} label="State" name="state" autoComplete="shipping address-level1" defaultValue={values.state} error={err('state')} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="address" pending={pending('address')} pendingLabel="Saving…">
            Save gift address
          </Button>
          {saved ? (
            <Button type="submit" name="intent" value="remove-address" variant="ghost" formNoValidate pending={pending('remove-address')} pendingLabel="Removing…">
              Remove address
            </Button>
          ) : null}
        </div>
      </Form>
    </SettingsSection>
  )
}

/**
 * Gifts from other stores: a giver who reserved a gift, or marked one bought elsewhere, needs to know how it
 * reaches the family. Off by default: the address is shown to that giver only (their confirmation and email)
 * when the family turns it on; otherwise the giver sees the family's note (or 'bring it to the shower').
 */
function GiftDeliverySection({ action, saved, result, pending }: { action: string; saved: DeliveryValues; result: ActionResult | undefined; pending: boolean }) {
  const mine = result?.intent === 'gift-delivery' ? result : undefined
  const failed = mine && !mine.ok ? mine : undefined
  const v = failed?.delivery ?? saved
  const noteError = failed?.fields.note?.[0]
  return (
    <SettingsSection id="gift-delivery" title="Gifts from other stores" description="How a guest who buys your gift somewhere else gets it to you.">
      <Form method="post" action={action} noValidate className="flex flex-col gap-4" key={mine?.ok ? mine.at : 'gift-delivery'}>
        {mine?.ok ? <Alert tone="success">Saved. Guests who reserve a gift will see this.</Alert> : null}
        {failed ? <Alert tone="error">{failed.message}</Alert> : null}
        <label className="flex min-h-6 cursor-pointer items-start gap-3">
          <input type="checkbox" name="shareAddress" defaultChecked={v.shareAddress} aria-describedby="shareAddress-hint" className="mt-0.5 size-5 shrink-0 cursor-pointer accent-berry-700" />
          <span>
            <span className="block font-semibold">Show my shipping address to guests who reserve a gift</span>
            <span id="shareAddress-hint" className="block text-sm text-muted">
              Shown only to a guest after they reserve a gift or mark one bought elsewhere, on their confirmation and in their email, never on your registry page. Anyone with your registry link can reserve, so turn it on only if you are comfortable with that.
            </span>
          </span>
        </label>
        <div>
          <Label htmlFor="giftDeliveryNote" optional>
            Delivery instructions for guests
          </Label>
          <p id="giftDeliveryNote-hint" className="mt-1 text-sm text-muted">
            For example: “Please bring gifts to the shower on June 8.” Without a note, guests are asked to bring the gift to your shower or give it in person.
          </p>
          <textarea
            id="giftDeliveryNote"
            name="giftDeliveryNote"
            rows={3}
            maxLength={300}
            defaultValue={v.note}
            aria-describedby={cx('giftDeliveryNote-hint', noteError && 'giftDeliveryNote-error') || undefined}
            aria-invalid={noteError ? true : undefined}
            className={cx(inputClasses, 'mt-1.5')}
          />
          <FieldError id="giftDeliveryNote-error">{noteError}</FieldError>
        </div>
        <div>
          <Button type="submit" name="intent" value="gift-delivery" variant="secondary" pending={pending} pendingLabel="Saving…">
            Save delivery choices
          </Button>
        </div>
      </Form>
    </SettingsSection>
  )
}
