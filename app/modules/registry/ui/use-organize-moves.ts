// The organise board's move state: the shared move fetcher (with pending moves shown at once), the drag in
// progress, the drop hint and the announcement read out after each saved move.
import { type DragEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { applyPending, type OrganizeCategory, placeBefore } from './organize-order'
import { type Drag, MOVE_FETCHER, type OrganizeResult } from './organize-shared'

export function useOrganizeMoves(saved: OrganizeCategory[]) {
  const move = useFetcher<OrganizeResult>({ key: MOVE_FETCHER })
  const categories = applyPending(saved, move.formData)
  const [drag, setDrag] = useState<Drag | null>(null)
  const [dropHint, setDropHint] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const lastAt = useRef<number | null>(null)
  useEffect(() => {
    if (move.state === 'idle' && move.data && move.data.at !== lastAt.current) {
      lastAt.current = move.data.at
      setAnnouncement(move.data.message)
    }
  }, [move.state, move.data])
  const defaultCategory = categories.find((c) => c.isDefault)

  function submitMove(fields: Record<string, string>) {
    move.submit(fields, { method: 'post' })
  }

  function dropOnCategory(event: DragEvent, target: OrganizeCategory, beforeItemId: number | null) {
    event.preventDefault()
    setDropHint(null)
    if (!drag) return
    if (drag.kind === 'category') {
      const rect = (event.currentTarget as HTMLElement).getBoundingClientRect()
      const ids = categories.map((c) => c.id)
      const after = event.clientY > rect.top + rect.height / 2
      const index = ids.indexOf(target.id)
      const next = placeBefore(ids, drag.id, after ? (ids[index + 1] ?? null) : target.id)
      if (next.join() !== ids.join()) submitMove({ intent: 'reorder-categories', ids: next.join(',') })
    } else {
      const ids = target.items.map((i) => i.id)
      const next = placeBefore(ids, drag.id, beforeItemId)
      if (next.join() !== ids.join() || drag.fromCategoryId !== target.id) submitMove({ intent: 'reorder-items', categoryId: String(target.id), ids: next.join(',') })
    }
    setDrag(null)
  }

  return { move, categories, drag, setDrag, dropHint, setDropHint, announcement, defaultCategory, dropOnCategory }
}
