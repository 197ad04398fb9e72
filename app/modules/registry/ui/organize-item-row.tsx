// One item on the organise board: its summary, move controls and the in-place edit and remove forms.
import { type DragEvent, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatCents } from '~/lib/money'
import { Alert, Badge, Button, cx, Icon, TextField } from '~/ui'
import { MAX_QUANTITY, NOTE_MAX } from '../registry.constants'
import type { OwnerItem } from '../registry.types'
import { CheckboxField, SelectField, TextAreaField } from './add-to-registry-fields'
import { DragHandle, MoveButtons } from './organize-controls'
import type { OrganizeCategory } from './organize-order'
import { fieldError, Hidden, type OrganizeResult, REMOVE_FETCHER } from './organize-shared'
import { ItemPicture } from './item-picture'

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

export function ItemRow({ item, index, count, categories, surpriseActive, onDragStart, onDragEnd, onDrop, acceptsDrop }: ItemRowProps) {
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
