import { track } from '~/modules/analytics/track'

/** Spec §7 'store category clicked' from the header's flyout navigation: the live bar's and the kept bar's clicks. */
export function trackFlyoutClick(categoryName: string, slug: string, isLeafCategory: boolean) {
  track({ name: 'store_category_clicked', categoryName, slug, isLeafCategory, location: 'flyout_nav' })
}
