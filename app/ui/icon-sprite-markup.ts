import { iconSymbolId } from './icon'
import { ICON_PATHS, type IconName } from './icon-paths'

/** The sprite's inner markup: one <symbol id="icon-{name}"> per icon of the set. */
export function spriteMarkup(paths: Readonly<Record<IconName, string>> = ICON_PATHS): string {
  let markup = ''
  for (const [name, inner] of Object.entries(paths)) markup += `<symbol id="${iconSymbolId(name as IconName)}" viewBox="0 0 24 24">${inner}</symbol>`
  return markup
}
