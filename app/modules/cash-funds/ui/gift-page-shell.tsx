import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Alert, Container, Icon, LinkButton } from '~/ui'

export type GiftPageThanks = {
  /** The success heading ("Thank you for your gift", "Thank you for chipping in"). */
  title: string
  message: string
  /** More links beside "Back to the registry" (e.g. "Give again"). */
  actions?: ReactNode
}

/**
 * The frame of a guest's giving page (/cash_funds/{id} and /group_gifts/{itemId}): the link back to the
 * family's registry, the header with the picture and the title, the progress, then either the "thank you"
 * block (focused once shown, so a screen reader hears it) or the page's form.
 */
export function GiftPageShell({
  registry,
  imageUrl,
  eyebrow,
  title,
  details,
  progress,
  thanks,
  children,
}: {
  registry: { slug: string; familyName: string }
  imageUrl: string
  /** Above the title: "Cash fund for …", "Group gift for …". */
  eyebrow: string
  title: string
  /** Under the title: a description, or the price and store. */
  details?: ReactNode
  progress: ReactNode
  /** Set once the guest has given: shown instead of the form. */
  thanks: GiftPageThanks | null
  children: ReactNode
}) {
  const registryHref = `/${registry.slug}`
  const thanksRef = useRef<HTMLDivElement>(null)
  // Focus once per new "thank you" (not on every render: the object is made afresh each time).
  const thanksKey = thanks ? `${thanks.title}\n${thanks.message}` : null
  useEffect(() => {
    if (thanksKey) thanksRef.current?.focus()
  }, [thanksKey])
  return (
    <Container size="md" className="flex flex-col gap-6 py-8 sm:py-10">
      <Link to={registryHref} className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
        <Icon name="chevron-left" className="size-4" />
        Back to {registry.familyName}&apos;s registry
      </Link>
      <header className="flex items-start gap-4">
        <img src={imageUrl} alt="" width={96} height={96} className="size-16 shrink-0 rounded-card border border-line bg-cream-100 object-cover sm:size-24" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-muted">{eyebrow}</p>
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
          {details ? <div className="mt-1 text-muted">{details}</div> : null}
        </div>
      </header>
      {progress}
      {thanks ? (
        <div ref={thanksRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
          <Alert tone="success" title={thanks.title}>
            {thanks.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={registryHref}>Back to the registry</LinkButton>
            {thanks.actions}
          </div>
        </div>
      ) : (
        children
      )}
    </Container>
  )
}
