// The organise page's board: categories in order with their items, moved by drag and drop or by the
// Move up / Move down buttons (each announced), renamed, added, deleted and edited in place.
import { Alert, cx } from '~/ui'
import type { OrganizeCategory } from './organize-order'
import { AddCategoryForm } from './organize-add-category-form'
import { CategorySection } from './organize-category-section'
import { CategoryDeletedNotice, RemovedNotice } from './organize-notices'
import { useOrganizeMoves } from './use-organize-moves'

export { CATEGORY_DELETE_FETCHER, MOVE_FETCHER, type OrganizeResult, REMOVE_FETCHER } from './organize-shared'

export function OrganizeBoard({ categories: saved, surpriseActive }: { categories: OrganizeCategory[]; surpriseActive: boolean }) {
  const { move, categories, drag, setDrag, dropHint, setDropHint, announcement, defaultCategory, dropOnCategory } = useOrganizeMoves(saved)

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
