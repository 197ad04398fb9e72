import { Suspense, useState } from 'react'
import { track } from '~/modules/analytics/track'
import { useVisitor } from '~/components/visitor'
import { REGISTRY_DISCOUNT, REGISTRY_DISCOUNT_SHOP_PATH } from '~/modules/config/app-config'
import { lazyChunk } from '~/lib/chunk-load'

/**
 * The landing page's banner is its own page-wide container (not inside one).
 * Container's classes written out (`containerClass('xl', …)`, a test holds them equal): a call here, when the module
 * is first evaluated, ran before the shared chunk it imports from in the server build's import cycle.
 */
export const LANDING_DISCOUNT_BANNER_CLASS = 'mx-auto w-full px-4 sm:px-6 lg:px-8 max-w-7xl -mb-8 pt-4 sm:-mb-12'

// Loaded only when a person asks for it, so the shop pages' JavaScript does not grow.
const DiscountStatusModal = lazyChunk('discount-status-modal', () => import('./discount-status-modal'))

const LINK_CLASS = 'rounded font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800'

/**
 * Spec §2 'Registry discount banner': 'Get {percent} off at the shop' with 'Learn more' for an owner whose discount is
 * open. With the modal flag on, 'Learn more' opens the status modal (without JavaScript it still goes to the registry
 * discount shop); with it off, it goes to the registry discount shop. The page is the same for everyone, so the banner
 * learns who is looking in the browser (app/components/visitor.tsx) and keeps its height whatever it says: until then,
 * without JavaScript, and for anyone else it says what a registry brings, which is true for all of them, with the way
 * to the registry discount shop (where a signed-in owner sees their own discount).
 */
export function RegistryDiscountBanner({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  const promo = useVisitor().facts?.discountBanner ?? null
  return (
    <aside aria-label="Registry discount" className={className}>
      <p className="flex min-h-[6.5rem] min-[360px]:min-h-[4.75rem] flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-card bg-berry-50 px-4 py-3 text-center text-ink ring-1 ring-berry-100 sm:min-h-12" data-registry-discount>
        <span className="font-bold">{promo ? `Get ${promo.discount.percent}% off at the shop` : `Registries get ${REGISTRY_DISCOUNT.percent}% off at the shop`}</span>
        <a
          href={REGISTRY_DISCOUNT_SHOP_PATH}
          className={LINK_CLASS}
          onClick={(event) => {
            track({ name: 'banner_clicked', bannerName: 'registry_discount', url: REGISTRY_DISCOUNT_SHOP_PATH })
            if (!promo?.modalFlag) return
            event.preventDefault()
            setOpen(true)
          }}
        >
          Learn more<span className="sr-only"> about {promo ? 'your' : 'the'} registry discount</span>
        </a>
      </p>
      {open && promo ? (
        <Suspense fallback={null}>
          <DiscountStatusModal discount={promo.discount} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </aside>
  )
}
