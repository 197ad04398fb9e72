// Image paths the browser bundle needs. Kept apart from illustrations.ts, which renders the SVGs from the
// seed tables (brands, categories, guides: ~24 KB) that must not ship to the browser.

/** The fallback image of a category tile without its own (spec 'Category page'). */
export const PLACEHOLDER_HEART_PATH = '/images/placeholder-heart.svg'
