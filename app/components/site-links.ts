import { categoryPath } from '~/modules/catalog/category-path'

/**
 * Which of the pages the shell links to exist in app/routes.ts. A link to a page that does not exist
 * is never rendered: the shell shows plain text or leaves the entry out until the flag is on.
 * Turn a flag on in the change that adds the route; site-links.test.ts fails if a flag is on
 * without a matching route.
 */
export const livePages = {
  /** /store/{categorySlug} */
  storeCategory: true,
  /** /store/search?search_term= */
  storeSearch: true,
  /** /store/code/{code} */
  shortCode: true,
  /** /store */
  storeLanding: true,
  /** /registry/new */
  registryNew: true,
  /** /find */
  findRegistry: true,
  /** /hello-baby/{slug} (navbar guides) */
  guides: true,
  /** /baby-registry-checklist */
  checklist: true,
  /** /baby-registry-checklist-quiz */
  checklistQuiz: true,
} satisfies Record<string, boolean>

export type LivePage = keyof typeof livePages

/** A sample address for each page, used to check it against app/routes.ts. */
export const samplePaths: Record<LivePage, string> = {
  storeCategory: '/store/strollers',
  storeSearch: '/store/search',
  shortCode: '/store/code/a123',
  storeLanding: '/store',
  registryNew: '/registry/new',
  findRegistry: '/find',
  guides: '/hello-baby/best-strollers',
  checklist: '/baby-registry-checklist',
  checklistQuiz: '/baby-registry-checklist-quiz',
}

/** The store category page for a navbar slug, or null while that page does not exist. */
export const categoryHref = (urlSlug: string): string | null => (livePages.storeCategory ? categoryPath(urlSlug) : null)

export const REGISTRY_NEW_PATH = '/registry/new'
export const FIND_REGISTRY_PATH = '/find'
export const CHECKLIST_PATH = '/baby-registry-checklist'
export const CHECKLIST_QUIZ_PATH = '/baby-registry-checklist-quiz'
