import type { Context } from 'hono'

/** Sets a header on a finished answer; one with immutable headers (Response.redirect, fetch) is copied with it added. */
export function setAnswerHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    const res = new Response(c.res.body, c.res)
    res.headers.set(name, value)
    c.res = res
  }
}
