import { useEffect, useState } from 'react'
import { cx, Icon } from '~/ui'
import { BACK_TO_TOP_AFTER_PX } from './back-to-top-threshold'


/** 'Back to top': appears after 500 px of scrolling and glides back up. Small at 525 px wide or less. */
export function BackToTop() {
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])

  function backToTop() {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
    // The button is about to disappear: start keyboard users again from the top of the page.
    document.getElementById('top')?.focus({ preventScroll: true })
  }

  return (
    <button
      type="button"
      onClick={backToTop}
      hidden={!visible}
      className={cx(
        'fixed right-4 bottom-4 z-40 items-center gap-1.5 rounded-full border-2 border-berry-700 bg-white font-semibold text-berry-700 shadow-pop transition-colors hover:bg-berry-50 animate-pop-in',
        // Small at 525 px wide or less (spec), medium above.
        'min-h-9 px-3.5 text-sm min-[526px]:right-6 min-[526px]:bottom-6 min-[526px]:min-h-11 min-[526px]:px-5 min-[526px]:text-base',
        visible ? 'inline-flex' : 'hidden',
      )}
    >
      <Icon name="arrow-up" className="size-4 min-[526px]:size-5" />
      Back to top
    </button>
  )
}
