import { describe, expect, test } from 'vitest'
import { CHECKLIST_CONTENT } from './checklist.content'
import { renderChecklistPdf } from './checklist.pdf.server'

/** The text shown on the pages of an uncompressed pdfkit PDF: its TJ arrays hold hex strings between kerning numbers. */
function pdfText(pdf: Buffer): string {
  const lines = pdf.toString('latin1').match(/\[[^\]]*\] TJ/g) ?? []
  return lines.map((l) => [...l.matchAll(/<([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('')).join('\n')
}

const categories = CHECKLIST_CONTENT.map((c) => ({ ...c, items: c.items.map((i) => ({ ...i, shopHref: `/store/${i.shopCategorySlug}` })) }))

describe('the checklist PDF', () => {
  test('is a real PDF with several pages and every category in it', async () => {
    const pdf = await renderChecklistPdf({ categories, checkedIds: null, compress: false })
    const text = pdf.toString('latin1')
    expect(text.startsWith('%PDF-')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    const pages = Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(text)?.[1])
    expect(pages).toBeGreaterThanOrEqual(3)
    expect(text).toContain('/BaseFont /Helvetica-Bold')
    const shown = pdfText(pdf)
    expect(shown).toContain('The baby registry checklist')
    for (const c of CHECKLIST_CONTENT) expect(shown).toContain(c.title)
    expect(shown).toContain('Bassinet or bedside sleeper')
    expect(shown).not.toContain('checked so far')
  })

  test('the owner’s copy says how many are checked and draws ticks', async () => {
    const blank = await renderChecklistPdf({ categories, checkedIds: new Set(), compress: false })
    const ticked = await renderChecklistPdf({ categories, checkedIds: new Set([5501, 6101]), compress: false, subtitle: 'Baby Rivera' })
    // Each tick is a three-point path: two more 'l' operators per checked item.
    const lineOps = (b: Buffer) => (b.toString('latin1').match(/ l\n/g) ?? []).length
    expect(lineOps(ticked) - lineOps(blank)).toBe(4)
    const total = CHECKLIST_CONTENT.flatMap((c) => c.items).length
    expect(pdfText(ticked)).toContain(`2 of ${total} checked so far.`)
    expect(pdfText(ticked)).toContain('Baby Rivera')
  })

  test('compresses by default', async () => {
    const compressed = await renderChecklistPdf({ categories, checkedIds: null })
    const plain = await renderChecklistPdf({ categories, checkedIds: null, compress: false })
    expect(compressed.length).toBeLessThan(plain.length)
    expect(compressed.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
