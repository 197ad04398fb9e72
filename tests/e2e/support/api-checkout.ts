// Checking out over the JSON API as a client does (docs/decisions/029, amendment h10): quote the cart, then
// place it with the amounts the quote showed (POST /api/v3/orders requires them).

type Body = Record<string, unknown> & { shippingAddress?: Record<string, string> & { state?: string }; scope?: unknown; giftCardCode?: string; applyCredit?: boolean }

/** What the client would show: POST /api/v3/orders/quote for the cart behind `cookie`. */
export async function quoteApiOrder(baseUrl: string, cookie: string, body: Body = {}) {
  const res = await fetch(`${baseUrl}/api/v3/orders/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ state: body.shippingAddress?.state, scope: body.scope, giftCardCode: body.giftCardCode, applyCredit: body.applyCredit }),
  })
  return { status: res.status, json: (await res.json()) as { totalCents: number; cardDueCents: number; tenders: { kind: 'gift_card' | 'store_credit'; amountCents: number }[] } }
}

/**
 * POST /api/v3/orders with the amounts its quote showed. A cart that cannot be quoted (emptied by the order a
 * retry is asking about) sends a total of 0: placing answers with the key's order, or says why not.
 */
export async function placeApiOrder(baseUrl: string, cookie: string, body: Body, headers: Record<string, string> = {}): Promise<Response> {
  const quote = await quoteApiOrder(baseUrl, cookie, body)
  const sum = (kind: string) => (quote.status === 200 ? quote.json.tenders.filter((t) => t.kind === kind).reduce((n, t) => n + t.amountCents, 0) : 0)
  const expected = {
    totalCents: quote.status === 200 ? quote.json.totalCents : 0,
    ...(body.giftCardCode ? { giftCardCents: sum('gift_card') } : {}),
    ...(body.applyCredit ? { creditCents: sum('store_credit') } : {}),
  }
  return fetch(`${baseUrl}/api/v3/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
    body: JSON.stringify({ ...body, expected }),
  })
}
