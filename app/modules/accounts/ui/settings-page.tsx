import type { ReactNode } from 'react'
import { Card, cx } from '~/ui'

/** The heading of one settings page. */
export function SettingsPageHeader({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 max-w-prose text-base text-muted">{intro}</p> : null}
    </header>
  )
}

/** A titled card for one group of settings; the heading labels the section for assistive technology. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={cx('p-5 sm:p-7', className)}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink sm:text-xl">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </Card>
  )
}
