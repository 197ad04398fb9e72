import { data, Form, Link, useNavigation } from 'react-router'
import { arrivalLine, registryTypeLabels } from '~/modules/registry/ui/guest-filters'
import { Button, Container, Icon, TextField } from '~/ui'
import type { Route } from './+types/find'

const MIN_TERM = 2
const MAX_TERM = 80

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.term ? `Registries matching “${loaderData.term}” | Nestlist` : 'Find a registry | Nestlist' },
  { name: 'description', content: 'Find a friend’s baby registry on Nestlist by their name or the registry title.' },
  // Result pages are searches, not content: only the empty form may be listed.
  ...(loaderData?.term ? [{ name: 'robots', content: 'noindex' }] : []),
]

/** /find?search_term=: registries by family name or title. Private registries never appear (the service leaves them out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const term = (new URL(request.url).searchParams.get('search_term') ?? '').trim()
  if (!term) return { term: '', error: null, results: null }
  if (term.length < MIN_TERM) return data({ term, error: `Enter at least ${MIN_TERM} letters of a name or registry title.`, results: null }, { status: 400 })
  if (term.length > MAX_TERM) return data({ term: term.slice(0, MAX_TERM), error: `Use at most ${MAX_TERM} characters.`, results: null }, { status: 400 })
  return { term, error: null, results: await context.services.registry.find(term, 30) }
}

export default function FindRegistry({ loaderData }: Route.ComponentProps) {
  const { term, error, results } = loaderData
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/find'
  return (
    <Container size="md" className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Find a registry</h1>
      <p className="mt-2 text-muted">Search by the family’s name or the registry title to find their gifts.</p>
      <Form method="get" role="search" noValidate className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Find a registry">
        <TextField
          key={term}
          label="Find a registry"
          name="search_term"
          type="search"
          placeholder="Name or registry title"
          defaultValue={term}
          required
          minLength={MIN_TERM}
          maxLength={MAX_TERM}
          autoComplete="off"
          error={error ?? undefined}
          containerClassName="flex-1"
        />
        <Button type="submit" className="sm:mt-7" pending={searching} pendingLabel="Searching…" icon={<Icon name="search" className="size-5" />}>
          Search registries
        </Button>
      </Form>

      <div className="mt-8" aria-live="polite">
        {results === null ? (
          error ? null : (
            <p className="rounded-card bg-cream p-5 text-ink">
              Looking for someone’s registry? Type their first or last name, like “Rivera”, or the title of their registry.
            </p>
          )
        ) : results.length === 0 ? (
          <div className="rounded-card border border-dashed border-line-strong p-6">
            <h2 className="font-semibold text-ink">No registries match “{term}”.</h2>
            <p className="mt-1 text-muted">
              Check the spelling, try just a last name, or ask the family for their registry link. Some families keep their registry private, so it
              only opens from their link.
            </p>
          </div>
        ) : (
          <>
            <h2 className="text-lg font-semibold text-ink">
              {results.length === 1 ? '1 registry' : `${results.length} registries`} matching “{term}”
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {results.map((r) => {
                const arrival = arrivalLine(r.registryType, r.arrivalMonth)
                return (
                  <li key={r.id}>
                    <Link
                      to={`/${r.slug}`}
                      className="flex items-center gap-4 rounded-card border border-line bg-white p-4 shadow-card transition-colors hover:border-berry-700"
                    >
                      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-berry-50 text-berry-700" aria-hidden="true">
                        <Icon name="gift" className="size-6" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-ink">{r.familyName}</span>
                        <span className="block text-ink">{r.title}</span>
                        <span className="mt-1 block text-sm text-muted">
                          {[registryTypeLabels[r.registryType] ?? 'Registry', arrival, r.shipsTo ? `${r.shipsTo.city}, ${r.shipsTo.state}` : null]
                            .filter(Boolean)
                            .join('\u00a0· ')}
                        </span>
                      </span>
                      <Icon name="chevron-right" className="size-5 shrink-0 text-muted" />
                    </Link>
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </div>
    </Container>
  )
}
