// The printable checklist as a real PDF (pdfkit, with the standard Helvetica fonts every PDF reader has,
// so nothing is embedded). Blank boxes for everyone; the owner's copy ticks what is already checked.
import PDFDocument from 'pdfkit'
import type { ChecklistCategoryView } from './checklist.types'

export type ChecklistPdfInput = {
  categories: ChecklistCategoryView[]
  /** Checked item ids (the owner's copy), or null for a blank checklist. */
  checkedIds: ReadonlySet<number> | null
  /** E.g. the registry's title on the owner's copy. */
  subtitle?: string
  /** Tests read the text; downloads are compressed. */
  compress?: boolean
}

const BERRY = '#8a2a4b'
const INK = '#2d2430'
const MUTED = '#5f5563'
const LINE = '#eadfd8'

/** Renders the checklist to PDF bytes. */
export function renderChecklistPdf({ categories, checkedIds, subtitle, compress = true }: ChecklistPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 54, left: 54, right: 54 },
    compress,
    info: { Title: 'The Nestlist baby registry checklist', Author: 'Nestlist', Subject: 'Baby registry checklist' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  const bottom = () => doc.page.height - doc.page.margins.bottom
  const ensure = (space: number) => {
    if (doc.y + space > bottom()) doc.addPage()
  }

  doc.font('Helvetica-Bold').fontSize(24).fillColor(BERRY).text('The baby registry checklist', left, doc.y, { width })
  doc.moveDown(0.2)
  doc.font('Helvetica').fontSize(11).fillColor(MUTED)
  doc.text(subtitle ?? 'Everything a new family really uses, in one list. Tick things off as you go.', { width })
  if (checkedIds) {
    const total = categories.reduce((n, c) => n + c.items.length, 0)
    const checked = categories.reduce((n, c) => n + c.items.filter((i) => checkedIds.has(i.id)).length, 0)
    doc.text(`${checked} of ${total} checked so far.`, { width })
  }
  doc.moveDown(0.3)
  doc.text('Must have: needed from day one. Nice to have: helpful, but it can wait or be skipped.', { width })
  doc.moveDown(0.8)

  for (const category of categories) {
    ensure(90)
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(1).strokeColor(LINE).stroke()
    doc.moveDown(0.5)
    doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(category.title, left, doc.y, { width })
    doc.moveDown(0.15)
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(category.guidance, { width })
    doc.moveDown(0.5)

    for (const item of category.items) {
      const textLeft = left + 22
      const textWidth = width - 22
      doc.font('Helvetica').fontSize(9)
      const whyHeight = doc.heightOfString(item.why, { width: textWidth })
      ensure(16 + whyHeight + 8)
      const top = doc.y
      // The box, and a tick drawn with lines (standard fonts have no check mark glyph).
      doc.lineWidth(1).strokeColor(BERRY).rect(left, top + 1, 12, 12).stroke()
      const checked = checkedIds?.has(item.id) ?? false
      if (checked) {
        doc.lineWidth(1.8).strokeColor(BERRY).moveTo(left + 2.5, top + 7).lineTo(left + 5.5, top + 10.5).lineTo(left + 10, top + 3.5).stroke()
      }
      const priority = item.priority === 'must' ? 'Must have' : 'Nice to have'
      doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(item.title, textLeft, top, { width: textWidth, continued: true })
      doc.font('Helvetica').fillColor(MUTED).text(`   ${priority} · ${item.quantity}${checked ? ' · checked' : ''}`)
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(item.why, textLeft, doc.y, { width: textWidth })
      doc.moveDown(0.45)
    }
    doc.moveDown(0.4)
  }

  ensure(30)
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Made with Nestlist: one registry for every store. Start yours at /baby-registry-checklist.', left, doc.y, { width })
  doc.end()
  return done
}
