import { useMemo } from 'react'
import { Link } from 'react-router'
import { publicOrigin } from '~/lib/links'
import { bookmarkletHref } from '~/modules/external-products/bookmarklet'
import { Container, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/add-items-guide'

export const meta = () => [
  { title: 'Add items from any store | Nestlist' },
  { name: 'description', content: 'Put anything from any shop on your Nestlist registry: paste a link, or use the Nestlist button in your browser.' },
]

/** /add-items: how to add from any store, and the 'Nestlist button' bookmarklet to drag to the bookmarks bar. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.publicUrl ?? new URL(request.url).origin)
  return { href: bookmarkletHref(origin) }
}

const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const BUTTON_CLASSES =
  'inline-flex min-h-12 cursor-grab items-center gap-2 rounded-full border-2 border-dashed border-berry-700 bg-berry-50 px-5 text-base font-bold text-berry-800 hover:bg-berry-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-berry-700'

export default function AddItemsGuide({ loaderData }: Route.ComponentProps) {
  // React refuses javascript: links in href (rightly); this one is our own script, built on the server from
  // constants and escaped, so it is written as markup.
  const button = `<a href="${escapeAttribute(loaderData.href)}" class="${BUTTON_CLASSES}" data-testid="nestlist-button" title="Drag me to your bookmarks bar">+ Nestlist button</a>`
  // One object while the link is the same: React 19 sets innerHTML again for a new one (a drag under way would end).
  const buttonHtml = useMemo(() => ({ __html: button }), [button])
  return (
    <Container className="flex max-w-3xl flex-col gap-8 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance">Add items from any store</h1>
        <p className="mt-2 text-lg text-muted">
          Your Nestlist registry can hold anything from any shop: the handmade blanket, the stroller from a specialist, the book from your local store.
          Guests see where to buy each one, and nobody buys the same gift twice.
        </p>
      </header>

      <section aria-labelledby="paste-heading" className="rounded-card border border-line bg-white p-5 sm:p-6">
        <h2 id="paste-heading" className="text-xl font-bold">
          1. Paste a link
        </h2>
        <p className="mt-1 text-muted">Copy the product’s web address, paste it on Nestlist, and check the details we fill in.</p>
        <LinkButton to="/registry/save_item" className="mt-4" icon={<Icon name="arrow-right" className="size-5" />}>
          Paste a link
        </LinkButton>
      </section>

      <section aria-labelledby="button-heading" className="rounded-card border border-line bg-white p-5 sm:p-6">
        <h2 id="button-heading" className="text-xl font-bold">
          2. Or use the Nestlist button
        </h2>
        <p className="mt-1 text-muted">
          A one-click button for your browser’s bookmarks bar. On any product page, click it and the item opens on Nestlist, ready to check and add. It reads the
          name, price and picture in your own browser, so it works even on shops that don’t let us look.
        </p>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-ink">
          <li>Show your bookmarks bar (Ctrl+Shift+B, or ⌘+Shift+B on a Mac).</li>
          <li>Drag the button below onto the bar.</li>
          <li>On a product page in any shop, click “Nestlist button”.</li>
        </ol>
        <div className="mt-4" dangerouslySetInnerHTML={buttonHtml} />
        <p className="mt-3 text-sm text-muted">On a phone? Paste the link instead: it works in every browser.</p>
      </section>

      <p className="text-muted">
        Something didn’t work?{' '}
        <Link to="/unable_to_add_reg_item" className="font-semibold text-berry-700 underline underline-offset-2">
          Why some pages can’t be read
        </Link>
      </p>
    </Container>
  )
}
