import type { ComponentPropsWithoutRef, ElementType } from 'react'
import { cx } from './cx'

type CardProps<T extends ElementType> = {
  as?: T
  tone?: 'white' | 'berry' | 'sage' | 'peach' | 'sky' | 'cream'
  /** Lifts the card on hover; use it when the whole card is one link. */
  interactive?: boolean
} & Omit<ComponentPropsWithoutRef<T>, 'as'>

const tones = {
  white: 'bg-white',
  berry: 'bg-berry-50',
  sage: 'bg-sage-50',
  peach: 'bg-peach-50',
  sky: 'bg-sky-50',
  cream: 'bg-cream-200',
}

/** A rounded surface for grouped content. */
export function Card<T extends ElementType = 'div'>({ as, tone = 'white', interactive, className, ...props }: CardProps<T>) {
  const Tag: ElementType = as ?? 'div'
  return (
    <Tag
      className={cx(
        'rounded-card border border-line shadow-card',
        tones[tone],
        interactive && 'transition duration-200 hover:-translate-y-0.5 hover:shadow-pop motion-reduce:hover:translate-y-0',
        className,
      )}
      {...props}
    />
  )
}
