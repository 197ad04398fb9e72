// What the checkout and gift card browser specs share: the test card, signing in over the API, opening a page
// (hydrated), screenshots on request, a shop product in a cart, and a shipping address typed on checkout.
import type { Page } from 'playwright-core'

const expYear = new Date().getUTCFullYear() + 2
/** The test processor's card that always succeeds. */
export const testCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear, cvc: '123' }
/** Its expiry as the checkout form takes it ('12/28'). */
export const testCardExpiry = `12/${String(expYear % 100).padStart(2, '0')}`

/** A session cookie ('nestlist_session=…') for an existing account (POST /api/v3/user_session). */
export async function sessionCookie(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** Opens a page of the app; waits for hydration unless told not to (a context without JavaScript). */
export async function openPage(page: Page, baseUrl: string, path: string, { hydrated = true } = {}) {
  const response = await page.goto(`${baseUrl}${path}`)
  if (hydrated) await page.waitForSelector('html[data-hydrated]')
  return response
}

/** SHOTS_DIR=<dir> saves full-page screenshots of the screens a spec names. */
export async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true })
}

/**
 * Puts the first shop product found for `term` that can be bought (its first size and colour) in a cart: the
 * account's (`cookie`), or a new guest cart. Returns the product and the cart's cookie.
 */
export async function addShopProduct(baseUrl: string, term: string, cookie?: string): Promise<{ productId: number; size?: string; color?: string; cookie: string }> {
  const found = await (await fetch(`${baseUrl}/store/search?search_term=${encodeURIComponent(term)}`)).text()
  const ids = [...new Set([...found.matchAll(/\/gp\/[a-z0-9-]+\/(\d+)/g)].map((m) => Number(m[1])))]
  for (const productId of ids) {
    const detail = (await (await fetch(`${baseUrl}/api/v3/products/${productId}`)).json()) as { options?: { sizes?: string[]; colors?: string[] } }
    const choice = { size: detail.options?.sizes?.[0], color: detail.options?.colors?.[0] }
    const res = await fetch(`${baseUrl}/api/v3/cart_items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ productId, ...choice }),
    })
    if (res.status === 201 || res.status === 200) return { productId, ...choice, cookie: cookie ?? res.headers.get('set-cookie')!.split(';')[0]! }
  }
  throw new Error(`none of ${ids.length} products found for '${term}' could be added`)
}

/** Types a Sacramento, CA shipping address into the checkout form. */
export async function fillShippingAddress(page: Page, name = 'Riley Tester') {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Street address').fill('1 Main Street')
  await page.getByLabel('ZIP code').fill('95814')
  await page.getByLabel('City').fill('Sacramento')
  await page.getByLabel('State', { exact: true }).selectOption('CA')
}
