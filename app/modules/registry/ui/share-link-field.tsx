import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/modules/catalog/ui/filters/use-hydrated'
import { Button, inputClasses } from '~/ui'

/**
 * The registry link in a read-only field (select it and copy by hand without JavaScript) with a Copy button
 * once JavaScript runs: the Clipboard API, or selecting the text and the older copy command as a fallback.
 */
export function ShareLinkField({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null)
  const ready = useHydrated()
  const [status, setStatus] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    let copied = false
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url)
        copied = true
      }
    } catch {
      copied = false
    }
    if (!copied && input.current) {
      input.current.focus()
      input.current.select()
      try {
        copied = document.execCommand('copy')
      } catch {
        copied = false
      }
    }
    setStatus(copied ? 'Link copied. Paste it anywhere to share.' : 'The link is selected: press Ctrl+C (or ⌘C) to copy it.')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setStatus(null), 6000)
  }

  return (
    <div>
      <label htmlFor="share-link" className="block text-sm font-semibold text-ink">
        Your registry link
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="share-link"
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClasses} font-semibold`}
          aria-describedby="share-link-status"
        />
        {ready ? (
          <Button onClick={copy} className="shrink-0">
            Copy link
          </Button>
        ) : null}
      </div>
      <p id="share-link-status" role="status" className="mt-2 min-h-5 text-sm font-medium text-sage-700">
        {status}
      </p>
    </div>
  )
}
