// The organise board's notices for rows that are gone: a removed item (with Undo) and a deleted category.
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Alert, Button } from '~/ui'
import { CATEGORY_DELETE_FETCHER, Hidden, type OrganizeResult, REMOVE_FETCHER } from './organize-shared'

/** After a remove: what happened, with Undo (focus goes there, since the row is gone). */
export function RemovedNotice() {
  const remove = useFetcher<OrganizeResult>({ key: REMOVE_FETCHER })
  const undo = useFetcher<OrganizeResult>()
  const undoRef = useRef<HTMLButtonElement>(null)
  const result = remove.state === 'idle' ? remove.data : undefined
  useEffect(() => {
    if (result?.ok) undoRef.current?.focus()
  }, [result?.ok, result?.at])
  if (!result) return null
  if (!result.ok) return <Alert tone="error">{result.message}</Alert>
  const undone = undo.state === 'idle' && undo.data?.ok && undo.data.id === result.undoItemId
  if (undone) return <Alert tone="success">{undo.data?.message}</Alert>
  return (
    <Alert tone="success">
      <div className="flex flex-wrap items-center gap-3">
        <span>{result.message}</span>
        {result.undoItemId ? (
          <undo.Form method="post">
            <Hidden intent="restore-item" id={result.undoItemId} />
            <Button ref={undoRef} type="submit" size="sm" variant="secondary" pending={undo.state !== 'idle'} pendingLabel="Undoing…">
              Undo
            </Button>
          </undo.Form>
        ) : null}
      </div>
    </Alert>
  )
}

/** After a category is deleted (its section is gone): where its items went. */
export function CategoryDeletedNotice() {
  const remove = useFetcher<OrganizeResult>({ key: CATEGORY_DELETE_FETCHER })
  const result = remove.state === 'idle' ? remove.data : undefined
  if (!result) return null
  return <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>
}
