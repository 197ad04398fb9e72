import { describe, expect, test } from 'vitest'
import { formFields, formIntent } from './form-data'

const formOf = (entries: [string, string | Blob][]) => {
  const form = new FormData()
  for (const [k, v] of entries) form.append(k, v)
  return form
}

describe('formFields', () => {
  test('reads each name’s first value, untrimmed, and a name not sent as an empty string', () => {
    const form = formOf([['email', '  ada@example.com '], ['email', 'second@example.com']])
    expect(formFields(form, { email: Infinity, password: Infinity })).toEqual({ email: '  ada@example.com ', password: '' })
  })

  test('cuts each value to its rule’s length', () => {
    const form = formOf([['code', 'ABCD-EFGH-JKLM'], ['zip', '12345']])
    expect(formFields(form, { code: 4, zip: 12 })).toEqual({ code: 'ABCD', zip: '12345' })
  })

  test('a repeated name gives every value in the order sent, each cut, and none when not sent', () => {
    const form = formOf([['subscribed', 'news'], ['subscribed', 'registry_activity'], ['other', 'x']])
    expect(formFields(form, { subscribed: [8], missing: [Infinity] })).toEqual({ subscribed: ['news', 'registry'], missing: [] })
  })

  test('a file posted where text belongs reads as nothing', () => {
    const form = formOf([['email', new Blob(['x'])], ['tags', 'a'], ['tags', new Blob(['y'])]])
    expect(formFields(form, { email: Infinity, tags: [Infinity] })).toEqual({ email: '', tags: ['a', ''] })
  })

  test('only the names asked for are read', () => {
    const form = formOf([['email', 'a@example.com'], ['isAdmin', 'on']])
    expect(Object.keys(formFields(form, { email: 300 }))).toEqual(['email'])
  })
})

describe('formIntent', () => {
  test('the sent intent when it is one of the page’s intents', () => {
    expect(formIntent(formOf([['intent', 'remove']]), ['add', 'remove'], 'add')).toBe('remove')
  })

  test('the fallback for an unknown or missing intent', () => {
    expect(formIntent(formOf([['intent', 'drop-tables']]), ['add', 'remove'], 'add')).toBe('add')
    expect(formIntent(formOf([]), ['add', 'remove'], 'add')).toBe('add')
    expect(formIntent(formOf([['intent', 'other']]), ['add', 'remove'])).toBeUndefined()
  })
})
