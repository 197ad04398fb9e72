import type { Ref } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cx } from './cx'

/** The look of an inline text link: bold berry text, underlined. */
export const textLinkClasses = 'font-semibold text-berry-700 underline underline-offset-2'

/**
 * A link in running text or beside content (a breadcrumb, 'Clear search', an order number). It is a React Router Link,
 * so it takes every Link prop (reloadDocument, prefetch, state…); className adds layout or size, e.g. 'inline-flex min-h-11'.
 */
export function TextLink({ className, ref, ...props }: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <Link ref={ref} className={cx(textLinkClasses, className)} {...props} />
}
