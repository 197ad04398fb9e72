import { expect, test } from 'vitest'
import { parseGuideBody } from './guide-body'

test('a guide body becomes paragraphs, headings and lists, with text left as text', () => {
  const body = 'First line\ncontinues here.\n\n## What to check\n- One <b>thing</b>\n- Two\n\nLast paragraph.'
  expect(parseGuideBody(body)).toEqual([
    { type: 'paragraph', text: 'First line continues here.' },
    { type: 'heading', text: 'What to check' },
    { type: 'list', items: ['One <b>thing</b>', 'Two'] },
    { type: 'paragraph', text: 'Last paragraph.' },
  ])
})

test('a heading directly followed by a paragraph in the same chunk is split', () => {
  expect(parseGuideBody('## Title\nText under it.')).toEqual([
    { type: 'heading', text: 'Title' },
    { type: 'paragraph', text: 'Text under it.' },
  ])
})
