// Shared by the organise board's pieces: what every action answers, the fetcher keys that tie a form to
// its notice, and the hidden fields every organise form carries.

/** What every organise action answers. */
export type OrganizeResult =
  | { ok: true; intent: string; id: number | null; message: string; undoItemId?: number; at: number }
  | { ok: false; intent: string; id: number | null; message: string; fields: Record<string, string[]>; status: number; at: number }

export const MOVE_FETCHER = 'organize-move'
export const REMOVE_FETCHER = 'organize-remove'
export const CATEGORY_DELETE_FETCHER = 'organize-category-delete'

export type Drag = { kind: 'category'; id: number } | { kind: 'item'; id: number; fromCategoryId: number }

export const fieldError = (r: OrganizeResult | undefined, name: string) => (r && !r.ok ? r.fields[name]?.[0] : undefined)

/** Hidden fields every organise form carries. */
export function Hidden({ intent, id, extra }: { intent: string; id?: number; extra?: Record<string, string | number> }) {
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
