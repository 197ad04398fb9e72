import { useEffect, useId, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { getViewer } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import type { AmazonCartGroup, AmazonCartLine } from '~/modules/cart/amazon-cart.service.server'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import { AMAZON_CART_PAGE, amazonCartCopy as t } from '~/modules/cart/ui/amazon-cart-copy'
import { GiverFields } from '~/modules/registry/ui/giver-fields'
import { ItemPicture } from '~/modules/registry/ui/item-picture'
import { NOTE_MAX } from '~/modules/registry/registry.constants'
import { Alert, Badge, Button, Container, cx, FieldError, Icon, inputClasses, Label, LinkButton } from '~/ui'
import type { Route } from './+types/amazon-cart'

export const meta = () => [{ title: `${t.title} | Nestlist` }, { name: 'robots', content: 'noindex' }]

// One giver's cart: no shared cache may keep it.
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

type Intent = 'add' | 'update' | 'remove' | 'bought' | 'not-yet' | 'checkout'

/** What the action answers when it does not redirect: a message, and for a failure the fields and what was typed. */
type ActionResult =
  | { ok: true; intent: Intent; message: string }
  | { ok: false; intent: Intent; lineId: number | null; message: string; fields: FormFailure['fields']; values: Record<string, string> }

const text = (form: FormData, name: string, max = 300) => {
  const v = form.get(name)
  return typeof v === 'string' ? v.slice(0, max) : ''
}

/** /registry/amazon-cart: the giver's Amazon cart (cart type amazonCart), and ?add={itemId} asks a guest who is giving. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { viewer } = await pageCartViewer(request, context)
  const addId = Number(url.searchParams.get('add'))
  const [cart, adding] = await Promise.all([
    context.services.amazonCart.view(viewer),
    url.searchParams.has('add') ? context.services.amazonCart.itemForGiver(addId) : null,
  ])
  return { cart, adding, returnTo: safeRedirectPath(url.searchParams.get('returnTo'), adding ? `/${adding.slug}` : '') || null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const raw = text(form, 'intent', 20)
  const intent: Intent | null = (['add', 'update', 'remove', 'bought', 'not-yet', 'checkout'] as const).find((i) => i === raw) ?? null
  const lineId = Number(text(form, 'lineId', 20)) || null
  const values = { regItemId: text(form, 'regItemId', 20), quantity: text(form, 'quantity', 12), giverName: text(form, 'giverName', 200), giverEmail: text(form, 'giverEmail', 300), giftMessage: text(form, 'giftMessage', 2000), returnTo: text(form, 'returnTo', 2000) }
  const fail = (failure: Omit<FormFailure, 'ok'>) =>
    data<ActionResult>({ ok: false, intent: intent ?? 'add', lineId, message: failure.message, fields: failure.fields, values }, { status: failure.status })
  if (!intent) return fail({ message: 'Choose what to do with your Amazon cart.', fields: {}, status: 400 })
  const service = context.services.amazonCart

  if (intent === 'add') {
    const session = await getViewer(request, context)
    const { viewer, setCookie } = await pageCartViewer(request, context, { create: true })
    const headers = new Headers()
    if (setCookie) headers.append('Set-Cookie', setCookie)
    const returnTo = safeRedirectPath(values.returnTo, AMAZON_CART_PAGE)
    const fromDetails = text(form, 'step', 20) === 'details'
    try {
      await service.add(viewer, values, {
        userId: session?.user.id ?? null,
        name: session ? `${session.user.firstName} ${session.user.lastName}`.trim() : undefined,
        email: session?.user.email,
      })
      // A new gift's confirmation email is sent by the reservations service, as for every reservation.
      headers.append('Set-Cookie', flashCookie('amazon_cart_added'))
      throw redirect(returnTo, { headers })
    } catch (error) {
      if (error instanceof Response) throw error
      const failure = formFailure(error)
      // A guest's first gift: ask who is giving, on this page, then come back.
      if (!fromDetails && failure.fields.giverName && !values.giverName) {
        const q = new URLSearchParams({ add: values.regItemId, returnTo })
        throw redirect(`${AMAZON_CART_PAGE}?${q.toString()}#who`, { headers })
      }
      return data<ActionResult>({ ok: false, intent, lineId, message: failure.message, fields: failure.fields, values }, { status: failure.status, headers })
    }
  }

  const { viewer } = await pageCartViewer(request, context)
  if (intent === 'checkout') {
    try {
      // Sends the giver on to Amazon (in the new tab the form opened); nothing is marked bought here.
      throw redirect(await service.sendToAmazon(viewer, Number(text(form, 'registryId', 20))))
    } catch (error) {
      if (error instanceof Response) throw error
      return fail(formFailure(error))
    }
  }
  const before = await service.view(viewer)
  const line = before.registries.flatMap((g) => [...g.lines, ...g.bought]).find((l) => l.id === lineId)
  try {
    if (intent === 'remove') await service.remove(viewer, lineId ?? -1)
    else if (intent === 'update') await service.update(viewer, lineId ?? -1, { quantity: values.quantity })
    else await service.update(viewer, lineId ?? -1, { purchased: intent === 'bought' })
  } catch (error) {
    const failure = formFailure(error)
    return fail({ ...failure, message: failure.fields.quantity?.[0] ?? failure.message })
  }
  const title = line?.title ?? 'The gift'
  const message = intent === 'remove' ? t.removed : intent === 'update' ? t.updated : intent === 'bought' ? t.bought(title) : t.stillHeld(title)
  return data<ActionResult>({ ok: true, intent, message })
}

/** After a failure the quantities may be stale (someone else took one): load them again. */
export function shouldRevalidate({ defaultShouldRevalidate, actionResult }: { defaultShouldRevalidate: boolean; actionResult?: unknown }) {
  if ((actionResult as ActionResult | undefined)?.ok === false) return true
  return defaultShouldRevalidate
}

export default function AmazonCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, adding, returnTo } = loaderData
  const result = actionData as ActionResult | undefined
  const statusRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (result) statusRef.current?.focus()
  }, [result])
  const addFailure = result && !result.ok && result.intent === 'add' ? result : null
  return (
    <Container size="md" className="flex flex-col gap-6 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t.intro}</p>
      </div>

      <div ref={statusRef} tabIndex={-1} className="outline-none empty:hidden">
        {result && !(addFailure && adding) ? (
          result.ok ? (
            <Alert tone="success">{result.message}</Alert>
          ) : (
            <Alert tone="error" title={result.intent === 'add' ? t.couldNotAdd : undefined}>
              {result.message}
              {result.intent === 'add' && result.values.returnTo ? (
                <>
                  {' '}
                  <Link to={safeReturn(result.values.returnTo)} className="font-semibold underline">
                    {t.backToRegistry}
                  </Link>
                </>
              ) : null}
            </Alert>
          )
        ) : null}
      </div>

      {adding ? <WhoIsGiving item={adding} returnTo={returnTo} failure={addFailure} /> : null}

      {cart.registries.length === 0 ? (
        <div className="rounded-card border border-dashed border-line-strong p-8 text-center">
          <Icon name="cart" className="mx-auto size-8 text-berry-700" />
          <p className="mt-2 font-semibold text-ink">{t.empty}</p>
          <p className="text-muted">{t.emptyHint}</p>
          <LinkButton to={returnTo ?? '/find'} variant="secondary" size="sm" className="mt-4">
            {returnTo ? t.backToRegistry : 'Find a registry'}
          </LinkButton>
        </div>
      ) : (
        cart.registries.map((group) => <RegistryGroup key={group.registry.id} group={group} failure={result && !result.ok ? result : null} />)
      )}
    </Container>
  )
}

