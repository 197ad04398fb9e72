// The checklist quiz: five questions and the rules that turn the answers into a personalised checklist.
// Pure functions (no server imports), shared by the quiz pages, the email and the tests.
import { z } from 'zod'
import type { ChecklistCategoryContent, ChecklistItemContent, ChecklistPriority } from './checklist.content'

export const QUIZ_QUESTIONS = [
  {
    name: 'space',
    label: 'Where will baby live?',
    options: [
      { value: 'compact', label: 'A cozy apartment or small space' },
      { value: 'roomy', label: 'A house with a room for the nursery' },
    ],
  },
  {
    name: 'getAround',
    label: 'How do you usually get around?',
    options: [
      { value: 'walk', label: 'On foot or by public transport' },
      { value: 'drive', label: 'Mostly by car' },
      { value: 'active', label: 'Trails, runs and long walks' },
    ],
  },
  {
    name: 'feeding',
    label: 'How are you planning to feed?',
    options: [
      { value: 'breast', label: 'Breastfeeding' },
      { value: 'bottle', label: 'Formula and bottles' },
      { value: 'both', label: 'A bit of both' },
      { value: 'unsure', label: 'Not sure yet' },
    ],
  },
  {
    name: 'climate',
    label: 'What is the weather like where you live?',
    options: [
      { value: 'warm', label: 'Warm most of the year' },
      { value: 'cold', label: 'Cold winters' },
      { value: 'mild', label: 'A bit of everything' },
    ],
  },
  {
    name: 'budget',
    label: 'How full should your list be?',
    options: [
      { value: 'essentials', label: 'Just the essentials' },
      { value: 'balanced', label: 'Essentials plus a few helpers' },
      { value: 'everything', label: 'The works: show me everything' },
    ],
  },
] as const

type Question = (typeof QUIZ_QUESTIONS)[number]
export type QuizAnswers = { [Q in Question as Q['name']]: Q['options'][number]['value'] }

const choice = (q: Question) =>
  z.enum(q.options.map((o) => o.value) as [string, ...string[]], { error: `Choose an answer to “${q.label}”` })

/** The answers, from a form or query string; every question needs an answer. */
export const quizAnswersInput = z.object(Object.fromEntries(QUIZ_QUESTIONS.map((q) => [q.name, choice(q)]))) as unknown as z.ZodType<QuizAnswers>

/** Reads answers from URL search params (the results page works with a plain GET form). */
export function answersFromParams(params: URLSearchParams): { answers: QuizAnswers | null; fields: Record<string, string[]>; partial: Partial<Record<string, string>> } {
  const partial: Partial<Record<string, string>> = {}
  for (const q of QUIZ_QUESTIONS) {
    const v = params.get(q.name)
    if (v !== null) partial[q.name] = v
  }
  const parsed = quizAnswersInput.safeParse(partial)
  if (parsed.success) return { answers: parsed.data, fields: {}, partial }
  const fields: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_error')] ??= []).push(issue.message)
  return { answers: null, fields, partial }
}

/** The query string that reproduces these answers (for the results link and the email). */
export function answersQuery(answers: QuizAnswers): string {
  return new URLSearchParams(QUIZ_QUESTIONS.map((q) => [q.name, answers[q.name]])).toString()
}

export type PersonalItem<I extends ChecklistItemContent = ChecklistItemContent> = I & {
  /** The priority for this family (a rule may raise a nice-to-have to a must-have). */
  priority: ChecklistPriority
  /** Why the quiz added, raised or adjusted it, in the parent's terms. */
  reasons: string[]
}
export type PersonalCategory<I extends ChecklistItemContent = ChecklistItemContent> = Omit<ChecklistCategoryContent, 'items'> & { items: PersonalItem<I>[] }

type Rule = { applies: (a: QuizAnswers) => boolean; item: number; effect: 'must' | 'skip' | 'include'; reason: string }

/**
 * Each rule names a checklist item and what the answer does to it: raise it to a must-have, leave it out,
 * or include it even on a short list. Later rules win over earlier ones for the priority; 'skip' wins over all.
 */
