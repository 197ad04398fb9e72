import { Form, redirect, useNavigation } from 'react-router'
import { AuthCard } from '~/components/auth-card'
import { flashCookie } from '~/lib/flash.server'
import { clearSessionCookie, getViewer, isSecureRequest, readSessionToken } from '~/modules/accounts/auth.server'
import { Button, LinkButton } from '~/ui'
import type { Route } from './+types/logout'

export const meta = () => [{ title: 'Sign out | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** GET /logout asks first (a link elsewhere cannot sign anyone out); the header's menu posts straight here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context)
  return { signedIn: Boolean(viewer), firstName: viewer?.user.firstName ?? null }
}

export async function action({ request, context }: Route.ActionArgs) {
  await context.services.accounts.signOut(readSessionToken(request.headers.get('Cookie')))
  const headers = new Headers()
  headers.append('Set-Cookie', clearSessionCookie(isSecureRequest(request, context.publicUrl)))
  headers.append('Set-Cookie', flashCookie('signed_out'))
  return redirect('/', { headers })
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (!loaderData.signedIn) {
    return (
      <AuthCard title="You are signed out" intro="Come back any time to see your registry and orders.">
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/login">Sign in</LinkButton>
          <LinkButton to="/store" variant="secondary">
            Visit the shop
          </LinkButton>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Sign out?" intro={`You are signed in as ${loaderData.firstName}. Sign out on this device?`}>
      <Form method="post" className="flex flex-wrap gap-3">
        <Button type="submit" pending={navigation.state !== 'idle'} pendingLabel="Signing out…">
          Sign out
        </Button>
        <LinkButton to="/" variant="secondary">
          Stay signed in
        </LinkButton>
      </Form>
    </AuthCard>
  )
}
