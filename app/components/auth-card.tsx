import type { ReactNode } from 'react'
import { Card } from '~/ui'

/** The centred card that sign-in, sign-up and password pages share. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-base text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-5 text-center text-sm text-ink">{footer}</div> : null}
    </div>
  )
}
