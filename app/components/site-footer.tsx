import type { ReactNode } from 'react'
import { SiteLink } from '~/lib/site-link'
import { StaticMarkup } from '~/lib/static-markup'
import type { NavbarCategory } from '~/modules/catalog/catalog.service.server'
import { Badge, Container, Icon, type IconName } from '~/ui'
import { SITE_FOOTER } from './kept-parts'
import { LogoMark } from './logo'
import { FREE_SHIPPING_THRESHOLD, REGISTRY_DISCOUNT_PERCENT, RETURNS_WINDOW } from './site-header'
import { categoryHref, CHECKLIST_PATH, CHECKLIST_QUIZ_PATH, FIND_REGISTRY_PATH, livePages, REGISTRY_NEW_PATH } from './site-links'

/**
 * Registry, Shop, Company and Help, with links only to pages that exist; a copyright line. Rendered on the server
 * only: the browser keeps its HTML (app-shell.tsx, app/lib/kept-server-html.tsx).
 */
export function SiteFooter({ navbar }: { navbar: NavbarCategory[] }) {
  const year = new Date().getFullYear()
  const shop = navbar.slice(0, 6)
  return (
    // Its HTML depends on the year and the first six categories only: the server writes a copy (app/lib/static-markup.tsx).
    <StaticMarkup
      as="footer"
      id={SITE_FOOTER.id}
      markupKey={() => `footer\u0000${year}\u0000${shop.map((c) => `${c.urlSlug}\u0001${c.title}`).join('\u0000')}`}
      className={SITE_FOOTER.className}>
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1fr_1.2fr] lg:gap-8">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="flex items-center gap-2 text-xl font-extrabold text-berry-700">
            <LogoMark className="size-8" />
            Nestlist
          </p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-muted">
            The universal baby registry and shop. One warm, simple list for everything your family needs, from any store.
          </p>
        </div>

        <FooterSection title="Registry">
          <FooterItem href={livePages.registryNew ? REGISTRY_NEW_PATH : null} soon>
            Create a registry
          </FooterItem>
          <FooterItem href={livePages.findRegistry ? FIND_REGISTRY_PATH : null} soon>
            Find a registry
          </FooterItem>
          <FooterItem href={livePages.checklist ? CHECKLIST_PATH : null} soon>
            Baby registry checklist
          </FooterItem>
          <FooterItem href={livePages.checklistQuiz ? CHECKLIST_QUIZ_PATH : null} soon>
            Checklist quiz
          </FooterItem>
        </FooterSection>

        <FooterSection title="Shop">
          {shop.map((c) => (
            <FooterItem key={c.urlSlug} href={categoryHref(c.urlSlug)}>
              {c.title}
            </FooterItem>
          ))}
        </FooterSection>

        <FooterSection title="Company">
          <FooterItem href="/">Nestlist home</FooterItem>
          <li className="text-sm leading-relaxed text-muted">Made with care for growing families.</li>
        </FooterSection>

        <FooterSection title="Help">
          <HelpFact icon="truck">Free standard shipping on orders over ${FREE_SHIPPING_THRESHOLD}</HelpFact>
          <HelpFact icon="return">Returns within {RETURNS_WINDOW} on items sold by Nestlist</HelpFact>
          <HelpFact icon="tag">{REGISTRY_DISCOUNT_PERCENT}% registry discount before your due date</HelpFact>
        </FooterSection>
      </Container>
      <div className="border-t border-line">
        <Container className="flex flex-col gap-2 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} Nestlist. All rights reserved.</p>
          <p className="flex items-center gap-1.5">
            Made with <Icon name="heart" label="love" className="size-4 text-berry-700" /> for new families
          </p>
        </Container>
      </div>
    </StaticMarkup>
  )
}

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`footer-${title.toLowerCase()}`}>
      <h2 id={`footer-${title.toLowerCase()}`} className="text-sm font-bold tracking-wide text-ink uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </section>
  )
}

/** A link when the page exists; otherwise the same words as plain text, marked 'Soon' if it is on its way. */
function FooterItem({ href, soon, children }: { href: string | null; soon?: boolean; children: ReactNode }) {
  return (
    <li className="text-[0.9375rem]">
      {href ? (
        <SiteLink to={href} className="rounded-sm text-ink underline-offset-4 hover:text-berry-700 hover:underline">
          {children}
        </SiteLink>
      ) : (
        <span className="inline-flex flex-wrap items-center gap-2 text-ink">
          {children}
          {soon ? <Badge variant="soon">Soon</Badge> : null}
        </span>
      )}
    </li>
  )
}

function HelpFact({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 text-sm leading-snug text-ink">
      <Icon name={icon} className="mt-px size-[1.1rem] text-sage-700" />
      <span>{children}</span>
    </li>
  )
}
