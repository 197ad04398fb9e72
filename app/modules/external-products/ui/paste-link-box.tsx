import { Form, Link, useNavigation } from 'react-router'
import { Button, Icon, TextField } from '~/ui'

/**
 * 'Paste a link from any store': a GET form to /registry/save_item, which reads the page and shows an
 * editable preview. Works without JavaScript; with it, the button says it is reading the page.
 */
export function PasteLinkBox({ defaultValue = '', error, headingLevel = 2 }: { defaultValue?: string; error?: string; headingLevel?: 1 | 2 }) {
  const navigation = useNavigation()
  const reading = navigation.state === 'loading' && navigation.location?.pathname === '/registry/save_item' && navigation.location.search.includes('url=')
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section aria-labelledby="paste-link-heading" className="rounded-card border border-line bg-white p-4 shadow-card sm:p-6">
      <Heading id="paste-link-heading" className={headingLevel === 1 ? 'text-3xl font-extrabold tracking-tight' : 'text-xl font-bold'}>
        Paste a link from any store
      </Heading>
      <p className="mt-1 text-muted">Found it somewhere else? Paste the product’s web address and we’ll fill in the name, price and picture for you to check.</p>
      <Form method="get" action="/registry/save_item" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Product link"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={defaultValue}
          error={error}
          required
          autoComplete="off"
          containerClassName="min-w-0 flex-1"
        />
        <Button type="submit" className="sm:mt-7" pending={reading} pendingLabel="Reading the page…" icon={<Icon name="arrow-right" className="size-5" />}>
          Get details
        </Button>
      </Form>
      <p className="mt-3 text-sm text-muted">
        No link, or a shop that won’t let us look?{' '}
        <Link to="/registry/save_item?manual=1" className="font-semibold text-berry-700 underline underline-offset-2">
          Enter the item yourself
        </Link>
        &nbsp;· or add the{' '}
        <Link to="/add-items" className="font-semibold text-berry-700 underline underline-offset-2">
          Nestlist button
        </Link>{' '}
        to your browser.
      </p>
    </section>
  )
}
