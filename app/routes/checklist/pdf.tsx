import { getViewer } from '~/modules/accounts/auth.server'
import { renderChecklistPdf } from '~/modules/checklist/checklist.pdf.server'
import type { Route } from './+types/pdf'

/**
 * /baby-registry-checklist.pdf: the checklist as a PDF. A signed-in owner gets their own copy (with what
 * is checked on their newest registry, or ?registry={id}); everyone else a blank one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context)
  const services = context.services
  let owner: Awaited<ReturnType<typeof services.checklist.forRegistry>> | null = null
  if (viewer) {
    const raw = new URL(request.url).searchParams.get('registry')
    const owned = await services.registry.ownedBy(viewer.user.id)
    const chosen = raw ? owned.find((r) => String(r.id) === raw) : owned[0]
    if (chosen) owner = await services.checklist.forRegistry(chosen.id, viewer.user.id)
  }
  const pdf = owner
    ? await renderChecklistPdf({
        categories: owner.categories,
        checkedIds: new Set(owner.categories.flatMap((c) => c.items.filter((i) => i.checked).map((i) => i.id))),
        subtitle: `${owner.registryTitle}: your checklist, with what is already on your registry ticked.`,
      })
    : await renderChecklistPdf({ categories: await services.checklist.categories(), checkedIds: null })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${owner ? 'my-baby-registry-checklist' : 'nestlist-baby-registry-checklist'}.pdf"`,
      'Content-Length': String(pdf.length),
      // The owner's copy is personal; the blank one is the same for everyone.
      'Cache-Control': owner ? 'private, no-store' : 'public, max-age=300',
      Vary: 'Cookie',
    },
  })
}
