// 'Buy from Nestlist' on a registry's guest view: adds the item as a gift line (it ships to the family) and
// goes on to that registry's gift checkout. A plain form post, so it works before scripts too.
import { Form, useLocation, useNavigation } from 'react-router'
import { Button, Icon } from '~/ui'
import { ADD_TO_CART_ACTION, cartCopy } from './cart-copy'

export function BuyFromNestlist({ item }: { item: { id: number; productId: number | null; title: string; options: Record<string, string> } }) {
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction === ADD_TO_CART_ACTION && navigation.formData?.get('regItemId') === String(item.id)
  if (item.productId === null) return null
  return (
    <Form method="post" action={ADD_TO_CART_ACTION} data-buy-from-nestlist>
      <input type="hidden" name="productId" value={item.productId} />
      <input type="hidden" name="regItemId" value={item.id} />
      <input type="hidden" name="quantity" value="1" />
      {item.options.size ? <input type="hidden" name="size" value={item.options.size} /> : null}
      {item.options.color ? <input type="hidden" name="color" value={item.options.color} /> : null}
      <input type="hidden" name="returnTo" value={pathname + search} />
      <Button type="submit" size="sm" variant="secondary" className="w-full" pending={pending} pendingLabel={cartCopy.adding} icon={<Icon name="cart" className="size-4" />}>
        {cartCopy.buyFromNestlist}
        <span className="sr-only">: {item.title}</span>
      </Button>
    </Form>
  )
}
