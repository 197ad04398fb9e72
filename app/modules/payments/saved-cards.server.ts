import type { AppLoadContext } from 'react-router'
import type { PaymentMethodView } from './payment-methods.validation'

/** The signed-in buyer's saved cards for a checkout page (none for guests). docs/decisions/026 */
export async function savedCardsFor(context: AppLoadContext, userId: number | null | undefined): Promise<PaymentMethodView[]> {
  return userId ? context.services.paymentMethods.list(userId) : []
}
