import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterIssues, INT4_MAX, int4, int4Id, int4IdOf, isDatabaseInputError } from './input-rules'
import { fieldsFromIssues, parseInput, safeParseInput } from './parse-input'
import './zod-messages'

const fields = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input)
  if (parsed.success) throw new Error('expected a failure')
  return fieldsFromIssues(parsed.error.issues)
}

describe('integer builders', () => {
  test('int4Id() takes 1..2147483647 from JSON or a form field and refuses the rest with a message per field', () => {
    const schema = z.object({ productId: int4Id() })
    expect(schema.parse({ productId: '12' })).toEqual({ productId: 12 })
    expect(schema.parse({ productId: INT4_MAX })).toEqual({ productId: INT4_MAX })
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e15, 'abc']) expect(Object.keys(fields(schema, { productId: bad }))).toEqual(['productId'])
    expect(fields(schema, { productId: INT4_MAX + 1 }).productId![0]).toMatch(/productId must be/)
  })

  test("int4Id(message) says the schema's own message", () => {
    expect(fields(z.object({ productId: int4Id('Choose a product.') }), { productId: 2_147_483_648 })).toEqual({ productId: ['Choose a product.'] })
  })

  test('int4() bounds a count to its range and never past int4', () => {
    expect(int4({ min: 0 }).parse('0')).toBe(0)
    expect(int4({ min: 0 }).safeParse(INT4_MAX + 1).success).toBe(false)
    expect(int4({ max: 1e12 }).safeParse(INT4_MAX + 1).success).toBe(false)
  })

  test('int4IdOf() reads a path segment or search term as an int4 id, or null', () => {
    expect(int4IdOf('42')).toBe(42)
    expect(int4IdOf(String(INT4_MAX))).toBe(INT4_MAX)
    for (const bad of ['0', '2147483648', '1000000000000', '12a', '', '-3', '1.5']) expect(int4IdOf(bad)).toBeNull()
  })
})

describe('the rule for every text field', () => {
  test('NUL, other C0 control characters and DEL are refused; tabs, line breaks and any letters are text', () => {
    for (const bad of ['Aunt\u0000June', '\u0007', 'a\u001bb', 'x\u007f', 'a\u000bb', 'a\u000cb']) expect(controlCharacterIssues({ giverName: bad })).toEqual([{ path: ['giverName'], message: CONTROL_CHARACTERS_MESSAGE }])
    for (const good of ['Aunt June', 'Dear Maya,\r\n\tCongratulations!', 'Zoë & Ünal 🍼', '']) expect(controlCharacterIssues({ giftMessage: good })).toEqual([])
  })

  test('controlCharacterIssues() finds every string with control characters, however deep', () => {
    const issues = controlCharacterIssues({ a: 'fine', b: { c: 'x\u0000' }, list: ['ok', 'y\u0001'], n: 3, when: new Date(0) })
    expect(fieldsFromIssues(issues)).toEqual({ 'b.c': [CONTROL_CHARACTERS_MESSAGE], 'list.1': [CONTROL_CHARACTERS_MESSAGE] })
  })

  test('parseInput() refuses control characters in any string field a schema let through, even a plain z.string()', () => {
    const schema = z.object({ title: z.string().max(80), note: z.string().optional() })
    expect(() => parseInput(schema, { title: 'Baby\u0000' })).toThrow(expect.objectContaining({ code: 'invalid_input', fields: { title: [CONTROL_CHARACTERS_MESSAGE] } }))
    expect(parseInput(schema, { title: 'Baby Rivera', note: 'line one\nline two' })).toEqual({ title: 'Baby Rivera', note: 'line one\nline two' })
    expect(safeParseInput(schema, { title: 'x', note: '\u0000' }).success).toBe(false)
  })
})

describe('the last line of defence', () => {
  test("isDatabaseInputError() knows PostgreSQL's refusals of a value, on the error or its cause", () => {
    for (const code of ['22021', '22003', '22P02']) {
      expect(isDatabaseInputError(Object.assign(new Error('db'), { code }))).toBe(true)
      expect(isDatabaseInputError(new Error('Failed query', { cause: Object.assign(new Error('db'), { code }) }))).toBe(true)
    }
    for (const other of [new Error('boom'), Object.assign(new Error('unique'), { code: '23505' }), null, 'text']) expect(isDatabaseInputError(other)).toBe(false)
  })
})
