/** The first stop for keyboard users: jumps past the header and navigation to the page content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Move focus as well as scroll, so the next Tab continues inside the content.
        const main = document.getElementById('main')
        if (!main) return
        event.preventDefault()
        main.focus()
        main.scrollIntoView()
      }}
      className="fixed top-2 left-2 z-[60] -translate-y-24 rounded-full bg-berry-700 px-5 py-3 font-semibold text-white shadow-pop transition-transform focus:translate-y-0"
    >
      Skip to content
    </a>
  )
}
