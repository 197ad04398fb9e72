import { cx } from './cx'
import { DialogFrame, type DialogFrameProps } from './dialog-frame'

type DrawerProps = Omit<DialogFrameProps, 'className'> & {
  /** left/right: 400 px wide, at most 85% of the screen; top: full width, 400 px high (spec: drawer modal). */
  side?: 'left' | 'right' | 'top'
  className?: string
}

const sides = {
  left: 'my-0 ml-0 mr-auto h-dvh max-h-dvh w-[400px] max-w-[85%] rounded-r-panel open:animate-slide-in-left',
  right: 'my-0 mr-0 ml-auto h-dvh max-h-dvh w-[400px] max-w-[92%] rounded-l-panel open:animate-slide-in-right',
  top: 'mx-0 mt-0 mb-auto h-[400px] max-h-[85dvh] w-full max-w-full rounded-b-panel open:animate-slide-in-top',
}

/** A panel that slides in from the edge, with a scrolling body and a fixed footer. */
export function Drawer({ side = 'left', className, ...props }: DrawerProps) {
  return <DialogFrame {...props} className={cx(sides[side], className)} />
}
