// The organise board's row controls: Move up / Move down buttons (keeping focus on the one pressed) and the
// drag handle, shown only when scripts run.
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button, Icon } from '~/ui'
import { useScripted } from './add-to-registry'
import { Hidden, MOVE_FETCHER, type OrganizeResult } from './organize-shared'

export function MoveButtons({ label, intent, id, index, count, extra }: { label: string; intent: string; id: number; index: number; count: number; extra?: Record<string, string> }) {
  const move = useFetcher<OrganizeResult>({ key: MOVE_FETCHER })
  const upRef = useRef<HTMLButtonElement>(null)
  const downRef = useRef<HTMLButtonElement>(null)
  const pendingHere = move.formData?.get('id') === String(id) && move.formData?.get('intent') === intent
  const lastDirection = useRef<'up' | 'down' | null>(null)
  // The row moves in the page; keep focus on the button that was pressed (or its partner at an end).
  useEffect(() => {
    if (!lastDirection.current) return
    const preferred = lastDirection.current === 'up' ? upRef.current : downRef.current
    const other = lastDirection.current === 'up' ? downRef.current : upRef.current
    if (preferred && !preferred.disabled) preferred.focus()
    else other?.focus()
  }, [index])
  return (
    <move.Form method="post" className="flex gap-1" onSubmit={(e) => (lastDirection.current = ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value as 'up' | 'down')}>
      <Hidden intent={intent} id={id} extra={extra} />
      <Button ref={upRef} type="submit" name="direction" value="up" size="sm" variant="ghost" disabled={index === 0} aria-label={`Move ${label} up`} className="px-3" aria-busy={pendingHere || undefined}>
        <Icon name="chevron-up" className="size-4" />
        <span className="hidden sm:inline" aria-hidden="true">
          Up
        </span>
      </Button>
      <Button ref={downRef} type="submit" name="direction" value="down" size="sm" variant="ghost" disabled={index === count - 1} aria-label={`Move ${label} down`} className="px-3">
        <Icon name="chevron-down" className="size-4" />
        <span className="hidden sm:inline" aria-hidden="true">
          Down
        </span>
      </Button>
    </move.Form>
  )
}

export function DragHandle({ label, onStart, onEnd, dragImage }: { label: string; onStart: () => void; onEnd: () => void; dragImage: () => HTMLElement | null }) {
  const scripted = useScripted()
  if (!scripted) return null
  return (
    <span
      draggable
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move'
        e.dataTransfer.setData('text/plain', label)
        const image = dragImage()
        if (image) e.dataTransfer.setDragImage(image, 16, 16)
        onStart()
      }}
      onDragEnd={onEnd}
      title={`Drag to move ${label}`}
      className="hidden size-9 shrink-0 cursor-grab items-center sm:inline-flex justify-center rounded-full text-muted hover:bg-cream-200 active:cursor-grabbing"
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor">
        {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
      </svg>
    </span>
  )
}
