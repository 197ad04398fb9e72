// Everyday, joined and split words shoppers type, and what the catalogue calls those things: 'carseat' is
// a car seat, 'onesie' a bodysuit, 'pram' a stroller. Pure and client-safe; both listing engines read the
// expanded words through resolveQuery, so they answer identically. Catalogue words the rules aim at come
// from the seeded product names (app/modules/catalog/seed/product-lines.ts).
import { correctWord, MAX_TERM_WORDS, tokenize, type Vocabulary, wordForms } from './search-text'

/**
 * One rule: any of `typed` (one or more words, matched as whole words, a plural of the last word too) is
 * searched as `searches` instead: words that must all match, where 'a|b' matches either (each by prefix,
 * like any searched word). A rule keeps the typed word as an alternative only where that is harmless:
 * 'cot' is not kept, because as a prefix it would find every 'cotton' product.
 */
export type SynonymRule = { readonly typed: readonly string[]; readonly searches: readonly string[] }

export const SYNONYM_RULES: readonly SynonymRule[] = [
  // Joined words the catalogue writes apart.
  { typed: ['carseat', 'carseats'], searches: ['car', 'seat'] },
  { typed: ['babymonitor'], searches: ['baby', 'monitor'] },
  { typed: ['highchair'], searches: ['high', 'chair'] },
  { typed: ['sippycup'], searches: ['sippy', 'cup'] },
  { typed: ['burpcloth', 'burp rag', 'burpie', 'spit up cloth'], searches: ['burp', 'cloth'] },
  { typed: ['sleepsack', 'sleeping bag', 'sleep bag', 'wearable blanket'], searches: ['sleep', 'sack'] },
  { typed: ['playmat'], searches: ['play', 'mat'] },
  { typed: ['diaperbag', 'nappybag', 'nappy bag', 'changing bag'], searches: ['diaper', 'bag'] },
  { typed: ['breastpump'], searches: ['breast', 'pump'] },
  { typed: ['changingtable'], searches: ['changing', 'table'] },
  { typed: ['changingpad', 'changing mat', 'changingmat'], searches: ['changing', 'pad|mat'] },
  { typed: ['bottlewarmer'], searches: ['bottle', 'warmer'] },
  { typed: ['soundmachine', 'white noise', 'white noise machine', 'noise machine'], searches: ['sound', 'machine'] },
  { typed: ['nightlight'], searches: ['night', 'light'] },
  { typed: ['activitygym', 'play gym', 'playgym', 'baby gym'], searches: ['activity', 'gym'] },
  { typed: ['stepstool'], searches: ['step', 'stool'] },
  { typed: ['babycarrier'], searches: ['baby', 'carrier'] },
  { typed: ['babywipes', 'baby wipes'], searches: ['wipe'] },
  { typed: ['babygate', 'baby gate', 'stairgate', 'stair gate', 'safety gate'], searches: ['gate'] },
  // Words the catalogue writes as one.
  { typed: ['bath tub', 'bathtub'], searches: ['bathtub|tub'] },
  { typed: ['wash cloth', 'facecloth', 'face cloth'], searches: ['washcloth'] },
  { typed: ['foot muff'], searches: ['footmuff'] },
  // Everyday and British words.
  { typed: ['onesie', 'onesies', 'onsie', 'onezie', 'babygrow', 'babygro'], searches: ['onesie|bodysuit'] },
  { typed: ['pram', 'pushchair', 'push chair', 'buggy', 'buggies', 'perambulator'], searches: ['stroller|pram|pushchair'] },
  { typed: ['jogger', 'running stroller'], searches: ['jogging|jogger', 'stroller'] },
  { typed: ['binky', 'binkies', 'dummy', 'dummies', 'soother', 'paci', 'pacis'], searches: ['pacifier|soother'] },
  { typed: ['nappy', 'nappies'], searches: ['diaper|nappy'] },
  { typed: ['cot', 'cots'], searches: ['crib'] },
  { typed: ['bassinette', 'moses basket', 'carrycot', 'carry cot'], searches: ['bassinet'] },
  {
    // The catalogue has no play yards yet; a portable bassinet is the nearest thing it sells.
    typed: ['pack n play', 'pack and play', 'packnplay', 'pack n plays', 'play yard', 'playyard', 'playard', 'playpen', 'play pen', 'travel cot', 'travel crib'],
    searches: ['playard|playpen|bassinet'],
  },
  { typed: ['pjs', 'pj', 'jammies', 'pyjamas', 'pyjama', 'sleepsuit', 'sleep suit'], searches: ['pajama|sleeper'] },
  { typed: ['swaddling', 'swaddler', 'swaddlers', 'swaddle wrap'], searches: ['swaddle'] },
  { typed: ['sippie', 'sippies', 'tippy cup', 'beaker'], searches: ['sippy|straw', 'cup'] },
  { typed: ['bouncy seat', 'bouncy chair', 'bouncy'], searches: ['bouncer'] },
  { typed: ['nursing chair', 'rocking chair', 'rocker chair'], searches: ['glider|rocking'] },
  { typed: ['boppy', 'feeding pillow', 'breastfeeding pillow'], searches: ['nursing', 'pillow'] },
  { typed: ['snot sucker', 'nose sucker', 'nose frida', 'nosefrida'], searches: ['aspirator'] },
  { typed: ['scratch mitts', 'mitts'], searches: ['mitten'] },
  { typed: ['bootees'], searches: ['booties'] },
  { typed: ['babywearing', 'baby wearing'], searches: ['carrier|wrap|sling'] },
]

