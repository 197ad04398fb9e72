import { Suspense, useState } from 'react'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { Icon } from '~/ui'
import { lazyChunk } from '~/lib/chunk-load'

// The drawer (with the dialog code it needs) is fetched on the first press of the menu button: it is
// not part of any page's first load.
const MobileMenuDrawer = lazyChunk('mobile-menu-drawer', () => import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })))

/** Below the desktop breakpoint: a menu button that opens the store categories in a drawer from the left. */
export function MobileMenu({ navbar }: { navbar: NavbarCategory[] }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  if (navbar.length === 0) return null
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
        aria-haspopup="dialog"
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-berry-50"
      >
        <Icon name="menu" className="size-6" />
        <span className="sr-only">Shop categories</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer navbar={navbar} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
