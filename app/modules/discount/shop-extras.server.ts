// The shop pages' loaders ask for their extras (discount banner, birthday prompt) through this one call.
import type { AppLoadContext } from 'react-router'
import { getViewer } from '../accounts/auth.server'
import type { ShopExtras } from './discount.service.server'

/** The discount banner (and on /store the birthday prompt) for the viewer of this request. */
export async function shopExtras(request: Request, context: AppLoadContext, options: { homeBannerAds?: number; birthdayPrompt?: boolean } = {}): Promise<ShopExtras> {
  const viewer = await getViewer(request, context)
  return context.services.discount.shopExtrasFor(viewer?.user ?? null, options)
}