const safeReturn = (raw: string) => (raw.startsWith('/') && !raw.startsWith('//') ? raw : AMAZON_CART_PAGE)

/** 'Who is this gift from?': a guest's first Amazon gift needs a name and email for the reservation. */
function WhoIsGiving({
  item,
  returnTo,
  failure,
}: {
  item: { id: number; title: string; imageUrl: string; priceCents: number; familyName: string; stillNeeded: number }
  returnTo: string | null
  failure: Extract<ActionResult, { ok: false }> | null
}) {
  const navigation = useNavigation()
  const id = useId()
  const max = Math.max(0, Math.min(item.stillNeeded, 99))
  const err = (k: string) => failure?.fields[k]?.[0]
  const pending = navigation.state === 'submitting' && navigation.formData?.get('step') === 'details'
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus()
  }, [failure])
  return (
    <section id="who" aria-labelledby="who-title" className="scroll-mt-24 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <h2 id="who-title" className="text-xl font-bold text-ink">
        {t.whoTitle}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <ItemPicture item={item} width={64} height={64} className="size-16 shrink-0 rounded-xl border border-line bg-white object-cover" />
        <div className="min-w-0">
          <p className="leading-snug font-semibold text-ink">{item.title}</p>
          <p className="text-sm text-muted">
            {formatCents(item.priceCents)}&nbsp;· for {item.familyName}&nbsp;· {item.stillNeeded > 0 ? `${item.stillNeeded} still needed` : 'Fulfilled'}
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm text-muted">{t.whoIntro}</p>
      {failure ? (
        <div tabIndex={-1} role="alert" className="mt-4 outline-none">
          <Alert tone="error">{Object.keys(failure.fields).some((k) => k === 'giverName' || k === 'giverEmail') ? 'Please check the fields marked below.' : failure.message}</Alert>
        </div>
      ) : null}
      {max < 1 ? (
        <Alert tone="info" className="mt-4">
          This gift is fulfilled: it needs no more. Thank you for thinking of it!
        </Alert>
      ) : (
        // Posted to this same address (?add=…), so a failure comes back with this form and what was typed.
        <Form ref={formRef} method="post" action={`${AMAZON_CART_PAGE}?${new URLSearchParams({ add: String(item.id), ...(returnTo ? { returnTo } : {}) }).toString()}`} noValidate className="mt-5 flex flex-col gap-5">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="step" value="details" />
          <input type="hidden" name="regItemId" value={item.id} />
          <input type="hidden" name="returnTo" value={returnTo ?? ''} />
          <div>
            <Label htmlFor={`${id}-quantity`}>Quantity</Label>
            <select
              id={`${id}-quantity`}
              name="quantity"
              defaultValue={failure && Number(failure.values.quantity) <= max ? failure.values.quantity : '1'}
              aria-invalid={err('quantity') ? true : undefined}
              aria-describedby={err('quantity') ? `${id}-quantity-error` : undefined}
              className={cx(inputClasses, 'mt-1.5 sm:max-w-40')}
            >
              {Array.from({ length: max }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-quantity-error`}>{err('quantity')}</FieldError>
          </div>
          <GiverFields
            values={{ giverName: failure?.values.giverName ?? '', giverEmail: failure?.values.giverEmail ?? '', giftMessage: failure?.values.giftMessage ?? '' }}
            error={err}
            nameMax={80}
            emailHint="We send your confirmation here. The family does not see it."
            message={{ name: 'giftMessage', label: 'Gift message', id: `${id}-message`, max: NOTE_MAX }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={pending} pendingLabel={t.adding} icon={<Icon name="cart" className="size-4" />}>
              {t.whoSubmit}
            </Button>
            {returnTo ? (
              <Link to={returnTo} className="font-semibold text-berry-700 underline underline-offset-2">
                {t.backToRegistry}
              </Link>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  )
}

/** One family's gifts: the lines, 'Check out on Amazon', then 'Did you buy these?' and what was bought. */
function RegistryGroup({ group, failure }: { group: AmazonCartGroup; failure: Extract<ActionResult, { ok: false }> | null }) {
  const { registry, lines, bought, checkoutUrl } = group
  // With scripts the question shows as soon as the Amazon tab opens; the server notes the checkout too, so it
  // shows after a reload without scripts, and after the next answer with them.
  // Kept with the lines it was pressed for: fresh lines from the server (after an answer or the revalidation) take over.
  const [sentFor, setSentFor] = useState<AmazonCartLine[] | null>(null)
  const sentNow = sentFor === lines
  const asked = lines.filter((l) => l.sentToAmazonAt !== null || (sentNow && !l.unavailable))
  const count = lines.filter((l) => !l.unavailable).reduce((n, l) => n + l.quantity, 0)
  const titleId = `registry-${registry.id}-title`
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-card border border-line bg-white p-4 shadow-card sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {t.giftsFor(registry.familyName)}
        </h2>
        <Link to={`/${registry.slug}`} className="text-sm font-semibold text-berry-700 underline underline-offset-2">
          {registry.title}
          <span className="sr-only"> (the registry)</span>
        </Link>
      </div>

      {lines.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line" aria-label={`Gifts held for you for ${registry.familyName}`}>
          {lines.map((line) => (
            <li key={line.id} className="py-4 first:pt-0">
              <CartLine line={line} failure={failure?.lineId === line.id ? failure : null} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No gifts held for this family right now.</p>
      )}

      {checkoutUrl ? (
        <div className="flex flex-col gap-3 rounded-xl bg-cream p-4">
          {/* A plain form in a new tab: it works without scripts, and the server notes the gifts went to Amazon before redirecting there. */}
          <form
            method="post"
            action={AMAZON_CART_PAGE}
            target="_blank"
            // noopener, not noreferrer: without a referrer the browser sends 'Origin: null', which the CSRF check refuses.
            {...{ rel: 'noopener' }}
            onSubmit={() => setSentFor(lines)}
            data-amazon-checkout={checkoutUrl}
          >
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="registryId" value={registry.id} />
            <Button type="submit" size="lg" className="w-full sm:w-auto" icon={<Icon name="cart" className="size-5" />}>
              {t.checkout}
              <span className="sr-only"> (opens amazon.com in a new tab)</span>
            </Button>
          </form>
          <p className="text-sm text-ink">{t.checkoutHint(count)}</p>
          <p className="flex items-start gap-2 text-sm text-muted">
            <Icon name="truck" className="mt-0.5 size-4 shrink-0" />
            {registry.shipsTo ? t.shipsTo(registry.familyName, registry.shipsTo.city, registry.shipsTo.state) : t.noShipsTo(registry.familyName)}
          </p>
        </div>
      ) : null}

      {asked.length > 0 ? (
        <div id={`ask-${registry.id}`} className="rounded-xl border-2 border-berry-700/30 p-4" role="group" aria-labelledby={`ask-${registry.id}-title`}>
          <h3 id={`ask-${registry.id}-title`} className="text-lg font-bold text-ink">
            {t.askTitle}
          </h3>
          <p className="mt-1 text-sm text-muted">{t.askIntro}</p>
          <ul className="mt-3 flex flex-col gap-3">
            {asked.map((line) => (
              <li key={line.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <span className="font-semibold text-ink">
                  {line.quantity > 1 ? `${line.quantity} × ` : ''}
                  {line.title}
                </span>
                <AnswerButtons line={line} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {bought.length > 0 ? (
        <div>
          <h3 className="text-lg font-bold text-ink">{t.boughtTitle}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {bought.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant="success">
                  <Icon name="check" className="size-3" /> Bought
                </Badge>
                <span className="font-semibold text-ink">
                  {line.quantity > 1 ? `${line.quantity} × ` : ''}
                  {line.title}
                </span>
                <Link to={`/reservations/${line.reservationId}`} aria-label={`${t.seeGift}: ${line.title}`} className="font-semibold text-berry-700 underline underline-offset-2">
                  {t.seeGift}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function busy(navigation: ReturnType<typeof useNavigation>, intent: Intent, lineId: number) {
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('lineId') === String(lineId)
}

/** One held gift: picture, title, price, ASIN, quantity (up to what it may hold) and Remove. */
function CartLine({ line, failure }: { line: AmazonCartLine; failure: Extract<ActionResult, { ok: false }> | null }) {
  const navigation = useNavigation()
  const id = useId()
  const quantityError = failure?.intent === 'update' ? failure.message : undefined
  return (
    <article className="flex gap-3 sm:gap-4" aria-labelledby={`${id}-title`}>
      <ItemPicture item={line} width={96} height={96} className="size-20 shrink-0 rounded-xl border border-line bg-white object-cover sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <h3 id={`${id}-title`} className="leading-snug font-semibold break-words text-ink">
            {line.title}
          </h3>
          <p className="text-sm text-muted">
            {formatCents(line.priceCents)}&nbsp;· ASIN {line.asin}&nbsp;·{' '}
            <a href={line.amazonUrl} target="_blank" rel="noopener noreferrer nofollow" className="font-semibold text-berry-700 underline underline-offset-2">
              {t.viewOnAmazon}
              <span className="sr-only">: {line.title} (opens in a new tab)</span>
            </a>
          </p>
          {line.unavailable ? <p className="mt-1 text-sm font-semibold text-berry-800">{line.unavailable}</p> : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" action={AMAZON_CART_PAGE} preventScrollReset className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <div>
              <Label htmlFor={`${id}-quantity`}>
                Quantity<span className="sr-only">: {line.title}</span>
              </Label>
              <select
                id={`${id}-quantity`}
                name="quantity"
                key={`${line.quantity}-${line.maxQuantity}`}
                defaultValue={failure?.intent === 'update' && Number(failure.values.quantity) <= line.maxQuantity ? failure.values.quantity : String(line.quantity)}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
                className={cx(inputClasses, 'mt-1 w-20')}
              >
                {Array.from({ length: Math.max(line.maxQuantity, line.quantity) }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="md" variant="secondary" pending={busy(navigation, 'update', line.id)} pendingLabel={t.saving}>
              {t.update}
              <span className="sr-only">: {line.title}</span>
            </Button>
          </Form>
          <Form method="post" action={AMAZON_CART_PAGE} preventScrollReset>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <Button type="submit" size="md" variant="ghost" pending={busy(navigation, 'remove', line.id)} pendingLabel="Removing…">
              {t.remove}
              <span className="sr-only">: {line.title}</span>
            </Button>
          </Form>
        </div>
        <FieldError id={`${id}-quantity-error`}>{quantityError}</FieldError>
        {failure && failure.intent !== 'update' ? (
          <p role="alert" className="text-sm font-medium text-berry-700">
            {failure.message}
          </p>
        ) : null}
      </div>
    </article>
  )
}

/** 'Yes, I bought it' and 'Not yet' for one gift that went to Amazon. */
function AnswerButtons({ line }: { line: AmazonCartLine }) {
  const navigation = useNavigation()
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" action={AMAZON_CART_PAGE} preventScrollReset>
        <input type="hidden" name="intent" value="bought" />
        <input type="hidden" name="lineId" value={line.id} />
        <Button type="submit" size="sm" pending={busy(navigation, 'bought', line.id)} pendingLabel={t.saving}>
          {t.yes}
          <span className="sr-only">: {line.title}</span>
        </Button>
      </Form>
      <Form method="post" action={AMAZON_CART_PAGE} preventScrollReset>
        <input type="hidden" name="intent" value="not-yet" />
        <input type="hidden" name="lineId" value={line.id} />
        <Button type="submit" size="sm" variant="ghost" pending={busy(navigation, 'not-yet', line.id)} pendingLabel={t.saving}>
          {t.notYet}
          <span className="sr-only">: {line.title}</span>
        </Button>
      </Form>
    </div>
  )
}
