import { lazy, Suspense, useState } from 'react'
import { track } from '~/modules/analytics/track'
import { REGISTRY_DISCOUNT_SHOP_PATH } from '~/modules/config/app-config'
import type { ShopDiscount } from '../discount.service.server'

export const REGISTRY_DISCOUNT_SLOT = 'registry-discount'

/**
 * The landing page's banner is its own page-wide container (not inside one), so where there is no banner there is
 * only the empty slot, as on the other shop pages (server/personal-copy.ts puts a signed-in owner's banner there).
 * Container's classes written out (`containerClass('xl', …)`, a test holds them equal): a call here, when the module
 * is first evaluated, ran before the shared chunk it imports from in the server build's import cycle.
 */
export const LANDING_DISCOUNT_BANNER_CLASS = 'mx-auto w-full px-4 sm:px-6 lg:px-8 max-w-7xl -mb-8 pt-4 sm:-mb-12'

// Loaded only when a person asks for it, so the shop pages' JavaScript does not grow.
const DiscountStatusModal = lazy(() => import('./discount-status-modal'))

/**
 * Spec §2 'Registry discount banner': 'Get {percent} off at the shop' with 'Learn more'. With the modal
 * flag on, 'Learn more' opens the status modal (without JavaScript it still goes to the registry discount
 * shop); with it off, it goes to the registry discount shop. The loader passes null when the banner is
 * not for this viewer (not signed in, registry not eligible, home banner ads on the page).
 */
export function RegistryDiscountBanner({ promo, className }: { promo: ShopDiscount | null; className?: string }) {
  const [open, setOpen] = useState(false)
  // Where the banner goes, for the page cache to put a signed-in owner's banner into the page's shared copy
  // (server/personal-copy.ts). A <template> is never shown and takes no room.
  if (!promo) return <template data-personal-slot={REGISTRY_DISCOUNT_SLOT} />
  const { discount, modalFlag } = promo
  return (
    <aside aria-label="Registry discount" className={className}>
      <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-card bg-berry-50 px-4 py-3 text-center text-ink ring-1 ring-berry-100">
        <span className="font-bold">Get {discount.percent}% off at the shop</span>
        <a
          href={REGISTRY_DISCOUNT_SHOP_PATH}
          className="rounded font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800"
          onClick={(event) => {
            track({ name: 'banner_clicked', bannerName: 'registry_discount', url: REGISTRY_DISCOUNT_SHOP_PATH })
            if (!modalFlag) return
            event.preventDefault()
            setOpen(true)
          }}
        >
          Learn more<span className="sr-only"> about your registry discount</span>
        </a>
      </p>
      {open ? (
        <Suspense fallback={null}>
          <DiscountStatusModal discount={discount} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </aside>
  )
}
