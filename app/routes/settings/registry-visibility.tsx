import { data, Form, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { SEARCH_LEVELS, searchLevelLabels } from '~/modules/registry/registry.constants'
import { RadioCards } from '~/modules/registry/ui/create-steps'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { Alert, Button, LinkButton } from '~/ui'
import type { Route } from './+types/registry-visibility'

export const meta = () => [{ title: 'Registry privacy | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/registry/visibility: who can find the registry (Nestlist only, private, or public = google). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  const url = new URL(request.url)
  return registry
    ? {
        registry: { id: registry.id, title: registry.title, searchLevel: registry.searchLevel },
        action: `/settings/registry/visibility${url.searchParams.get('registry') ? `?registry=${registry.id}` : ''}`,
      }
    : { registry: null, action: '' }
}

type ActionResult = { ok: true; at: number } | (FormFailure & { at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  const form = await request.formData()
  const at = Date.now()
  if (!registry) return data<ActionResult>({ ok: false, message: 'You do not have a registry yet.', fields: {}, status: 404, at }, { status: 404 })
  try {
    await context.services.registry.setVisibility(registry.id, user.id, { searchLevel: form.get('searchLevel') ?? undefined })
    return data<ActionResult>({ ok: true, at })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, at }, { status: failure.status })
  }
}

export default function RegistryVisibility({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, action } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  if (!registry) {
    return (
      <>
        <SettingsPageHeader title="Registry privacy" />
        <SettingsSection id="no-registry" title="You do not have a registry yet">
          <p className="text-base text-muted">Once you have one, choose here who can find it.</p>
          <LinkButton to="/registry/new" className="mt-4">
            Start your registry
          </LinkButton>
        </SettingsSection>
      </>
    )
  }
  const failure = result && !result.ok ? result : undefined
  return (
    <>
      <SettingsPageHeader
        title="Registry privacy"
        intro="Choose who can find your registry by searching. Anyone you send your link to can always open it."
      />
      <SettingsSection id="search-level" title="Who can find your registry">
        <Form method="post" action={action} key={result?.ok ? result.at : 'visibility'} className="flex flex-col gap-6" noValidate>
          {result?.ok ? <Alert tone="success">Your privacy setting is saved.</Alert> : null}
          {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
          <RadioCards
            name="searchLevel"
            legend={<span className="sr-only">Who can find your registry</span>}
            options={SEARCH_LEVELS.map((level) => ({ value: level, ...searchLevelLabels[level] }))}
            value={registry.searchLevel}
            error={failure?.fields.searchLevel?.[0]}
          />
          <div>
            <Button type="submit" pending={busy} pendingLabel="Saving…">
              Save privacy setting
            </Button>
          </div>
        </Form>
      </SettingsSection>
    </>
  )
}
