/** A block of a guide article: the seed and editors write paragraphs, '## ' headings and '- ' lists. */
export type GuideBlock = { type: 'paragraph'; text: string } | { type: 'heading'; text: string } | { type: 'list'; items: string[] }

/** Parses a guide's markdown-lite body into blocks; text stays plain text (rendered escaped by React). */
export function parseGuideBody(body: string): GuideBlock[] {
  const blocks: GuideBlock[] = []
  for (const chunk of body.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter(Boolean)
    let paragraph: string[] = []
    let list: string[] = []
    const flush = () => {
      if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') })
      if (list.length) blocks.push({ type: 'list', items: list })
      paragraph = []
      list = []
    }
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush()
        blocks.push({ type: 'heading', text: line.slice(3).trim() })
      } else if (line.startsWith('- ')) {
        if (paragraph.length) flush()
        list.push(line.slice(2).trim())
      } else {
        if (list.length) flush()
        paragraph.push(line)
      }
    }
    flush()
  }
  return blocks
}
