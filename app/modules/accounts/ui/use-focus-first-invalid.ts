import { type RefObject, useEffect } from 'react'

/**
 * After a failed submit, moves focus to the first field marked invalid in the form (so keyboard and
 * screen reader users land on the problem). When no field is named, focus stays where it was and the
 * form's alert (role="alert") announces the failure.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, failure: unknown) {
  useEffect(() => {
    if (!failure || !formRef.current) return
    const target = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]')
    target?.focus()
  }, [failure, formRef])
}
