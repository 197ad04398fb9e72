// The form side of 'Add to Cart' and 'Notify me when available', shared by the product page's own action
// and the /cart/add and /cart/notify resource routes (product cards, registry guest view).
import { type AppLoadContext, data, redirect } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { getViewer } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { pageCartViewer } from '../cart-cookie.server'
import type { AddToCartResult, NotifyMeResult } from './add-to-cart'

const text = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

/**
 * Adds the form's product to the request's cart. With scripts (js=1) it answers data for the fetcher; without,
 * it redirects to `returnTo` with a flash message. A registry gift ('Buy from Nestlist' on a guest view) always
 * goes on to that registry's gift checkout. The guest cart cookie travels with either answer.
 */
export async function addToCartFromForm(request: Request, context: AppLoadContext, form: FormData, options: { returnTo: string }) {
  const scripted = text(form, 'js') === '1'
  const typed = { size: text(form, 'size'), color: text(form, 'color'), quantity: text(form, 'quantity') || '1' }
  const productId = Number(text(form, 'productId')) || null
  const at = Date.now()
  const { viewer, setCookie } = await pageCartViewer(request, context, { create: true })
  const headers = new Headers()
  if (setCookie) headers.append('Set-Cookie', setCookie)
  try {
    const { cart, lineId } = await context.services.cart.add(viewer, {
      productId: text(form, 'productId'),
      quantity: typed.quantity,
      size: typed.size,
      color: typed.color,
      regItemId: text(form, 'regItemId'),
    })
    const line = cart.lines.find((l) => l.id === lineId)!
    if (line.gift) throw redirect(`/store-checkout-hbb?registry_id=${line.gift.registryId}`, { headers })
    if (!scripted) {
      headers.append('Set-Cookie', flashCookie('cart_added'))
      throw redirect(options.returnTo, { headers })
    }
    return data<AddToCartResult>(
      { ok: true, intent: 'add-to-cart', productId, lineId, title: line.title, imageUrl: line.imageUrl, options: line.options, quantity: Number(typed.quantity), itemCount: cart.itemCount, subtotalCents: cart.subtotalCents, at },
      { headers },
    )
  } catch (error) {
    if (error instanceof Response) throw error
    const failure: FormFailure = formFailure(error)
    return data<AddToCartResult>({ ...failure, intent: 'add-to-cart', productId, typed, at }, { status: failure.status, headers })
  }
}

/** 'Notify me when available': a signed-in shopper's account email, else the one typed. */
export async function notifyMeFromForm(request: Request, context: AppLoadContext, form: FormData, options: { returnTo: string }) {
  const scripted = text(form, 'js') === '1'
  const typed = { email: text(form, 'email'), size: text(form, 'size'), color: text(form, 'color') }
  const productId = Number(text(form, 'productId')) || null
  const at = Date.now()
  const session = await getViewer(request, context)
  try {
    const { email } = await context.services.inventory.subscribe(session ? { userId: session.user.id, email: session.user.email } : null, {
      productId: text(form, 'productId'),
      ...typed,
    })
    if (!scripted) throw redirect(options.returnTo, { headers: { 'Set-Cookie': flashCookie('notify_me_saved') } })
    return data<NotifyMeResult>({ ok: true, intent: 'notify-me', productId, email, at })
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = formFailure(error)
    return data<NotifyMeResult>({ ...failure, intent: 'notify-me', productId, typed, at }, { status: failure.status })
  }
}

/** Where a plain form comes back to: the page it was sent from (a same-site path only). */
export const returnPathOf = (form: FormData, fallback: string) => safeRedirectPath(form.get('returnTo'), fallback)
