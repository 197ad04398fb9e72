// One category on the organise board: its heading and controls, rename and delete, and its list of items.
import { type DragEvent, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button, Icon, TextField } from '~/ui'
import { useScripted } from './add-to-registry'
import { DragHandle, MoveButtons } from './organize-controls'
import { ItemRow } from './organize-item-row'
import type { OrganizeCategory } from './organize-order'
import { CATEGORY_DELETE_FETCHER, type Drag, fieldError, Hidden, type OrganizeResult } from './organize-shared'

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

export function CategorySection({ category, index, count, allCategories, defaultTitle, surpriseActive, dragging, onDragStart, onDragEnd, onItemDrop }: CategorySectionProps) {
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