export const QUIZ_RULES: Rule[] = [
  // Space
  { applies: (a) => a.space === 'compact', item: 5501, effect: 'must', reason: 'A bedside sleeper fits small bedrooms better than a crib at first.' },
  { applies: (a) => a.space === 'compact', item: 5903, effect: 'skip', reason: 'Skip the changing table in a small space: a changing pad on a dresser works.' },
  { applies: (a) => a.space === 'compact', item: 5904, effect: 'skip', reason: 'A glider takes a lot of floor space; a comfy chair you have will do.' },
  { applies: (a) => a.space === 'roomy', item: 6106, effect: 'must', reason: 'More rooms and stairs mean gates earn their keep.' },
  { applies: (a) => a.space === 'roomy', item: 6103, effect: 'must', reason: 'A monitor helps when baby naps at the other end of the house.' },
  // Getting around
  { applies: (a) => a.getAround === 'walk', item: 5804, effect: 'include', reason: 'A wrap makes buses, stairs and crowded shops easy.' },
  { applies: (a) => a.getAround === 'walk', item: 5805, effect: 'must', reason: 'A light stroller that folds one-handed is a must on public transport.' },
  { applies: (a) => a.getAround === 'drive', item: 5808, effect: 'must', reason: 'A back-seat mirror lets you check on baby without turning around.' },
  { applies: (a) => a.getAround === 'drive', item: 5705, effect: 'include', reason: 'A portable changing mat turns the back seat into a changing spot.' },
  { applies: (a) => a.getAround === 'active', item: 5806, effect: 'must', reason: 'A jogging stroller handles trails and runs (from about 6 months).' },
  { applies: (a) => a.getAround === 'active', item: 5807, effect: 'include', reason: 'A sunshade and rain cover keep long outings comfortable.' },
  // Feeding
  { applies: (a) => a.feeding === 'breast' || a.feeding === 'both', item: 5603, effect: 'must', reason: 'A pump lets others share feeds and helps with your supply.' },
  { applies: (a) => a.feeding === 'breast' || a.feeding === 'both', item: 5604, effect: 'must', reason: 'A nursing pillow saves your back during long feeds.' },
  { applies: (a) => a.feeding === 'bottle', item: 5603, effect: 'skip', reason: 'No pump needed when you are feeding formula.' },
  { applies: (a) => a.feeding === 'bottle', item: 5604, effect: 'skip', reason: 'Pumping accessories are not needed for formula feeding.' },
  // Climate
  { applies: (a) => a.climate === 'cold', item: 6104, effect: 'must', reason: 'Heated winter air is dry; a humidifier helps stuffy noses.' },
  { applies: (a) => a.climate === 'cold', item: 5807, effect: 'must', reason: 'A stroller footmuff or cover keeps baby warm on winter walks.' },
  { applies: (a) => a.climate === 'warm', item: 5807, effect: 'must', reason: 'A sunshade keeps baby out of strong sun on walks.' },
  { applies: (a) => a.climate === 'warm', item: 6203, effect: 'include', reason: 'Choose light sun hats rather than warm ones.' },
  { applies: (a) => a.climate === 'warm', item: 6104, effect: 'skip', reason: 'A humidifier is rarely needed in a warm climate.' },
]

/**
 * The personalised checklist: every must-have (for this family), plus nice-to-haves by list size
 * ('essentials' none unless a rule includes them, 'balanced' up to two per category, 'everything' all).
 * Categories left without items are dropped.
 */
export function personaliseChecklist<I extends ChecklistItemContent>(
  content: readonly (Omit<ChecklistCategoryContent, 'items'> & { items: I[] })[],
  answers: QuizAnswers,
): PersonalCategory<I>[] {
  const applied = QUIZ_RULES.filter((r) => r.applies(answers))
  return content
    .map((category) => {
      const items: PersonalItem<I>[] = []
      let niceTaken = 0
      for (const item of category.items) {
        const rules = applied.filter((r) => r.item === item.id)
        if (rules.some((r) => r.effect === 'skip')) continue
        const raised = rules.some((r) => r.effect === 'must')
        const included = rules.some((r) => r.effect === 'include')
        const priority: ChecklistPriority = raised ? 'must' : item.priority
        const reasons = rules.map((r) => r.reason)
        if (priority === 'must' || included) {
          items.push({ ...item, priority, reasons })
          continue
        }
        const allowance = answers.budget === 'everything' ? Infinity : answers.budget === 'balanced' ? 2 : 0
        if (niceTaken < allowance) {
          niceTaken++
          items.push({ ...item, priority, reasons })
        }
      }
      return { id: category.id, slug: category.slug, title: category.title, guidance: category.guidance, items }
    })
    .filter((c) => c.items.length > 0)
}

/** The label of an answer, for the summary at the top of the results and the email. */
export function answerLabel(name: keyof QuizAnswers, value: string): string {
  const q = QUIZ_QUESTIONS.find((x) => x.name === name)
  return q?.options.find((o) => o.value === value)?.label ?? value
}
