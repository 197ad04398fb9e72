import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader } from '~/modules/accounts/ui/settings-page'
import { Badge, Card, Icon, type IconName, TextLink } from '~/ui'
import type { Route } from './+types/overview'

export const meta = () => [{ title: 'Settings | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings: a summary of every settings section, each card leading to its page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [profile, address, preferences, orders] = await Promise.all([
    context.services.accounts.profile(user.id),
    context.services.address.get(user.id),
    context.services.emailPreferences.preferences(user.id),
    context.services.orders.listForBuyer(user.id, { perPage: 1 }),
  ])
  const optional = preferences.filter((p) => p.optional)
  return {
    user: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
    address: address && {
      name: address.name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      zip: address.zip,
    },
    email: { optionalOn: optional.filter((p) => p.subscribed).length, optionalTotal: optional.length },
    twoFactorEnabled: profile.twoFactors.enabled,
    orderCount: orders.total,
  }
}

function OverviewCard({
  icon,
  title,
  children,
  link,
}: {
  icon: IconName
  title: string
  children: React.ReactNode
  link: { to: string; label: string }
}) {
  return (
    <Card as="section" className="flex flex-col p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-berry-50 text-berry-700">
          <Icon name={icon} className="size-5" />
        </span>
        <h2 className="text-lg font-bold text-ink">{title}</h2>
      </div>
      <div className="mt-3 flex-1 text-base text-ink">{children}</div>
      <TextLink to={link.to} className="mt-4 inline-flex min-h-11 items-center gap-1 self-start hover:text-berry-800">
        {link.label}
        <Icon name="chevron-right" className="size-4" />
      </TextLink>
    </Card>
  )
}

export default function SettingsOverview({ loaderData }: Route.ComponentProps) {
  const { user, address, email, twoFactorEnabled, orderCount } = loaderData
  return (
    <>
      <SettingsPageHeader title="Settings" intro={`Hi ${user.firstName}! Everything about your account is here, in one place.`} />
      <div className="grid gap-5 sm:grid-cols-2">
        <OverviewCard icon="user" title="Your details" link={{ to: '/settings/account', label: 'Edit details and password' }}>
          <p className="font-semibold break-words">
            {user.firstName} {user.lastName}
          </p>
          <p className="break-all text-muted">{user.email}</p>
        </OverviewCard>

        <OverviewCard
          icon="truck"
          title="Shipping address"
          link={{ to: '/settings/shipping', label: address ? 'Edit shipping address' : 'Add a shipping address' }}
        >
          {address ? (
            <address className="not-italic break-words">
              {address.name}
              <br />
              {address.line1}
              {address.line2 ? `, ${address.line2}` : ''}
              <br />
              {address.city}, {address.state} {address.zip}
            </address>
          ) : (
            <p className="text-muted">No address saved yet. Add one so orders and gifts find their way to you.</p>
          )}
        </OverviewCard>

        <OverviewCard icon="cart" title="Your orders" link={{ to: '/settings/your-orders', label: 'See your orders' }}>
          <p className={orderCount ? undefined : 'text-muted'}>
            {orderCount === 0 ? 'No orders yet.' : orderCount === 1 ? 'You have placed 1 order.' : `You have placed ${orderCount} orders.`}
          </p>
        </OverviewCard>

        <OverviewCard icon="info" title="Email preferences" link={{ to: '/settings/email-preferences', label: 'Choose your emails' }}>
          <p>
            {email.optionalOn === email.optionalTotal
              ? 'You get every kind of email we send.'
              : email.optionalOn === 0
                ? 'You only get account, security and order emails.'
                : `You get ${email.optionalOn} of ${email.optionalTotal} optional kinds of email, plus account and order emails.`}
          </p>
        </OverviewCard>

        <OverviewCard
          icon="lock"
          title="Two-factor sign-in"
          link={{ to: '/settings/two-factor', label: twoFactorEnabled ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in' }}
        >
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant={twoFactorEnabled ? 'success' : 'neutral'}>{twoFactorEnabled ? 'On' : 'Off'}</Badge>
            <span className="text-muted">
              {twoFactorEnabled
                ? 'A code from your authenticator app is needed to sign in.'
                : 'Add a code from your phone to keep your account safer.'}
            </span>
          </p>
        </OverviewCard>
      </div>
    </>
  )
}
