import { useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { publicOrigin } from '~/lib/links'
import { requireUser } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { INVITE_MESSAGE_MAX, MAX_INVITES_PER_SEND } from '~/modules/registry/registry-invitations.server'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { qrCodeDataUri } from '~/modules/registry/ui/share-qr.server'
import { ShareLinkField } from '~/modules/registry/ui/share-link-field'
import { Alert, Button, Card, cx, FieldError, Icon, inputClasses, Label, LinkButton } from '~/ui'
import type { Route } from './+types/share'

export const meta = () => [{ title: 'Share your registry | Nestlist' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /registry/share and /registry/share/link: the link, a QR code and email invitations. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new')
  const url = new URL(request.url)
  const link = `${publicOrigin(context.publicUrl ?? url.origin)}/${registry.slug}`
  const [qr, remainingToday] = await Promise.all([qrCodeDataUri(link), context.services.registryInvitations.remainingToday(registry.id)])
  return {
    registry: { id: registry.id, title: registry.title, slug: registry.slug, searchLevel: registry.searchLevel },
    link,
    qr,
    remainingToday,
    query: url.searchParams.get('registry') ? `?registry=${registry.id}` : '',
    limits: { perSend: MAX_INVITES_PER_SEND, messageMax: INVITE_MESSAGE_MAX },
  }
}

type ActionResult = { ok: true; invited: string[]; remainingToday: number; at: number } | (FormFailure & { emails: string; note: string; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new')
  const form = await request.formData()
  const emails = String(form.get('emails') ?? '').slice(0, 5000)
  const note = String(form.get('message') ?? '').slice(0, 2000)
  const at = Date.now()
  try {
    const sent = await context.services.registryInvitations.invite(
      registry.id,
      user.id,
      { emails, message: note },
      { origin: context.services.publicOrigin, senderFirstName: user.firstName },
    )
    return data<ActionResult>({ ok: true, invited: sent.invited, remainingToday: sent.remainingToday, at })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, emails, note, at }, { status: failure.status })
  }
}

export default function ShareRegistry({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, link, qr, remainingToday, query, limits } = loaderData
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const err = (k: string) => failure?.fields[k]?.[0]
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 py-2 sm:py-4">
      <header>
        <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">{registry.title}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Share your registry</h1>
        <p className="mt-2 max-w-prose text-base text-muted">
          Send your link to family and friends, put the QR code on a shower invitation, or let us email them for you.
        </p>
      </header>

      {registry.searchLevel === 'private' ? (
        <Alert tone="info">
          Your registry is private: it never shows up in search, so people need this link to find it.{' '}
          <Link to={`/settings/registry/visibility${query}`} className="font-semibold underline underline-offset-2">
            Privacy settings
          </Link>
        </Alert>
      ) : null}

      <Card as="section" aria-labelledby="link-title" className="p-5 sm:p-7">
        <h2 id="link-title" className="text-lg font-bold text-ink sm:text-xl">
          Your link
        </h2>
        <div className="mt-4">
          <ShareLinkField url={link} />
        </div>
        <div className="mt-4 flex flex-col items-center gap-5 border-t border-line pt-5 sm:flex-row sm:items-start">
          <img src={qr} alt={`QR code that opens ${link}`} width={176} height={176} className="size-44 shrink-0 rounded-xl border border-line bg-white" />
          <div className="text-center sm:text-left">
            <h3 className="font-bold text-ink">QR code</h3>
            <p className="mt-1 text-sm text-muted">Guests point their phone camera at it to open your registry. It works printed on cards and invitations too.</p>
            <a
              href={qr}
              download={`nestlist-${registry.slug}-qr.svg`}
              className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-berry-700 bg-white px-5 font-semibold text-berry-700 hover:bg-berry-50"
            >
              <Icon name="arrow-right" className="size-4 rotate-90" />
              Download QR code
            </a>
          </div>
        </div>
      </Card>

      <Card as="section" aria-labelledby="invite-title" className="p-5 sm:p-7">
        <h2 id="invite-title" className="text-lg font-bold text-ink sm:text-xl">
          Invite by email
        </h2>
        <p className="mt-1 text-sm text-muted">
          We send each person a short note from you with a link to your registry. Up to {limits.perSend} at a time; {remainingToday} left today.
        </p>
        <Form ref={formRef} method="post" key={result?.ok ? result.at : 'invite'} className="mt-5 flex flex-col gap-5" noValidate>
          {result?.ok ? (
            <Alert tone="success" title={`Invitation${result.invited.length === 1 ? '' : 's'} sent`}>
              We emailed {result.invited.join(', ')}.
            </Alert>
          ) : null}
          {failure && !failure.fields.emails && !failure.fields.message ? <Alert tone="error">{failure.message}</Alert> : null}
          <div>
            <Label htmlFor="invite-emails">Email addresses</Label>
            <p id="invite-emails-hint" className="mt-1 text-sm text-muted">
              One per line, or separated by commas.
            </p>
            <textarea
              id="invite-emails"
              name="emails"
              rows={4}
              required
              autoComplete="off"
              spellCheck={false}
              defaultValue={failure?.emails}
              aria-invalid={err('emails') ? true : undefined}
              aria-describedby={cx('invite-emails-hint', err('emails') && 'invite-emails-error')}
              className={cx(inputClasses, 'mt-1.5')}
              placeholder="grandma@example.com"
            />
            <FieldError id="invite-emails-error">{err('emails')}</FieldError>
          </div>
          <div>
            <Label htmlFor="invite-message" optional>
              Your message
            </Label>
            <textarea
              id="invite-message"
              name="message"
              rows={3}
              maxLength={limits.messageMax}
              defaultValue={failure?.note}
              aria-invalid={err('message') ? true : undefined}
              aria-describedby={err('message') ? 'invite-message-error' : undefined}
              className={cx(inputClasses, 'mt-1.5')}
            />
            <FieldError id="invite-message-error">{err('message')}</FieldError>
          </div>
          <div>
            <Button type="submit" pending={busy} pendingLabel="Sending…" disabled={remainingToday === 0}>
              Send invitations
            </Button>
          </div>
        </Form>
      </Card>

      <Card as="section" aria-labelledby="insert-cards-title" className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-7">
        <div>
          <h2 id="insert-cards-title" className="text-xl font-bold text-ink">
            Insert cards for shower invitations
          </h2>
          <p className="mt-1 text-base text-muted">Printed cards with your registry’s address and QR code. Your first set is free, with free shipping.</p>
        </div>
        <LinkButton to={`/registry/share/insert-cards${query}`} variant="secondary" className="shrink-0">
          Order insert cards
        </LinkButton>
      </Card>
    </div>
  )
}

