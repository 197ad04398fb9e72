import { useRef } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { formFields, formIntent } from '~/lib/form-data'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { COLLABORATOR_INVITE_DAYS } from '~/modules/registry/collaborators.validation'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { Alert, Badge, Button, LinkButton, TextField } from '~/ui'
import type { Route } from './+types/collaborators'

export const meta = () => [{ title: 'Collaborators | Nestlist' }, { name: 'robots', content: 'noindex' }]

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const formatDate = (iso: string) => dateFormat.format(new Date(iso))

/** /settings/collaborators: the owner invites a partner or helper, sees who helps, removes them; a collaborator can leave. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) return { registry: null, people: null, me: user.id, action: '' }
  const url = new URL(request.url)
  return {
    registry: { id: registry.id, title: registry.title },
    people: await context.services.collaborators.list(registry.id, user.id),
    me: user.id,
    action: `/settings/collaborators${url.searchParams.get('registry') ? `?registry=${registry.id}` : ''}`,
  }
}

type Intent = 'invite' | 'remove' | 'cancel' | 'leave'
type ActionResult = { ok: true; intent: Intent; message: string; at: number } | (FormFailure & { intent: Intent; email?: string; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  const form = await request.formData()
  const intent = formIntent(form, ['invite', 'remove', 'cancel', 'leave'], 'invite')
  const f = formFields(form, { email: 300, id: Infinity })
  const at = Date.now()
  if (!registry) return data<ActionResult>({ ok: false, message: 'You do not have a registry yet.', fields: {}, status: 404, intent, at }, { status: 404 })
  const service = context.services.collaborators
  const email = f.email
  try {
    if (intent === 'invite') {
      const sent = await service.invite(registry.id, user.id, { email }, { origin: context.services.publicOrigin, inviterFirstName: user.firstName })
      return data<ActionResult>({ ok: true, intent, message: `Invitation sent to ${sent.email}. The link works once, for ${COLLABORATOR_INVITE_DAYS} days.`, at })
    }
    if (intent === 'leave') {
      await service.leave(registry.id, user.id)
      throw redirect('/registry/home', { headers: { 'Set-Cookie': flashCookie('collaborator_left') } })
    }
    const id = Number(f.id)
    if (intent === 'cancel') {
      await service.cancelInvitation(registry.id, user.id, id)
      return data<ActionResult>({ ok: true, intent, message: 'Invitation cancelled. Its link no longer works.', at })
    }
    await service.remove(registry.id, user.id, id)
    return data<ActionResult>({ ok: true, intent, message: 'Removed. They can no longer see or change this registry’s settings and items.', at })
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, intent, email: intent === 'invite' ? email : undefined, at }, { status: failure.status })
  }
}

export default function Collaborators({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, people, me, action } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const pending = (intent: Intent, id?: number) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && (id === undefined || navigation.formData?.get('id') === String(id))
  const inviteForm = useRef<HTMLFormElement>(null)
  const failure = result && !result.ok ? result : undefined
  useFocusFirstInvalid(inviteForm, failure?.intent === 'invite' ? failure : undefined)

  if (!registry || !people) {
    return (
      <>
        <SettingsPageHeader title="Collaborators" />
        <SettingsSection id="no-registry" title="You do not have a registry yet">
          <p className="text-base text-muted">Once you have one, you can invite a partner or helper to manage it with you.</p>
          <LinkButton to="/registry/new" className="mt-4">
            Start your registry
          </LinkButton>
        </SettingsSection>
      </>
    )
  }
  const isOwner = people.role === 'owner'
  const inviteError = failure?.intent === 'invite' ? failure.fields.email?.[0] : undefined
  return (
    <>
      <SettingsPageHeader
        title="Collaborators"
        intro={
          isOwner
            ? `Invite a partner, a grandparent or a friend to help with ${registry.title}. Collaborators can add and edit items, organize categories, change settings and see the gift tracker. Only you can delete the registry or change who helps.`
            : `You help manage ${registry.title}, which belongs to ${people.owner.name}. You can add and edit items, organize categories, change settings and see the gift tracker.`
        }
      />
      <div className="flex flex-col gap-6">
        {result?.ok ? (
          <Alert tone="success" key={result.at}>
            {result.message}
          </Alert>
        ) : null}
        {failure && !inviteError ? (
          <Alert tone="error" key={failure.at}>
            {failure.message}
          </Alert>
        ) : null}

        {isOwner ? (
          <SettingsSection id="invite" title="Invite someone" description={`We email them a link that works once, for ${COLLABORATOR_INVITE_DAYS} days. They sign in or create a free account to accept.`}>
            <Form method="post" action={action} ref={inviteForm} key={result?.ok && result.intent === 'invite' ? result.at : 'invite'} className="flex flex-col gap-4 sm:flex-row sm:items-start" noValidate>
              <input type="hidden" name="intent" value="invite" />
              <TextField
                label="Their email address"
                name="email"
                type="email"
                autoComplete="off"
                inputMode="email"
                required
                maxLength={254}
                defaultValue={failure?.intent === 'invite' ? (failure.email ?? '') : ''}
                error={inviteError}
                containerClassName="min-w-0 flex-1"
              />
              <Button type="submit" pending={pending('invite')} pendingLabel="Sending…" className="sm:mt-7">
                Send invitation
              </Button>
            </Form>
          </SettingsSection>
        ) : null}

        <SettingsSection id="people" title="Who manages this registry">
          <ul className="flex flex-col divide-y divide-line">
            <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">
                  {people.owner.name}
                  {people.owner.userId === me ? <span className="font-normal text-muted"> (you)</span> : null}
                </p>
                <p className="text-sm break-all text-muted">{people.owner.email}</p>
              </div>
              <Badge variant="primary">Owner</Badge>
            </li>
            {people.collaborators.map((c) => (
              <li key={c.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink">
                    {c.name}
                    {c.userId === me ? <span className="font-normal text-muted"> (you)</span> : null}
                  </p>
                  <p className="text-sm break-all text-muted">
                    {c.email}&nbsp;· joined {formatDate(c.joinedAt)}
                  </p>
                </div>
                {isOwner ? (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={c.userId} />
                    <Button type="submit" variant="secondary" size="sm" pending={pending('remove', c.userId)} pendingLabel="Removing…" aria-label={`Remove ${c.name}`}>
                      Remove
                    </Button>
                  </Form>
                ) : c.userId === me ? (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="leave" />
                    <Button type="submit" variant="secondary" size="sm" pending={pending('leave')} pendingLabel="Leaving…">
                      Leave this registry
                    </Button>
                  </Form>
                ) : (
                  <Badge>Collaborator</Badge>
                )}
              </li>
            ))}
          </ul>
          {people.collaborators.length === 0 ? <p className="mt-3 text-sm text-muted">No collaborators yet. Invite someone above.</p> : null}
        </SettingsSection>

        {isOwner && people.invitations.length > 0 ? (
          <SettingsSection id="invitations" title="Invitations not yet accepted">
            <ul className="flex flex-col divide-y divide-line">
              {people.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
                  <div className="min-w-0">
                    <p className="font-semibold break-all text-ink">{i.email}</p>
                    <p className="text-sm text-muted">
                      Sent {formatDate(i.createdAt)}&nbsp;· {i.expired ? `expired ${formatDate(i.expiresAt)}: invite them again for a new link` : `link works until ${formatDate(i.expiresAt)}`}
                    </p>
                  </div>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="id" value={i.id} />
                    <Button type="submit" variant="secondary" size="sm" pending={pending('cancel', i.id)} pendingLabel="Cancelling…" aria-label={`Cancel the invitation to ${i.email}`}>
                      Cancel invitation
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </SettingsSection>
        ) : null}
      </div>
    </>
  )
}
