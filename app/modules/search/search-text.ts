// Query understanding shared by the SQL and the in-memory listing engines, so both give the same answer:
// tokens, plural forms, and typo correction against a vocabulary of catalogue words.

/** Lowercase words of letters and digits (accents folded); everything else separates words. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** At most this many words of a term are searched; the rest are ignored. */
export const MAX_TERM_WORDS = 8

/**
 * The prefixes a query word matches a catalogue word by: the word itself and its singular forms, so
 * 'blankets' finds 'blanket', 'babies' finds 'baby', 'onesies' finds 'onesie' and 'boxes' finds 'box'.
 */
export function wordForms(word: string): string[] {
  const forms = new Set<string>()
  if (word.length > 4 && word.endsWith('ies')) {
    forms.add(word.slice(0, -1))
    forms.add(`${word.slice(0, -3)}y`)
  } else if (word.length > 3 && word.endsWith('es')) {
    forms.add(word.slice(0, -1))
    forms.add(word.slice(0, -2))
  } else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) {
    forms.add(word.slice(0, -1))
  } else {
    forms.add(word)
  }
  return [...forms]
}

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1)
    row[0] = i
    rows.push(row)
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY
    const row = rows[i]!
    const prev = rows[i - 1]!
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1)
      row[j] = v
      if (v < best) best = v
    }
    if (best > max) return max + 1
  }
  return rows[a.length]![b.length]!
}

/** A sorted, deduplicated list of catalogue words with how many products use each. */
export type Vocabulary = { words: string[]; frequency: Map<string, number>; corrections: Map<string, string> }

export function buildVocabulary(frequency: Map<string, number>): Vocabulary {
  return { words: [...frequency.keys()].sort(), frequency, corrections: new Map() }
}

/** Corrections remembered per vocabulary; bounded so odd terms cannot grow it without end. */
const MAX_REMEMBERED_CORRECTIONS = 10_000

/** The index of the first word >= prefix in a sorted list. */
export function lowerBound(words: readonly string[], prefix: string): number {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (words[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  return lo
}

export function hasPrefix(words: readonly string[], prefix: string): boolean {
  const i = lowerBound(words, prefix)
  return i < words.length && words[i]!.startsWith(prefix)
}

/**
 * A query word as searched: unchanged when some catalogue word starts with one of its forms; otherwise
 * the closest catalogue word within 1 edit (words of 3-4 letters) or 2 edits (longer), the more frequent
 * on a tie, so 'strolr' searches 'stroller'. Words of 1-2 letters and digits are never corrected.
 */
export function correctWord(word: string, vocab: Vocabulary): string {
  if (wordForms(word).some((form) => hasPrefix(vocab.words, form))) return word
  if (word.length < 3 || /\d/.test(word)) return word
  const known = vocab.corrections.get(word)
  if (known !== undefined) return known
  const corrected = closestWord(word, vocab)
  if (vocab.corrections.size >= MAX_REMEMBERED_CORRECTIONS) vocab.corrections.clear()
  vocab.corrections.set(word, corrected)
  return corrected
}

function closestWord(word: string, vocab: Vocabulary): string {
  const max = word.length <= 4 ? 1 : 2
  let best = word
  let bestDistance = max + 1
  let bestFrequency = -1
  for (const candidate of vocab.words) {
    if (Math.abs(candidate.length - word.length) > max) continue
    const d = editDistance(word, candidate, max)
    const f = vocab.frequency.get(candidate) ?? 0
    if (d < bestDistance || (d === bestDistance && f > bestFrequency)) {
      best = candidate
      bestDistance = d
      bestFrequency = f
    }
  }
  return bestDistance <= max ? best : word
}

/** The searched words of a term: tokens, at most MAX_TERM_WORDS, each corrected against the vocabulary. */
export function termWords(term: string, vocab: Vocabulary): string[] {
  return [...new Set(tokenize(term))].slice(0, MAX_TERM_WORDS).map((w) => correctWord(w, vocab))
}
