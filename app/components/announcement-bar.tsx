import { useLayoutEffect, useRef } from 'react'
import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'
import { Container, Icon, Tooltip } from '~/ui'
import { ANNOUNCEMENT_BAR } from './kept-parts'
import { FREE_SHIPPING_THRESHOLD, REGISTRY_DISCOUNT_PERCENT } from './store-perks'

/**
 * What was under way on the kept server HTML of the bar when its code arrived (header-announcement-bar.tsx): the
 * index of the focused tooltip trigger and of the one pressed open (-1: none).
 */
export type AnnouncementBarResume = { focus: number; open: number }

const triggerClassName = 'text-white hover:text-berry-100 aria-expanded:text-white'

/** The strip above the header: free shipping and the registry discount, each with a click tooltip. */
export function AnnouncementBar({ resume }: { resume?: AnnouncementBarResume }) {
  const barRef = useRef<HTMLDivElement>(null)

  // Taking over from the kept server HTML, in the commit that replaces it: the focused trigger keeps focus (the
  // pressed one opens through its `defaultOpen`).
  useLayoutEffect(() => {
    if (resume && resume.focus >= 0) barRef.current?.querySelectorAll('button')[resume.focus]?.focus()
    // Once, when the live bar first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div ref={barRef} id={ANNOUNCEMENT_BAR.id} className={ANNOUNCEMENT_BAR.className}>
      <Container className="flex min-h-9 items-center justify-center gap-x-6 py-1 text-[0.8125rem] font-semibold">
        <p className="flex items-center gap-1.5">
          <Icon name="truck" className="size-4" />
          <span>
            Free shipping <span className="max-[400px]:hidden">on orders </span>over ${FREE_SHIPPING_THRESHOLD}
          </span>
          <Tooltip label="About free shipping" triggerClassName={triggerClassName} align="end" defaultOpen={resume?.open === 0}>
            Standard shipping is free on orders over ${FREE_SHIPPING_THRESHOLD}. Some exclusions apply, such as oversized and freight items.
          </Tooltip>
        </p>
        <p className="hidden items-center gap-1.5 md:flex">
          <Icon name="tag" className="size-4" />
          <span>{REGISTRY_DISCOUNT_PERCENT}% registry discount</span>
          <Tooltip label="About the registry discount" triggerClassName={triggerClassName} align="end" defaultOpen={resume?.open === 1}>
            With a registry you get {REGISTRY_DISCOUNT_PERCENT}% off starting {REGISTRY_DISCOUNT.preArrivalDays} days before your due date, on items sold by Nestlist. Your registry must be active for{' '}
            {REGISTRY_DISCOUNT.registryCreationMinDays} days.
          </Tooltip>
        </p>
      </Container>
    </div>
  )
}
