// zod's own messages become sentences naming the field and what it takes; a schema's own message wins.
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { fieldsFromIssues } from './parse-input'
import './zod-messages'

const fields = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input)
  if (parsed.success) throw new Error('expected a failure')
  return fieldsFromIssues(parsed.error.issues)
}

describe('human zod messages', () => {
  const order = z
    .object({
      quantity: z.number().int().min(1).max(99),
      id: z.coerce.number().int().positive(),
      price: z.number().min(0),
      name: z.string().min(2).max(40),
      title: z.string().min(1),
      email: z.email(),
      kind: z.enum(['gift', 'self']),
      gift: z.boolean(),
      lines: z.array(z.object({ orderLineId: z.number().int() })).min(1).max(3),
      note: z.string({ error: 'Write a note.' }),
    })
    .strict()

  test('wrong types name the field and what it takes, with the bounds of the schema', () => {
    expect(fields(order, { quantity: '2', id: 'abc', price: -1, name: 'x', title: '', email: 'nope', kind: 'other', gift: 'yes', lines: [{ orderLineId: 1.5 }], note: 'ok', extra: 1 })).toEqual({
      quantity: ['quantity must be a whole number from 1 to 99.'],
      id: ['id must be a whole number of at least 1.'],
      price: ['price must be at least 0.'],
      name: ['name must be at least 2 characters.'],
      title: ['title cannot be empty.'],
      email: ['email must be an email address, like name@example.com.'],
      kind: ['kind must be one of: gift, self.'],
      gift: ['gift must be true or false.'],
      'lines.0.orderLineId': ['lines.0.orderLineId must be a whole number.'],
      _error: ['Unknown field: extra.'],
    })
  })

  test('missing fields say they are required; out of range and too long say the limit; lists count items', () => {
    expect(fields(order.pick({ quantity: true, name: true, email: true, lines: true }), {})).toEqual({
      quantity: ['quantity is required (a whole number from 1 to 99).'],
      name: ['name is required (text of 2 to 40 characters).'],
      email: ['email is required (an email address, like name@example.com).'],
      lines: ['lines is required (a list).'],
    })
    expect(fields(order.pick({ quantity: true, name: true, lines: true }), { quantity: 100, name: 'x'.repeat(41), lines: [] })).toEqual({
      quantity: ['quantity must be at most 99.'],
      name: ['name can be at most 40 characters.'],
      lines: ['lines must have at least 1 item.'],
    })
    expect(fields(order.pick({ quantity: true }), 3.5)).toEqual({ _error: ['The request body must be a JSON object.'] })
  })

  test("a schema's own message always wins", () => {
    expect(fields(order.pick({ note: true }), { note: 5 })).toEqual({ note: ['Write a note.'] })
    expect(fields(z.object({ q: z.number().max(9, 'Nine at most.') }), { q: 10 })).toEqual({ q: ['Nine at most.'] })
  })
})
