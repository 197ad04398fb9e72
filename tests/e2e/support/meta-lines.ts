import type { Page } from 'playwright-core'

/**
 * The texts on the page where a wrapped line starts with the '·' separator of a meta line (found at 320 px):
 * each '·' must sit on the same line as the visible character before it (in its text node or an earlier one).
 */
export function separatorsStartingLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nodes: Text[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text)
    // One range reused for every character measured (no helper functions: this runs in the page as it is).
    const range = document.createRange()
    const found: string[] = []
    for (let k = 0; k < nodes.length; k++) {
      const node = nodes[k]!
      const text = node.data
      for (let i = text.indexOf('·'); i !== -1; i = text.indexOf('·', i + 1)) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const dot = range.getClientRects()[0]
        if (!dot || dot.width === 0) continue
        let before: DOMRect | undefined
        for (let m = k, j = i - 1; m >= 0 && !before; m--, j = m >= 0 ? nodes[m]!.data.length - 1 : -1) {
          const t = nodes[m]!.data
          for (; j >= 0 && !before; j--) {
            if (/\s/.test(t[j]!)) continue
            range.setStart(nodes[m]!, j)
            range.setEnd(nodes[m]!, j + 1)
            before = range.getClientRects()[0]
          }
        }
        if (before && before.bottom <= dot.top + 1) found.push((node.parentElement?.closest('p, li, div, span, button, a')?.textContent ?? text).trim())
      }
    }
    return found
  })
}
