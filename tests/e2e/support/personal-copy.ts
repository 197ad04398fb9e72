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

/** A route loader's value in a page's hydration data, decoded (JSON values only: null, numbers, strings, arrays, objects). */
export function loaderValue(html: string, routeId: string, name: string): unknown {
  const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/.exec(html)![1]!
  const values = JSON.parse(JSON.parse(literal) as string) as unknown[]
  const key = (object: unknown, key: string) => Object.entries(object as Record<string, number>).find(([k]) => values[Number(k.slice(1))] === key)
  const decode = (index: number): unknown => {
    if (index === -5) return null
    if (index === -7) return undefined
    const value = values[index]
    if (Array.isArray(value)) return value.map((i: number) => decode(i))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, number>).map(([k, i]) => [values[Number(k.slice(1))], decode(i)]))
    return value
  }
  const route = values[key(values[key(values[0], 'loaderData')![1]], routeId)![1]]
  const found = key(route, name)
  return found ? decode(found[1]) : undefined
}
