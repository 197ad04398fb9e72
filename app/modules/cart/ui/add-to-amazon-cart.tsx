// 'Add to Amazon cart' on a registry guest card, for items sold on Amazon (docs/decisions/032-amazon-cart.md).
// A plain form post, so it works before scripts too: the page comes back with 'Added to your Amazon cart.'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { Badge, Button, Icon } from '~/ui'
import { AMAZON_CART_PAGE, amazonCartCopy as t } from './amazon-cart-copy'

export function AddToAmazonCart({ item }: { item: { id: number; title: string } }) {
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction === AMAZON_CART_PAGE && navigation.formData?.get('regItemId') === String(item.id)
  return (
    <Form method="post" action={AMAZON_CART_PAGE} data-add-to-amazon-cart>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="regItemId" value={item.id} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <Button type="submit" size="sm" variant="secondary" className="w-full" pending={pending} pendingLabel={t.adding} icon={<Icon name="cart" className="size-4" />}>
        {t.add}
        <span className="sr-only">: {item.title}</span>
      </Button>
    </Form>
  )
}

/** 'In your Amazon cart' on a card whose gift this giver holds there, with the way to the Amazon cart. */
export function AmazonCartHeld({ item, held }: { item: { title: string }; held: number }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      <Badge variant="success" className="whitespace-normal!">
        <Icon name="cart" className="size-3" />
        {t.inCart(held)}
      </Badge>
      <Link to={AMAZON_CART_PAGE} aria-label={`Your Amazon cart: ${item.title}`} className="font-semibold text-berry-700 underline underline-offset-2">
        View cart
      </Link>
    </p>
  )
}
