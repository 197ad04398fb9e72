import { messages } from '~/lib/errors'

/** The spec's fallback screen: its last words are a link that reloads the page. */
export function FallbackScreen() {
  const [before, after] = splitLastWords(messages.fallbackScreen)
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">
        {before}{' '}
        <a href="" className="text-berry-700 underline underline-offset-4 hover:text-berry-800" onClick={reload}>
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
