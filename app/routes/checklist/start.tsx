import { redirect } from 'react-router'
import { getViewer } from '~/modules/accounts/auth.server'
import type { Route } from './+types/start'

/**
 * /baby-registry-checklist/start_checklist: owners go to their checklist; everyone else to the registry
 * flow (sign up, then create a registry) marked as coming from the checklist, which ends on the checklist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context)
  if (viewer && (await context.services.registry.ownedBy(viewer.user.id)).length > 0) throw redirect('/registry/checklist')
  throw redirect('/registry/new?lp_content=checklist')
}
