// Calling React Router loaders and actions in tests as the framework does: Requests with a session cookie,
// and the status and data of what they return or throw.

export const get = (path: string, cookie?: string) => new Request(`http://nestlist.test${path}`, { headers: cookie ? { Cookie: cookie } : {} })

export const post = (path: string, cookie: string | undefined, fields: Record<string, string | number>) => {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))
  return new Request(`http://nestlist.test${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) }, body })
}

export type Result<T> = { status: number; body: T }

/** A loader's or action's status and data: thrown Responses and data() results carry theirs; plain objects are 200. */
export async function run<T>(call: () => Promise<unknown>): Promise<Result<T>> {
  try {
    const out = (await call()) as { init?: { status?: number } | null; data?: unknown } | null
    if (out && typeof out === 'object' && 'data' in out && 'init' in out) return { status: out.init?.status ?? 200, body: out.data as T }
    return { status: 200, body: out as T }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: undefined as T }
    // data(null, { status: 404 }) thrown by a loader (React Router renders the 404 page for it).
    if (thrown && typeof thrown === 'object' && 'init' in thrown) return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500, body: undefined as T }
    throw thrown
  }
}
