// The store category page's path: on its own (no imports), so that the app shell's links and the search page use
// it without loading the product paths' module and its error texts (decision 018, amendment h19).

/** A store category page, by the category's url slug. */
export function categoryPath(urlSlug: string): string {
  return `/store/${encodeURIComponent(urlSlug)}`
}
