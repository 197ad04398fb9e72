import type { ComponentPropsWithoutRef, ElementType } from 'react'
import { cx } from './cx'

type ContainerProps<T extends ElementType> = { as?: T; size?: 'md' | 'lg' | 'xl' } & Omit<ComponentPropsWithoutRef<T>, 'as'>

const widths = { md: 'max-w-4xl', lg: 'max-w-6xl', xl: 'max-w-7xl' }

/** The classes of a Container, for an element that is its own container (a component that takes a className). */
export const containerClass = (size: 'md' | 'lg' | 'xl' = 'xl', className?: string) => cx('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[size], className)

/** The page gutter and maximum width shared by header, content and footer. */
export function Container<T extends ElementType = 'div'>({ as, size = 'xl', className, ...props }: ContainerProps<T>) {
  const Tag: ElementType = as ?? 'div'
  return <Tag className={containerClass(size, className)} {...props} />
}
