// The organise page's board: categories in order with their items, moved by drag and drop or by the
// Move up / Move down buttons (each announced), renamed, added, deleted and edited in place.
import { type DragEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatCents } from '~/lib/money'
import { Alert, Badge, Button, cx, Icon, TextField } from '~/ui'
import { MAX_QUANTITY, NOTE_MAX } from '../registry.constants'
import type { OwnerItem } from '../registry.types'
import { useScripted } from './add-to-registry'
import { CheckboxField, SelectField, TextAreaField } from './add-to-registry-fields'
import { applyPending, type OrganizeCategory, placeBefore } from './organize-order'
import { ItemPicture } from './item-picture'

/** What every organise action answers. */
export type OrganizeResult =
  | { ok: true; intent: string; id: number | null; message: string; undoItemId?: number; at: number }
  | { ok: false; intent: string; id: number | null; message: string; fields: Record<string, string[]>; status: number; at: number }

export const MOVE_FETCHER = 'organize-move'
export const REMOVE_FETCHER = 'organize-remove'
export const CATEGORY_DELETE_FETCHER = 'organize-category-delete'

type Drag = { kind: 'category'; id: number } | { kind: 'item'; id: number; fromCategoryId: number }

const fieldError = (r: OrganizeResult | undefined, name: string) => (r && !r.ok ? r.fields[name]?.[0] : undefined)

/** Hidden fields every organise form carries. */
function Hidden({ intent, id, extra }: { intent: string; id?: number; extra?: Record<string, string | number> }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  )
}

export function OrganizeBoard({ categories: saved, surpriseActive }: { categories: OrganizeCategory[]; surpriseActive: boolean }) {
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

  return (
    <div className="flex flex-col gap-6">
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {move.data && !move.data.ok && move.state === 'idle' ? <Alert tone="error">{move.data.message}</Alert> : null}
      <RemovedNotice />
      <CategoryDeletedNotice />
      <ol className="flex flex-col gap-6" aria-label="Your categories">
        {categories.map((category, index) => (
          <li
            key={category.id}
            data-category-id={category.id}
            onDragOver={(e) => {
              if (!drag) return
              e.preventDefault()
              setDropHint(`category-${category.id}`)
            }}
            onDragLeave={() => setDropHint((h) => (h === `category-${category.id}` ? null : h))}
            onDrop={(e) => dropOnCategory(e, category, null)}
            className={cx(
              'rounded-card border bg-white shadow-card transition-colors',
              dropHint === `category-${category.id}` ? 'border-berry-700 ring-2 ring-berry-200' : 'border-line',
            )}
          >
            <CategorySection
              category={category}
              index={index}
              count={categories.length}
              allCategories={categories}
              defaultTitle={defaultCategory?.title ?? 'your main category'}
              surpriseActive={surpriseActive}
              onDragStart={(d) => setDrag(d)}
              onDragEnd={() => {
                setDrag(null)
                setDropHint(null)
              }}
              onItemDrop={(e, beforeItemId) => {
                e.stopPropagation()
                dropOnCategory(e, category, beforeItemId)
              }}
              dragging={drag}
            />
          </li>
        ))}
      </ol>
      <AddCategoryForm />
    </div>
  )
}

