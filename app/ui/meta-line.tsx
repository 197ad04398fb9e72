import { Fragment, type ReactNode } from 'react'
import { META_SEPARATOR } from '~/lib/format'

/**
 * A line of short facts separated by '·' (dates, counts, prices). Empty items are left out, and each
 * separator sticks to the item before it (META_SEPARATOR), so a wrapped line never starts with '·'.
 */
export function MetaLine({ as: Tag = 'p', className, children }: { as?: 'p' | 'span' | 'div'; className?: string; children: ReactNode[] }) {
  const items = children.filter((c) => c !== null && c !== undefined && c !== false && c !== '')
  return (
    <Tag className={className}>
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 ? META_SEPARATOR : null}
          {item}
        </Fragment>
      ))}
    </Tag>
  )
}
