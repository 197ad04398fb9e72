import { demoStaff } from './accounts'

const staffCookies = new Map<string, string>()

/** Signs in as the demo staff account (once per server and test file) and returns its session cookie. */
async function staffSession(baseUrl: string): Promise<string> {
  const known = staffCookies.get(baseUrl)
  if (known) return known
  const res = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(demoStaff),
  })
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`)
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!
  staffCookies.set(baseUrl, cookie)
  return cookie
}

/**
 * Reads the newest email to `to` from the staff outbox (/admin/emails, as a fresh install without SMTP keeps
 * them) and returns the first link in it matching `pattern`, as a person copying it would. Some emails are
 * written just after the page answered (a password reset's, so its timing tells nothing): wait up to 5 s.
 */
export async function latestEmailLink(baseUrl: string, to: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const found = await findEmailLink(baseUrl, to, pattern)
    if (found) return found
    if (attempt >= 50) throw new Error(`no email to ${to} with a link matching ${pattern}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function findEmailLink(baseUrl: string, to: string, pattern: RegExp): Promise<string | undefined> {
  const cookie = await staffSession(baseUrl)
  const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(to)}`, { headers: { Cookie: cookie } })).text()
  const ids = [...list.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((m) => Number(m[1]))
  for (const id of [...new Set(ids)].sort((a, b) => b - a)) {
    const detail = await (await fetch(`${baseUrl}/admin/emails/${id}`, { headers: { Cookie: cookie } })).text()
    const links = [...detail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'))
    const found = links.find((l) => pattern.test(l))
    if (found) return found
  }
  return undefined
}