function MoveButtons({ label, intent, id, index, count, extra }: { label: string; intent: string; id: number; index: number; count: number; extra?: Record<string, string> }) {
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

function DragHandle({ label, onStart, onEnd, dragImage }: { label: string; onStart: () => void; onEnd: () => void; dragImage: () => HTMLElement | null }) {
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

type CategorySectionProps = {
  category: OrganizeCategory
  index: number
  count: number
  allCategories: OrganizeCategory[]
  defaultTitle: string
  surpriseActive: boolean
  dragging: Drag | null
  onDragStart: (d: Drag) => void
  onDragEnd: () => void
  onItemDrop: (e: DragEvent, beforeItemId: number | null) => void
}

function CategorySection({ category, index, count, allCategories, defaultTitle, surpriseActive, dragging, onDragStart, onDragEnd, onItemDrop }: CategorySectionProps) {
  const rename = useFetcher<OrganizeResult>()
  const remove = useFetcher<OrganizeResult>({ key: CATEGORY_DELETE_FETCHER })
  // The field closes by itself once a rename made after opening it is saved.
  const [openedAt, setOpenedAt] = useState<number | null>(null)
  const sectionRef = useRef<HTMLElement>(null)
  const headingId = `category-${category.id}-heading`
  const renamed = rename.state === 'idle' && rename.data?.ok === true
  const editing = openedAt !== null && !(renamed && rename.data?.at !== openedAt)
  const setEditing = (open: boolean) => setOpenedAt(open ? (rename.data?.at ?? 0) : null)
  const shownTitle = rename.formData?.get('title')?.toString() ?? category.title
  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <DragHandle
          label={category.title}
          onStart={() => onDragStart({ kind: 'category', id: category.id })}
          onEnd={onDragEnd}
          dragImage={() => sectionRef.current}
        />
        <h2 id={headingId} className="min-w-0 flex-1 text-lg font-bold break-words">
          {shownTitle}
          <span className="ml-2 text-sm font-normal text-muted">
            {category.items.length === 1 ? '1 item' : `${category.items.length} items`}
          </span>
        </h2>
        <MoveButtons label={category.title} intent="move-category" id={category.id} index={index} count={count} />
      </div>

      {category.isDefault ? (
        <p className="mt-2 text-sm text-muted">
          <Icon name="lock" className="mr-1 inline size-4 align-text-bottom" />
          Your main category: new items land here and items from deleted categories move here, so it cannot be renamed or deleted.
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          {editing || (rename.data && !rename.data.ok) ? (
            <rename.Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
              <Hidden intent="rename-category" id={category.id} />
              <TextField
                label={`New name for ${category.title}`}
                name="title"
                defaultValue={category.title}
                maxLength={40}
                required
                containerClassName="min-w-48 flex-1"
                error={fieldError(rename.data, 'title') ?? (rename.data && !rename.data.ok ? rename.data.message : undefined)}
                autoFocus={editing}
              />
              <Button type="submit" size="sm" pending={rename.state !== 'idle'} pendingLabel="Saving…" className="mb-1">
                Save name
              </Button>
              {editing ? (
                <Button type="button" size="sm" variant="ghost" className="mb-1" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              ) : null}
            </rename.Form>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {!editing ? (
              <NoScriptRename category={category} onEdit={() => setEditing(true)} />
            ) : null}
            <remove.Form method="post">
              <Hidden intent="delete-category" id={category.id} />
              <Button type="submit" size="sm" variant="ghost" pending={remove.state !== 'idle'} pendingLabel="Deleting…" icon={<Icon name="close" className="size-4" />}>
                Delete {category.title}
              </Button>
            </remove.Form>
          </div>
          {category.items.length > 0 ? (
            <p className="text-sm text-muted">Deleting it keeps its items: they move to {defaultTitle}.</p>
          ) : null}
          {renamed ? (
            <p role="status" className="text-sm font-semibold text-sage-700">
              {rename.data?.message}
            </p>
          ) : null}
        </div>
      )}

      <ol
        className="mt-4 flex flex-col gap-3"
        aria-label={`Items in ${category.title}`}
        onDragOver={(e) => {
          if (dragging?.kind === 'item') e.preventDefault()
        }}
        onDrop={(e) => {
          if (dragging?.kind === 'item') onItemDrop(e, null)
        }}
      >
        {category.items.length === 0 ? (
          <li className="rounded-xl border border-dashed border-line-strong p-4 text-sm text-muted">
            No items here yet. Move one in with its category choice{dragging ? ', or drop it here' : ''}.
          </li>
        ) : null}
        {category.items.map((item, i) => (
          <ItemRow
            key={item.id}
            item={item}
            index={i}
            count={category.items.length}
            categories={allCategories}
            surpriseActive={surpriseActive}
            onDragStart={() => onDragStart({ kind: 'item', id: item.id, fromCategoryId: category.id })}
            onDragEnd={onDragEnd}
            onDrop={(e) => {
              if (dragging?.kind !== 'item') return
              const rect = (e.currentTarget as HTMLElement).getBoundingClientRect()
              const after = e.clientY > rect.top + rect.height / 2
              onItemDrop(e, after ? (category.items[i + 1]?.id ?? null) : item.id)
            }}
            acceptsDrop={dragging?.kind === 'item'}
          />
        ))}
      </ol>
    </section>
  )
}

/** 'Rename' opens the field in place with scripts; without them the field is always there. */
function NoScriptRename({ category, onEdit }: { category: OrganizeCategory; onEdit: () => void }) {
  const scripted = useScripted()
  if (scripted) {
    return (
      <Button type="button" size="sm" variant="secondary" onClick={onEdit} aria-label={`Rename ${category.title}`}>
        Rename
      </Button>
    )
  }
  return (
    <form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="rename-category" />
      <input type="hidden" name="id" value={category.id} />
      <TextField label={`New name for ${category.title}`} name="title" defaultValue={category.title} maxLength={40} required containerClassName="min-w-48 flex-1" />
      <Button type="submit" size="sm" className="mb-1">
        Save name
      </Button>
    </form>
  )
}

type ItemRowProps = {
  item: OwnerItem
  index: number
  count: number
  categories: OrganizeCategory[]
  surpriseActive: boolean
  onDragStart: () => void
  onDragEnd: () => void
  onDrop: (e: DragEvent) => void
  acceptsDrop: boolean
}

function ItemRow({ item, index, count, categories, surpriseActive, onDragStart, onDragEnd, onDrop, acceptsDrop }: ItemRowProps) {
  const edit = useFetcher<OrganizeResult>()
  const remove = useFetcher<OrganizeResult>({ key: REMOVE_FETCHER })
  const rowRef = useRef<HTMLLIElement>(null)
  const [over, setOver] = useState(false)
  const given = item.quantityReserved + item.quantityPurchased
  const saved = edit.state === 'idle' && edit.data?.ok
  const failure = edit.state === 'idle' && edit.data && !edit.data.ok ? edit.data : undefined
  const removing = remove.state !== 'idle' && remove.formData?.get('id') === String(item.id)
  if (removing) return null
  return (
    <li
      ref={rowRef}
      data-item-id={item.id}
      onDragOver={(e) => {
        if (!acceptsDrop) return
        e.preventDefault()
        e.stopPropagation()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false)
        onDrop(e)
      }}
      className={cx('rounded-xl border bg-cream-50 p-3', over ? 'border-berry-700' : 'border-line')}
    >
      <div className="flex flex-wrap items-center gap-3">
        <DragHandle label={item.title} onStart={onDragStart} onEnd={onDragEnd} dragImage={() => rowRef.current} />
        <ItemPicture item={item} width={56} height={56} className="size-14 shrink-0 rounded-lg border border-line bg-white object-cover" />
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-semibold break-words">{item.title}</p>
          <p className="text-sm text-muted">
            {formatCents(item.priceCents)}&nbsp;· {item.quantityNeeded === 1 ? 'Wants 1' : `Wants ${item.quantityNeeded}`}
            {!surpriseActive && given > 0 ? `\u00a0· ${[item.quantityReserved ? `${item.quantityReserved} reserved` : '', item.quantityPurchased ? `${item.quantityPurchased} bought` : ''].filter(Boolean).join(', ')}` : ''}
          </p>
          {item.mostWanted || Object.keys(item.options).length > 0 ? (
            <p className="mt-1 flex flex-wrap gap-1.5">
              {item.mostWanted ? <Badge variant="primary">Most wanted</Badge> : null}
              {Object.entries(item.options).map(([k, v]) => (
                <Badge key={k} variant="neutral">
                  {k === 'color' ? 'Color' : k === 'size' ? 'Size' : k}: {v}
                </Badge>
              ))}
            </p>
          ) : null}
        </div>
        <MoveButtons label={item.title} intent="move-item" id={item.id} index={index} count={count} />
      </div>

      <details className="mt-2" open={Boolean(failure)}>
        <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-full px-2 text-sm font-semibold text-berry-700 hover:bg-berry-50">
          Edit {item.title}
        </summary>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <edit.Form method="post" className="flex flex-col gap-3" noValidate>
            <Hidden intent="update-item" id={item.id} />
            <TextField
              label="Quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={Math.max(1, given)}
              max={MAX_QUANTITY}
              defaultValue={item.quantityNeeded}
              hint={!surpriseActive && given > 0 ? `${given} already reserved or bought, so at least ${given}.` : undefined}
              error={fieldError(failure, 'quantity')}
              required
            />
            <TextAreaField label="Note for your guests" name="note" optional maxLength={NOTE_MAX} defaultValue={item.note} error={fieldError(failure, 'note')} />
            <input type="hidden" name="mostWanted" value="false" />
            <CheckboxField name="mostWanted" value="true" label="Most wanted" defaultChecked={item.mostWanted} />
            {/* In this form, so 'Save changes' saves a new category with the rest; 'Move' saves the same form. */}
            <div className="flex flex-wrap items-end gap-2">
              <SelectField label="Category" name="categoryId" defaultValue={item.categoryId} error={fieldError(failure, 'categoryId')} containerClassName="min-w-40 flex-1">
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" size="sm" variant="secondary" className="mb-1">
                Move
              </Button>
            </div>
            {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" size="sm" pending={edit.state !== 'idle'} pendingLabel="Saving…">
                Save changes
              </Button>
              {saved ? (
                <p role="status" className="text-sm font-semibold text-sage-700">
                  {edit.data?.message}
                </p>
              ) : null}
            </div>
          </edit.Form>
          <div className="flex flex-col gap-4">
            <remove.Form method="post">
              <Hidden intent="remove-item" id={item.id} extra={{ title: item.title }} />
              <Button type="submit" size="sm" variant="ghost" icon={<Icon name="close" className="size-4" />}>
                Remove {item.title}
              </Button>
              {given > 0 && !surpriseActive ? (
                <p className="mt-1 text-sm text-muted">Guests have reserved or bought some; we keep those gifts listed below.</p>
              ) : null}
            </remove.Form>
          </div>
        </div>
      </details>
    </li>
  )
}

/** After a remove: what happened, with Undo (focus goes there, since the row is gone). */
function RemovedNotice() {
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
function CategoryDeletedNotice() {
  const remove = useFetcher<OrganizeResult>({ key: CATEGORY_DELETE_FETCHER })
  const result = remove.state === 'idle' ? remove.data : undefined
  if (!result) return null
  return <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>
}

function AddCategoryForm() {
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
