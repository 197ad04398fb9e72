import { Suspense, useEffect, useState } from 'react'
import { BIRTHDAY_PROMPT } from '~/modules/config/app-config'
import { type BirthdayPromptUser, readBirthdayDismissed, shouldOfferBirthdayWishlist, storeBirthdayDismissed } from '../birthday-prompt'
import { lazyChunk } from '~/lib/chunk-load'

// Fetched only when the prompt is due, so pages that never show it carry none of its code.
const BirthdayWishlistModal = lazyChunk('birthday-wishlist-modal', () => import('./birthday-wishlist-modal'))

const storage = () => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * Spec §4 'Birthday prompt' and §5 trigger: when the rules hold, the birthday wishlist modal opens after
 * 5 seconds; as it opens the dismissed flag is stored, so it never shows again on this browser. Renders
 * nothing on the server or until then. The loader passes null when the prompt is not offered on the page.
 */
export function BirthdayPrompt({ user, eventLocation }: { user: BirthdayPromptUser | null; eventLocation: string }) {
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState(false)

  useEffect(() => {
    if (!shouldOfferBirthdayWishlist(user, Date.now(), readBirthdayDismissed(storage()))) return
    const timer = window.setTimeout(() => {
      // Checked again: another tab may have shown it meanwhile.
      if (readBirthdayDismissed(storage())) return
      storeBirthdayDismissed(storage(), Date.now())
      setShown(true)
      setOpen(true)
    }, BIRTHDAY_PROMPT.delayMs)
    return () => window.clearTimeout(timer)
  }, [user])

  if (!shown || !user) return null
  // The current registry is the newest, listed first.
  const current = user.registries[0]
  return (
    <Suspense fallback={null}>
      <BirthdayWishlistModal
        open={open}
        onClose={() => setOpen(false)}
        eventLocation={eventLocation}
        registryId={current?.id ?? null}
        registryOwnerId={current?.ownerId ?? null}
      />
    </Suspense>
  )
}
