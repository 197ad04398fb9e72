// The pages' Content-Security-Policy, in one place. A personal page's scripts carry a fresh nonce per response (the
// server's secure headers middleware); a shared page (app/lib/shared-pages.ts) is the same bytes for everyone, so its
// inline scripts are allowed by their SHA-256 hashes instead (app/entry.server.tsx), and any cache may keep it.
import { createHash } from 'node:crypto'

/** Every directive but the scripts' own sources, as hono's secureHeaders takes them. */
export const CSP_DIRECTIVES: Record<'defaultSrc' | 'styleSrc' | 'imgSrc' | 'fontSrc' | 'connectSrc' | 'objectSrc' | 'baseUri' | 'formAction' | 'frameAncestors', string[]> = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Amazon: 'Check out on Amazon' posts to us, and we redirect the new tab to Amazon's add-to-cart page;
  // browsers hold form redirects to form-action too (docs/decisions/032-amazon-cart.md).
  formAction: ["'self'", 'https://www.amazon.com'],
  frameAncestors: ["'none'"],
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** The policy as a header value, scripts from our origin and the inline scripts with these contents. */
export function cspWithScriptHashes(inlineScripts: Iterable<string>): string {
  const hashes = [...new Set([...inlineScripts].map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`))]
  const directives: [string, readonly string[]][] = [['scriptSrc', ["'self'", ...hashes]], ...Object.entries(CSP_DIRECTIVES)]
  return directives.map(([name, values]) => `${kebab(name)} ${values.join(' ')}`).join('; ')
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** The contents of a page's inline scripts (those without `src`), as the browser will hash them. */
export function inlineScriptsOf(html: string): string[] {
  const found: string[] = []
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes!)) found.push(code!)
  }
  return found
}
