// The organise board's 'Add a category' form, cleared after each category is added.
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button, TextField } from '~/ui'
import { fieldError, Hidden, type OrganizeResult } from './organize-shared'

export function AddCategoryForm() {
  const add = useFetcher<OrganizeResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const ok = add.state === 'idle' && add.data?.ok
  useEffect(() => {
    if (ok) formRef.current?.reset()
  }, [ok, add.data?.at])
  const failure = add.state === 'idle' && add.data && !add.data.ok ? add.data : undefined
  return (
    <section aria-labelledby="add-category-heading" className="rounded-card border border-dashed border-line-strong bg-white p-4 sm:p-5">
      <h2 id="add-category-heading" className="text-lg font-bold">
        Add a category
      </h2>
      <add.Form ref={formRef} method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
        <Hidden intent="add-category" />
        <TextField
          label="Category name"
          name="title"
          maxLength={40}
          required
          placeholder="Travel"
          containerClassName="min-w-48 flex-1"
          error={fieldError(failure, 'title') ?? (failure && Object.keys(failure.fields).length === 0 ? failure.message : undefined)}
        />
        <Button type="submit" pending={add.state !== 'idle'} pendingLabel="Adding…" className="mb-0.5">
          Add category
        </Button>
      </add.Form>
      {ok ? (
        <p role="status" className="mt-2 text-sm font-semibold text-sage-700">
          {add.data?.message}
        </p>
      ) : null}
    </section>
  )
}