/** A searched word: alternatives, any of which may match (each a catalogue word prefix, [a-z0-9] only). */
export type ExpandedWord = { word: string; alternatives: string[] }

type CompiledRule = { tokens: string[]; searches: ExpandedWord[] }

const split = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)

/** A rule's `searches` as searched words: 'pad|mat' -> { word: 'pad', alternatives: ['pad', 'mat'] }. */
export function parseSearches(searches: readonly string[]): ExpandedWord[] {
  return searches.map((s) => {
    const alternatives = s.split('|').map((a) => a.trim().toLowerCase())
    return { word: alternatives[0]!, alternatives }
  })
}

// Longest phrases first, so 'white noise machine' wins over 'white noise'.
const COMPILED: CompiledRule[] = SYNONYM_RULES.flatMap((rule) => {
  const searches = parseSearches(rule.searches)
  return rule.typed.map((t) => ({ tokens: split(t), searches }))
}).sort((a, b) => b.tokens.length - a.tokens.length)

const FIRST_TOKEN = new Map<string, CompiledRule[]>()
for (const rule of COMPILED) FIRST_TOKEN.set(rule.tokens[0]!, [...(FIRST_TOKEN.get(rule.tokens[0]!) ?? []), rule])

/** A typed token equals a rule token, or (last token only) one of its plural forms does. */
function tokenMatches(typed: string, ruleToken: string, last: boolean): boolean {
  return typed === ruleToken || (last && wordForms(typed).includes(ruleToken))
}

function candidatesFor(token: string): CompiledRule[] {
  const out = [...(FIRST_TOKEN.get(token) ?? [])]
  for (const form of wordForms(token)) if (form !== token) out.push(...(FIRST_TOKEN.get(form) ?? []))
  return out.sort((a, b) => b.tokens.length - a.tokens.length)
}

/**
 * The query's tokens with synonym and compound rules applied, left to right, longest phrase first. Each
 * result word says whether a rule produced it (`fromRule`): those are catalogue words already and are not
 * typo-corrected; the others are the shopper's own tokens, unchanged.
 */
export function expandTokens(tokens: readonly string[]): (ExpandedWord & { fromRule: boolean })[] {
  const out: (ExpandedWord & { fromRule: boolean })[] = []
  let i = 0
  while (i < tokens.length) {
    const rule = candidatesFor(tokens[i]!).find(
      (r) => i + r.tokens.length <= tokens.length && r.tokens.every((t, k) => tokenMatches(tokens[i + k]!, t, k === r.tokens.length - 1)),
    )
    if (rule) {
      for (const w of rule.searches) out.push({ ...w, alternatives: [...w.alternatives], fromRule: true })
      i += rule.tokens.length
    } else {
      out.push({ word: tokens[i]!, alternatives: [tokens[i]!], fromRule: false })
      i++
    }
  }
  // The same searched word twice ('car seat carseat') would only repeat a condition.
  const seen = new Set<string>()
  return out.filter((w) => {
    const key = w.alternatives.join('|')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The searched words of a term: tokens (at most MAX_TERM_WORDS), synonym and compound rules applied, and
 * the shopper's remaining words typo-corrected against the catalogue vocabulary, so 'carseat' searches car
 * + seat, 'onesies' searches onesie or bodysuit, and 'strolr' searches stroller.
 */
export function expandTerm(term: string, vocab: Vocabulary): ExpandedWord[] {
  const tokens = [...new Set(tokenize(term))].slice(0, MAX_TERM_WORDS)
  return expandTokens(tokens)
    .slice(0, MAX_TERM_WORDS)
    .map(({ word, alternatives, fromRule }) => {
      if (fromRule) return { word, alternatives }
      const corrected = correctWord(word, vocab)
      return { word: corrected, alternatives: [corrected] }
    })
}
