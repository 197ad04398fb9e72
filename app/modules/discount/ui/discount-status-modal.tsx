import { Link } from 'react-router'
import { flushEvents, track } from '~/modules/analytics/track'
import { buttonClasses, Modal } from '~/ui'
import type { RegistryDiscount } from '../discount'
import { discountStatus } from '../discount-status'

/** Spec §2 'Registry discount status modal': titles, lines, buttons and footer from the discount data. */
export default function DiscountStatusModal({ discount, open, onClose }: { discount: RegistryDiscount; open: boolean; onClose: () => void }) {
  const s = discountStatus(discount)
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      title={
        s.titleDesktop === s.titleMobile ? (
          s.titleMobile
        ) : (
          <>
            <span className="hidden sm:inline">{s.titleDesktop}</span>
            <span className="sm:hidden">{s.titleMobile}</span>
          </>
        )
      }
      footer={s.buttons.map((b) => (
        <Link
          key={b.label}
          to={b.href}
          className={buttonClasses({ variant: b.variant, className: 'max-sm:w-full' })}
          onClick={() => {
            if (b.tracked) {
              track({ name: 'discount_modal_button_clicked', button: b.variant, label: b.label })
              flushEvents()
            }
            onClose()
          }}
        >
          {b.label}
        </Link>
      ))}
    >
      <div className="flex flex-col gap-4" data-testid="discount-status">
        <ul className="flex flex-col gap-3">
          {s.lines.map((parts) => (
            <li key={parts.join(' ')} className="flex gap-3">
              <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-berry-600" />
              <span className="leading-snug">
                {parts.map((part, i) => (
                  <span key={part} className={i === 0 ? 'block font-semibold' : 'block text-muted'}>
                    {part}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-1 border-t border-line pt-3 text-sm text-muted">
          {s.footer.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </div>
    </Modal>
  )
}
