// "Did you mean …?" for a search that found nothing: nearby terms built from the catalogue vocabulary
// (words of product names, brand names and category titles). Pure: the service checks that each
// candidate finds products before it offers it.
import { expandTokens } from './search-synonyms'
import { editDistance, hasPrefix, MAX_TERM_WORDS, tokenize, type Vocabulary, wordForms } from './search-text'

/** At most this many terms are offered. */
export const DID_YOU_MEAN_LIMIT = 3
/** Candidates tried (each costs one listing count), best first. */
export const DID_YOU_MEAN_CANDIDATES = 6

/** How far a suggestion may be from a typed word: looser than search's own correction (1-2 edits). */
export function suggestionDistance(word: string): number {
  return word.length <= 4 ? 1 : word.length <= 7 ? 2 : 3
}

/**
 * Catalogue words closest to `word`: fewest edits, then most products, then alphabetical. Words of 1-2
 * letters, digits and the word itself are never suggested.
 */
export function nearestWords(word: string, vocab: Vocabulary, limit: number): string[] {
  if (word.length < 3 || /\d/.test(word)) return []
  const max = suggestionDistance(word)
  const found: { w: string; d: number; f: number }[] = []
  for (const candidate of vocab.words) {
    if (candidate === word || candidate.length < 3 || /\d/.test(candidate)) continue
    if (Math.abs(candidate.length - word.length) > max) continue
    const d = editDistance(word, candidate, max)
    if (d <= max) found.push({ w: candidate, d, f: vocab.frequency.get(candidate) ?? 0 })
  }
  return found
    .sort((a, b) => a.d - b.d || b.f - a.f || a.w.localeCompare(b.w))
    .slice(0, limit)
    .map((x) => x.w)
}

/**
 * Terms to try for a term that found nothing, best first: each unknown word replaced by its nearest
 * catalogue words ('strolr' -> 'stroller'), and for several known words that never meet in one product,
 * each word on its own ('stroller xylophone' -> 'stroller'). The typed term itself is never offered.
 */
export function didYouMeanCandidates(term: string, vocab: Vocabulary, limit = DID_YOU_MEAN_CANDIDATES): string[] {
  const tokens = [...new Set(tokenize(term))].slice(0, MAX_TERM_WORDS)
  if (tokens.length === 0) return []
  // Known: some catalogue word starts with one of its forms, or a synonym rule understands it ('onesie').
  const known = (w: string) => wordForms(w).some((f) => hasPrefix(vocab.words, f)) || expandTokens([w])[0]!.fromRule
  const options = tokens.map((w) => (known(w) ? [w] : nearestWords(w, vocab, 3)))
  const out: string[] = []
  const typed = tokens.join(' ')
  const add = (words: string[]) => {
    const t = words.join(' ')
    if (t && t !== typed && !out.includes(t) && out.length < limit) out.push(t)
  }
  // Unknown words that have no near word are dropped rather than keeping the whole term from a suggestion.
  const best = options.flatMap((o) => (o.length ? [o[0]!] : []))
  add(best)
  // Second and third choices, one word at a time.
  for (let rank = 1; rank < 3; rank++) {
    options.forEach((o, i) => {
      if (o[rank] === undefined) return
      add(options.flatMap((x, k) => (k === i ? [o[rank]!] : x.length ? [x[0]!] : [])))
    })
  }
  // Several words that do not meet in one product: each on its own, most used first.
  if (best.length > 1) {
    for (const w of [...best].sort((a, b) => (vocab.frequency.get(b) ?? 0) - (vocab.frequency.get(a) ?? 0))) add([w])
  }
  return out
}

/** A suggestion as the shop links it. */
export type DidYouMean = { searchTerm: string; url: string }

export const searchUrl = (term: string) => `/store/search?search_term=${encodeURIComponent(term)}`
