import { describe, expect, test } from 'vitest'
import { CHECKLIST_CONTENT } from './checklist.content'
import { answersFromParams, answersQuery, personaliseChecklist, QUIZ_RULES, type QuizAnswers } from './checklist.quiz'

const base: QuizAnswers = { space: 'roomy', getAround: 'drive', feeding: 'unsure', climate: 'mild', budget: 'essentials' }
const ids = (answers: Partial<QuizAnswers>) => personaliseChecklist(CHECKLIST_CONTENT, { ...base, ...answers }).flatMap((c) => c.items.map((i) => i.id))
const item = (answers: Partial<QuizAnswers>, id: number) => personaliseChecklist(CHECKLIST_CONTENT, { ...base, ...answers }).flatMap((c) => c.items).find((i) => i.id === id)
const mustHaves = CHECKLIST_CONTENT.flatMap((c) => c.items).filter((i) => i.priority === 'must')

describe('list size', () => {
  test('essentials keeps every must-have and only the nice-to-haves a rule asks for', () => {
    const list = ids({})
    for (const m of mustHaves) expect(list).toContain(m.id)
    // drive includes the portable changing mat and raises the car-seat mirror; roomy raises gates and the monitor
    expect(list.filter((id) => !mustHaves.some((m) => m.id === id)).sort()).toEqual([5705, 5808, 6103, 6106])
  })

  test('balanced adds at most two more nice-to-haves per category', () => {
    const essentials = personaliseChecklist(CHECKLIST_CONTENT, base)
    const balanced = personaliseChecklist(CHECKLIST_CONTENT, { ...base, budget: 'balanced' })
    for (const c of balanced) {
      const before = essentials.find((e) => e.id === c.id)?.items.length ?? 0
      expect(c.items.length - before).toBeLessThanOrEqual(2)
    }
    expect(balanced.flatMap((c) => c.items).length).toBeGreaterThan(essentials.flatMap((c) => c.items).length)
  })

  test('everything includes every item not ruled out', () => {
    expect(ids({ budget: 'everything' })).toHaveLength(CHECKLIST_CONTENT.flatMap((c) => c.items).length)
  })
})

describe('rules', () => {
  test('a compact home raises the bedside sleeper and drops the changing table and glider, with reasons', () => {
    expect(item({ space: 'compact' }, 5501)?.reasons[0]).toMatch(/small bedrooms/)
    expect(ids({ space: 'compact', budget: 'everything' })).not.toContain(5903)
    expect(ids({ space: 'compact', budget: 'everything' })).not.toContain(5904)
  })

  test('a roomy home raises gates and the monitor to must-haves', () => {
    expect(item({ space: 'roomy' }, 6106)?.priority).toBe('must')
    expect(item({ space: 'roomy' }, 6103)?.priority).toBe('must')
  })

  test('walking and transit raise the travel stroller and include a wrap', () => {
    expect(item({ getAround: 'walk' }, 5805)?.priority).toBe('must')
    expect(item({ getAround: 'walk' }, 5804)?.priority).toBe('nice')
  })

  test('an active family gets the jogging stroller and stroller accessories', () => {
    expect(item({ getAround: 'active' }, 5806)?.priority).toBe('must')
    expect(ids({ getAround: 'active' })).toContain(5807)
  })

  test('breastfeeding (or both) raises the pump and nursing pillow; formula leaves them out', () => {
    for (const feeding of ['breast', 'both'] as const) {
      expect(item({ feeding }, 5603)?.priority).toBe('must')
      expect(item({ feeding }, 5604)?.priority).toBe('must')
    }
    expect(ids({ feeding: 'bottle', budget: 'everything' })).not.toContain(5603)
    expect(ids({ feeding: 'bottle', budget: 'everything' })).not.toContain(5604)
    expect(item({ feeding: 'unsure' }, 5603)).toBeUndefined()
  })

  test('a cold climate raises the humidifier and stroller cover; a warm one drops the humidifier', () => {
    expect(item({ climate: 'cold' }, 6104)?.priority).toBe('must')
    expect(item({ climate: 'cold' }, 5807)?.reasons).toEqual([expect.stringMatching(/warm on winter walks/)])
    expect(item({ climate: 'warm' }, 5807)?.priority).toBe('must')
    expect(ids({ climate: 'warm', budget: 'everything' })).not.toContain(6104)
    expect(item({ climate: 'warm' }, 6203)?.reasons[0]).toMatch(/sun hats/)
  })

  test('every rule names an item on the checklist', () => {
    const all = new Set(CHECKLIST_CONTENT.flatMap((c) => c.items.map((i) => i.id)))
    for (const r of QUIZ_RULES) expect(all.has(r.item), String(r.item)).toBe(true)
  })
})

describe('answers from a form', () => {
  test('round-trip through the query string', () => {
    const answers: QuizAnswers = { space: 'compact', getAround: 'active', feeding: 'both', climate: 'warm', budget: 'everything' }
    expect(answersFromParams(new URLSearchParams(answersQuery(answers))).answers).toEqual(answers)
  })

  test('a missing or unknown answer names the question and keeps the others', () => {
    const { answers, fields, partial } = answersFromParams(new URLSearchParams('space=compact&feeding=soup'))
    expect(answers).toBeNull()
    expect(Object.keys(fields).sort()).toEqual(['budget', 'climate', 'feeding', 'getAround'])
    expect(fields.feeding?.[0]).toMatch(/How are you planning to feed/)
    expect(partial.space).toBe('compact')
  })
})
