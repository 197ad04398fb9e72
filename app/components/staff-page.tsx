// What the staff pages (/admin/returns, /admin/stock, /admin/store-credit, /admin/shipments, /admin/payouts) share: their
// header with the last action's success message, and their one-field search form (a GET form, so it works
// without JavaScript and the search is in the address).
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Alert, Button, cx, PageHeader, TextField } from '~/ui'

/** The page's title and intro, then the success of the action just taken (keyed, so a new one is announced). */
export function StaffPageHeader({ title, children, success }: { title: string; children: ReactNode; success?: string | null }) {
  return (
    <>
      <PageHeader eyebrow="Staff" title={title}>
        {children}
      </PageHeader>
      {success ? (
        <Alert tone="success" key={success}>
          {success}
        </Alert>
      ) : null}
    </>
  )
}

/** One labelled search field and its button; 'Clear search' (to `clear.to`) once something was searched. */
export function StaffSearchForm({
  label,
  name,
  field,
  hint,
  value,
  submitLabel,
  clear,
  maxLength,
  hidden,
  fieldClassName = 'sm:w-96',
}: {
  /** The search landmark's name. */
  label: string
  name: string
  field: string
  hint: string
  value: string
  submitLabel: string
  clear?: { to: string; label: string }
  maxLength?: number
  /** Other query parameters the search keeps (a status filter). */
  hidden?: Record<string, string | null | undefined>
  fieldClassName?: string
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {Object.entries(hidden ?? {}).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <TextField name={name} label={field} hint={hint} defaultValue={value} containerClassName={cx(fieldClassName)} autoComplete="off" spellCheck={false} maxLength={maxLength} />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
      {clear && value ? (
        <Link to={clear.to} className="flex min-h-11 items-center text-sm font-semibold text-berry-700 underline underline-offset-2">
          {clear.label}
        </Link>
      ) : null}
    </Form>
  )
}
