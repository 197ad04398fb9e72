import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createAccount, signInContext, type TestAccount } from './support/accounts'
import { launchBrowser, expectNoSeriousA11yViolations } from './support/browser'
import { latestEmailLink } from './support/outbox'

// Collaborators (issue 6): the owner invites a helper by email from /settings/collaborators; the helper opens
// the emailed link, creates an account, accepts, edits an item and the settings like the owner; the owner
// revokes and the helper loses access. Axe at 375 and 1280 px.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`)
  await page.waitForSelector('html[data-hydrated]')
  return response
}

/** An owner with a fresh registry and one shop product on it, made through the JSON API. */
async function ownerWithRegistryAndItem() {
  const account = await createAccount(baseUrl, { firstName: 'Maya', lastName: 'Rivera' })
  const api = (path: string, method: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', Cookie: account.cookie }, body: JSON.stringify(body) })
  const res = await api('/api/v3/registries', 'POST', {
    registryType: 'baby',
    title: 'Baby Rivera',
    familyName: 'Maya & Leo Rivera',
    slug: `collab-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
    isArrivalDateKnown: false,
  })
  if (res.status !== 201) throw new Error(`registry create failed: ${res.status} ${await res.text()}`)
  const registry = (await res.json()) as { id: number }
  const productId = await firstProductIdFromAddItems(account)
  const added = await api(`/api/v3/registries/${registry.id}/reg_items`, 'POST', { productId, quantity: 2 })
  if (added.status !== 201) throw new Error(`item add failed: ${added.status} ${await added.text()}`)
  const item = (await added.json()) as { id: number; title: string }
  return { account, registryId: registry.id, item }
}

/** A product id from the popular products /registry/add-items offers (its /gp/{slug}/{id} link). */
async function firstProductIdFromAddItems(account: TestAccount) {
  const html = await (await fetch(`${baseUrl}/registry/add-items`, { headers: { Cookie: account.cookie } })).text()
  const m = html.match(/href="\/gp\/[^/"]+\/(\d+)/)
  if (!m) throw new Error('no product on /registry/add-items')
  return Number(m[1])
}

describe('registry collaborators', () => {
  test('the owner invites a helper, who signs up from the emailed link, accepts, edits an item and the settings, and loses access once revoked', async () => {
    const { account: owner, registryId, item } = await ownerWithRegistryAndItem()
    const helperEmail = `helper-${Date.now().toString(36)}@example.test`
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(ownerContext, baseUrl, owner)
    const helperContext = await browser.newContext({ viewport: { width: 375, height: 800 } })
    try {
      // The owner invites by email.
      const ownerPage = await ownerContext.newPage()
      await open(ownerPage, '/settings/collaborators')
      expect(await ownerPage.getByRole('link', { name: 'Collaborators' }).getAttribute('aria-current')).toBe('page')
      await expectNoSeriousA11yViolations(ownerPage, '/settings/collaborators (owner, 1280)')
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click()
      await ownerPage.getByText('Enter an email address like name@example.com.').waitFor()
      await ownerPage.getByLabel('Their email address').fill(helperEmail)
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click()
      await ownerPage.getByText(`Invitation sent to ${helperEmail}.`).waitFor()
      await ownerPage.getByRole('region', { name: 'Invitations not yet accepted' }).getByText(helperEmail).waitFor()

      // The helper opens the link from the email, creates an account and comes back to accept.
      const link = await latestEmailLink(baseUrl, helperEmail, /\/registry\/join\/[a-z2-7]+$/)
      const page = await helperContext.newPage()
      await open(page, new URL(link).pathname)
      await page.getByRole('heading', { name: 'Help manage Baby Rivera' }).waitFor()
      await expectNoSeriousA11yViolations(page, 'join page signed out (375)')
      await page.getByRole('link', { name: 'Create an account' }).click()
      await page.waitForURL(/\/signup\?redirect_path=/)
      await page.getByLabel('First name').fill('Leo')
      await page.getByLabel('Last name').fill('Rivera')
      await page.getByLabel('Email').fill(helperEmail)
      await page.getByLabel('Password', { exact: true }).fill('a long secret phrase for leo')
      await page.getByRole('button', { name: 'Create account' }).click()
      // The account is finished from the emailed link, which proves the invited address and comes back here.
      await page.getByRole('heading', { name: 'Check your email' }).waitFor()
      const confirm = await latestEmailLink(baseUrl, helperEmail, /\/verify_email\?token=[a-z2-7]+&redirect_path=/)
      await open(page, `${new URL(confirm).pathname}${new URL(confirm).search}`)
      await page.getByRole('button', { name: 'Confirm and sign in' }).click()
      await page.waitForURL(/\/registry\/join\//)
      await page.getByText(`You are signed in as ${helperEmail}.`).waitFor()
      await expectNoSeriousA11yViolations(page, 'join page signed in (375)')
      await page.getByRole('button', { name: 'Accept and start helping' }).click()
      await page.waitForURL(`**/registry/home?registry=${registryId}`)
      await page.getByText('You are in! You can now help manage this registry.').waitFor()
      await page.getByText('You are helping with this registry').waitFor()
      await expectNoSeriousA11yViolations(page, '/registry/home as a collaborator (375)')

      // The same link does not work twice.
      await open(page, new URL(link).pathname)
      await page.getByText('This invitation has already been used.').waitFor()

      // The helper edits the item like the owner would.
      await open(page, `/list/${registryId}/organize`)
      await page.getByText(`Edit ${item.title}`).click()
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill('4')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor()
      await open(page, `/list/${registryId}/organize`)
      expect(await page.locator('ol[aria-label="Your categories"]').innerText()).toContain('Wants 4')

      // ...and the settings, but cannot delete the registry.
      await open(page, `/settings/registry?registry=${registryId}`)
      await page.getByLabel('Welcome note').fill('Leo here: thank you all!')
      await page.getByRole('button', { name: 'Save registry settings' }).click()
      await page.getByText('Your registry settings are saved.').waitFor()
      expect(await page.getByText('Only the registry’s owner can delete it.').count()).toBe(1)
      expect(await page.getByRole('button', { name: 'Delete registry permanently' }).count()).toBe(0)
      await expectNoSeriousA11yViolations(page, '/settings/registry as a collaborator (375)')
      await open(page, '/settings/collaborators')
      expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Leave this registry' }).count()).toBe(1)
      await expectNoSeriousA11yViolations(page, '/settings/collaborators as a collaborator (375)')

      // The owner sees the changes and revokes.
      const guest = await (await fetch(`${baseUrl}/api/v3/registries/${registryId}`, { headers: { Cookie: owner.cookie } })).json()
      expect(guest.registry.welcomeNote).toBe('Leo here: thank you all!')
      await open(ownerPage, '/settings/collaborators')
      await ownerPage.getByRole('button', { name: 'Remove Leo Rivera' }).click()
      await ownerPage.getByText('Removed. They can no longer', { exact: false }).waitFor()
      await ownerPage.getByRole('button', { name: 'Remove Leo Rivera' }).waitFor({ state: 'detached', timeout: 5000 })
      await ownerPage.getByText('No collaborators yet.', { exact: false }).waitFor()
      await ownerPage.setViewportSize({ width: 375, height: 800 })
      await expectNoSeriousA11yViolations(ownerPage, '/settings/collaborators (owner, 375)')

      // The former helper has lost access: no registry of their own, and 404 on the owner's pages.
      await page.goto(`${baseUrl}/registry/home`)
      await page.waitForURL(/\/registry\/new/)
      expect((await page.goto(`${baseUrl}/list/${registryId}/organize`))?.status()).toBe(404)
      expect((await page.goto(`${baseUrl}/registry/${registryId}/gift-tracker`))?.status()).toBe(404)
      expect((await page.goto(`${baseUrl}/settings/registry?registry=${registryId}`))?.status()).toBe(404)
    } finally {
      await ownerContext.close()
      await helperContext.close()
    }
  })

  test('the owner deletes a registry only after confirming what happens to the gift records', async () => {
    const { account: owner, registryId } = await ownerWithRegistryAndItem()
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await signInContext(context, baseUrl, owner)
    try {
      const page = await context.newPage()
      await open(page, `/settings/registry?registry=${registryId}`)
      await page.getByText('Delete this registry…').click()
      await page.getByText('Your gift tracker is deleted with it', { exact: false }).waitFor()
      await expectNoSeriousA11yViolations(page, 'delete section open (1280)')
      await page.getByRole('button', { name: 'Delete registry permanently' }).click()
      await page.getByText('Tick the box to confirm', { exact: false }).first().waitFor()
      expect((await fetch(`${baseUrl}/api/v3/registries/${registryId}`)).status).toBe(200)
      await page.getByLabel('I understand that this registry and its gift records will be deleted for good.').check()
      await page.getByRole('button', { name: 'Delete registry permanently' }).click()
      await page.getByText('Your registry is deleted.').waitFor()
      expect((await fetch(`${baseUrl}/api/v3/registries/${registryId}`)).status).toBe(404)
    } finally {
      await context.close()
    }
  })
})
