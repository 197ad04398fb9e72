/**
 * The root loader's cart count in a page's hydration data, and whether the page was made from the shared copy
 * (server/personal-copy.ts): the copy points the root loader's values (`cartCount`, `viewer`) at new entries at the
 * end of the stream, after all of the page's own.
 */
export function rootHeaderEntries(html: string): { cartCount: unknown; fromCopy: boolean } {
  const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/.exec(html)![1]!
  const values = JSON.parse(JSON.parse(literal) as string) as unknown[]
  const key = (object: unknown, name: string) => Object.entries(object as Record<string, number>).find(([k]) => values[Number(k.slice(1))] === name)!
  const root = values[key(values[key(values[0], 'loaderData')[1]], 'root')[1]]
  const [prop, at] = key(root, 'cartCount')
  // A render writes a value right after its key the first time it is used, or points to where an equal value was
  // written before; the copy points the key at an entry after all of the page's own.
  return { cartCount: values[at], fromCopy: at > Number(prop.slice(1)) + 1 }
}
