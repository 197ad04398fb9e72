import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Icon, iconSymbolId } from './icon'
import { ICON_PATHS, type IconName } from './icon-paths'
import { spriteMarkup } from './icon-sprite-markup'

describe('icons', () => {
  test('an icon draws its symbol from the page sprite and is hidden unless it has a label', () => {
    const html = renderToStaticMarkup(<Icon name="cart" className="size-4" />)
    expect(html).toContain('<use href="#icon-cart"></use>')
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('stroke="currentColor"')
    const labelled = renderToStaticMarkup(<Icon name="star" label="Rated" />)
    expect(labelled).toContain('role="img"')
    expect(labelled).toContain('aria-label="Rated"')
    expect(labelled).not.toContain('aria-hidden')
  })

  test('the sprite holds one symbol per icon, with the id the icon points at and its drawing', () => {
    const markup = spriteMarkup()
    const names = Object.keys(ICON_PATHS) as IconName[]
    const ids = [...markup.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1])
    expect(ids).toEqual(names.map(iconSymbolId))
    for (const name of names) expect(markup).toContain(`<symbol id="icon-${name}" viewBox="0 0 24 24">${ICON_PATHS[name]}</symbol>`)
    // Every drawing is well-formed: only self-closed shapes, no text, no fill or stroke of its own to fight currentColor.
    for (const [name, inner] of Object.entries(ICON_PATHS)) {
      expect(inner, name).toMatch(/^(<(path|circle|rect) [^<>]*\/>)+$/)
      expect(inner, name).not.toMatch(/fill=|stroke=/)
    }
  })
})
