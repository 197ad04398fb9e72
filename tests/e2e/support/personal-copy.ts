/**
 * The root loader's cart count in a page's hydration data, and whether the page was made from the shared copy
 * (server/personal-copy.ts): the copy points the root loader's values (`cartCount`, `viewer`) at new entries at the
 * end of the stream, where a render writes them at their first use, near the start.
 */
export function rootHeaderEntries(html: string): { cartCount: unknown; fromCopy: boolean } {
  const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/.exec(html)![1]!
  const values = JSON.parse(JSON.parse(literal) as string) as unknown[]
  const key = (object: unknown, name: string) => Object.entries(object as Record<string, number>).find(([k]) => values[Number(k.slice(1))] === name)![1]
  const root = values[key(values[key(values[0], 'loaderData')], 'root')]
  const at = key(root, 'cartCount')
  return { cartCount: values[at], fromCopy: at > values.length - 40 }
}
