import { Outlet } from 'react-router'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsNav } from '~/modules/accounts/ui/settings-nav'
import type { Route } from './+types/layout'

// Personal data: no shared cache may keep these pages.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The settings frame: every settings page needs a signed-in user and shares the section navigation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return null
}

export default function SettingsLayout() {
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
      <div className="min-w-0 lg:sticky lg:top-6 lg:self-start">
        <p className="mb-3 hidden text-sm font-bold tracking-wide text-muted uppercase lg:block">Settings</p>
        <SettingsNav />
      </div>
      <div className="min-w-0 max-w-3xl">
        <Outlet />
      </div>
    </div>
  )
}
