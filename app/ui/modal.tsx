import { cx } from './cx'
import { DialogFrame, type DialogFrameProps } from './dialog-frame'

type ModalProps = Omit<DialogFrameProps, 'className'> & { size?: 'sm' | 'md' | 'lg'; className?: string }

const widths = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' }

/** A centred dialog for one focused task or message. Controlled: pass open and onClose. */
export function Modal({ size = 'md', className, ...props }: ModalProps) {
  return (
    <DialogFrame
      {...props}
      className={cx(
        'm-auto w-[calc(100%-2rem)] max-h-[calc(100dvh-2rem)] rounded-panel open:animate-pop-in',
        widths[size],
        className,
      )}
    />
  )
}
