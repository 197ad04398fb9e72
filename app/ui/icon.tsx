import type { SVGProps } from 'react'
import { cx } from './cx'
import type { IconName } from './icon-paths'

export type { IconName } from './icon-paths'

/** The id of the hidden <svg> that holds every icon's <symbol>, once per page (app/components/icon-sprite.tsx). */
export const ICON_SPRITE_ID = 'icon-sprite'

/** The id of an icon's <symbol> in the page's sprite (icon-sprite.tsx). */
export const iconSymbolId = (name: IconName) => `icon-${name}`

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  name: IconName
  /** When given, the icon is announced with this name; otherwise it is decorative and hidden. */
  label?: string
}

/**
 * An SVG icon sized by its class (default 1.25rem) and coloured by currentColor. It draws its symbol from the
 * page's icon sprite (`<use>`), which the app shell writes once per document, so the browser's bundles carry no
 * icon drawings. The stroke attributes here are inherited by the symbol's shapes.
 */
export function Icon({ name, label, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx('size-5 shrink-0', className)}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...props}
    >
      <use href={`#${iconSymbolId(name)}`} />
    </svg>
  )
}
