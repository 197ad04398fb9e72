import type { TestAccount } from './accounts'

/** A JSON API caller signed in as `account` (cookie session, same-origin for CSRF); throws on any answer of 300 or more. */
export function ownerApi(baseUrl: string, account: Pick<TestAccount, 'cookie'>) {
  return async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: account.cookie, Origin: baseUrl },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await res.json().catch(() => null)
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
    return json
  }
}
