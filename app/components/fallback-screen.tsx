import { messages } from '~/lib/errors'
import { Icon } from '~/ui'

/** The spec's fallback screen: its last words are a link that reloads the page. */
export function FallbackScreen() {
  const [before, after] = splitLastWords(messages.fallbackScreen)
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <title>Something went wrong | Nestlist</title>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-peach-100 text-peach-700">
        <Icon name="alert" className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
        {before}{' '}
        <a href="" className="rounded-sm text-berry-700 underline underline-offset-4 hover:text-berry-800" onClick={reload}>
          {after}
        </a>
      </h1>
    </section>
  )
}

function reload(event: React.MouseEvent) {
  event.preventDefault()
  window.location.reload()
}

/** 'Something went wrong. Try reloading the page.' -> ['Something went wrong.', 'Try reloading the page.'] */
function splitLastWords(text: string): [string, string] {
  const at = text.indexOf('. ')
  return at === -1 ? ['', text] : [text.slice(0, at + 1), text.slice(at + 2)]
}
