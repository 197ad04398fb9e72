import { type RefObject, useEffect } from 'react'

/**
 * After a failed submit, moves focus to the first field marked invalid in the form (so keyboard and
 * screen reader users land on the problem), or to the form's alert when no field is named.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, failure: unknown) {
  useEffect(() => {
    if (!failure || !formRef.current) return
    const target = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]')
    target?.focus()
  }, [failure, formRef])
}
