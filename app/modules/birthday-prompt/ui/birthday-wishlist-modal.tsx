import { useNavigate } from 'react-router'
import { flushEvents, track } from '~/modules/analytics/track'
import { BIRTHDAY_PROMPT } from '~/modules/config/app-config'
import { buttonClasses, Icon, Modal } from '~/ui'

export type BirthdayWishlistModalProps = {
  open: boolean
  onClose: () => void
  /** Where the modal was shown, for the list-type-clicked event. */
  eventLocation: string
  registryId: number | null
  registryOwnerId: number | null
}

/**
 * Spec §2 'Birthday wishlist modal'. The call-to-action records list-type-clicked (list type birthday,
 * event location, registry id, registry owner id) and goes to the create page 100 ms later, so the
 * event leaves first. It is a link, so a middle-click or a failed script still reaches the page.
 */
export default function BirthdayWishlistModal({ open, onClose, eventLocation, registryId, registryOwnerId }: BirthdayWishlistModalProps) {
  const navigate = useNavigate()
  return (
    <Modal open={open} onClose={onClose} size="sm" title="Birthday Gifts Made Easy">
      <div className="flex flex-col items-center gap-5 pb-2 text-center">
        <span aria-hidden="true" className="inline-flex size-16 items-center justify-center rounded-full bg-peach-100 text-peach-700">
          <Icon name="gift" className="size-8" />
        </span>
        <p className="text-lg leading-snug">Dreading gifts with 100s of pieces? Create a wishlist for what they really need instead!</p>
        <a
          href={BIRTHDAY_PROMPT.createPath}
          className={buttonClasses({ className: 'w-full' })}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
            event.preventDefault()
            track({
              name: 'list_type_clicked',
              listType: 'birthday',
              eventLocation,
              ...(registryId !== null ? { registryId } : {}),
              ...(registryOwnerId !== null ? { registryOwnerId } : {}),
            })
            // A client-side navigation does not hide the page, so send the event now rather than in a second.
            flushEvents()
            window.setTimeout(() => navigate(BIRTHDAY_PROMPT.createPath), BIRTHDAY_PROMPT.redirectDelayMs)
          }}
        >
          Start a Birthday Wishlist
        </a>
      </div>
    </Modal>
  )
}
