import type { ComponentPropsWithoutRef, ElementType } from 'react'
import { cx } from './cx'

type ContainerProps<T extends ElementType> = { as?: T; size?: 'md' | 'lg' | 'xl' } & Omit<ComponentPropsWithoutRef<T>, 'as'>

const widths = { md: 'max-w-4xl', lg: 'max-w-6xl', xl: 'max-w-7xl' }

/** The page gutter and maximum width shared by header, content and footer. */
export function Container<T extends ElementType = 'div'>({ as, size = 'xl', className, ...props }: ContainerProps<T>) {
  const Tag: ElementType = as ?? 'div'
  return <Tag className={cx('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[size], className)} {...props} />
}
