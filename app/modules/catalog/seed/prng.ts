// Small deterministic helpers for the demo catalogue. Nothing here reads the clock or Math.random,
// so the same inputs always give the same rows.

/** A 32-bit string hash (FNV-1a), used to turn names and ids into PRNG seeds. */
export function hashString(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** Mixes an integer into a well-spread 32-bit seed, so neighbouring ids get unrelated streams. */
export function mixSeed(n: number, salt = 0): number {
  let h = (n ^ Math.imul(salt + 0x9e3779b9, 0x85ebca6b)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Rng = {
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number
  /** True with the given probability. */
  chance: (p: number) => boolean
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T
  /** One element, chosen with the given relative weights. */
  weighted: <T>(items: readonly T[], weights: readonly number[]) => T
  /** `count` distinct elements, in a random order. */
  sample: <T>(items: readonly T[], count: number) => T[]
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    let total = 0
    for (const w of weights) total += w
    let r = next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0
      if (r < 0) return items[i] as T
    }
    return items[items.length - 1] as T
  }
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = items.slice()
    const n = Math.min(count, copy.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (copy.length - i))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy.slice(0, n)
  }
  return { next, int, chance: (p) => next() < p, pick, weighted, sample }
}

/** Lower-case, ASCII, hyphen-separated: 'Bramble & Bean' -> 'bramble-and-bean'. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
