import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, Form, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ContributeForm } from '~/modules/cash-funds/ui/contribute-form'
import type { GuestItem } from '../registry.types'
import { GiverFields } from './giver-fields'
import { ReserveForm } from './reserve-form'

const render = (element: ReactNode) => renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />)

/** The attributes of the element with this id (a crude but exact reading of server markup). */
function tagWithId(html: string, id: string): string {
  const match = new RegExp(`<(input|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html)
  if (!match) throw new Error(`no field with id ${id}`)
  return match[0]
}
const labelFor = (html: string, text: string) => {
  const match = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${text}`).exec(html)
  if (!match?.[1]) throw new Error(`no label ${text}`)
  return match[1]
}

const item: GuestItem = {
  id: 7,
  categoryId: 1,
  productId: 12,
  href: null,
  title: 'Swaddle set',
  imageUrl: '/images/products/12.webp',
  storeName: 'Nestlist',
  priceCents: 2499,
  quantityNeeded: 2,
  quantityStillNeeded: 2,
  note: '',
  mostWanted: false,
  groupGift: false,
  options: {},
  position: 0,
}

describe('GiverFields', () => {
  test('labels each field, links its hint and error, and keeps what was typed', () => {
    const html = render(
      <GiverFields
        values={{ giverName: 'Ana <b>', giverEmail: 'not-an-email', note: 'Congrats!' }}
        error={(field) => (field === 'giverEmail' ? 'Enter an email address like name@example.com.' : undefined)}
        nameMax={80}
        emailHint="We send your confirmation here."
        message={{ name: 'note', label: 'Gift message', id: 'gift-msg', max: 300 }}
      />,
    )
    const name = tagWithId(html, labelFor(html, 'Your name'))
    expect(name).toContain('name="giverName"')
    expect(name).toContain('autoComplete="name"')
    expect(name).toContain('maxLength="80"')
    expect(name).toContain('value="Ana &lt;b&gt;"')
    expect(name).not.toContain('aria-invalid="true"')

    const emailId = labelFor(html, 'Your email')
    const email = tagWithId(html, emailId)
    expect(email).toContain('type="email"')
    expect(email).toContain('autoComplete="email"')
    expect(email).toContain('aria-invalid="true"')
    expect(email).toContain(`aria-describedby="${emailId}-hint ${emailId}-error"`)
    expect(html).toContain(`id="${emailId}-hint"`)
    expect(html).toContain('We send your confirmation here.')
    expect(html).toContain(`id="${emailId}-error"`)
    expect(html).toContain('Enter an email address like name@example.com.')

    expect(labelFor(html, 'Gift message')).toBe('gift-msg')
    const message = tagWithId(html, 'gift-msg')
    expect(message).toContain('name="note"')
    expect(message).toContain('maxLength="300"')
    expect(html).toMatch(/<textarea[^>]*id="gift-msg"[^>]*>Congrats!<\/textarea>/)
  })

  test("the message's error is linked to the textarea", () => {
    const html = render(
      <GiverFields values={{}} error={(f) => (f === 'message' ? 'Messages are at most 500 characters.' : undefined)} nameMax={100} emailHint="x" message={{ name: 'message', label: 'Message for the family', id: 'message', max: 500 }} />,
    )
    const message = tagWithId(html, 'message')
    expect(message).toContain('aria-invalid="true"')
    expect(message).toContain('aria-describedby="message-error"')
    expect(html).toContain('<p id="message-error"')
  })
})

describe('the gift forms share the giver fields', () => {
  test('the reserve form keeps a failed try and names its message giftMessage', () => {
    const html = render(
      <ReserveForm
        FormComponent={Form}
        item={item}
        mode="reserve"
        pending={false}
        defaults={{ giverName: 'Signed In', giverEmail: 'signed@in.example' }}
        failure={{
          ok: false,
          itemId: 7,
          mode: 'reserve',
          message: 'Please check.',
          fields: { giftMessage: ['Messages are at most 500 characters.'] },
          values: { quantity: '1', giverName: 'Typed Name', giverEmail: 'typed@example.com', giftMessage: 'Typed message' },
          conflict: false,
        }}
      />,
    )
    expect(tagWithId(html, labelFor(html, 'Your name'))).toContain('value="Typed Name"')
    expect(tagWithId(html, labelFor(html, 'Your email'))).toContain('value="typed@example.com"')
    expect(html).toContain('We send your confirmation here. The family does not see it.')
    const messageId = labelFor(html, 'Gift message')
    expect(tagWithId(html, messageId)).toContain('name="giftMessage"')
    expect(tagWithId(html, messageId)).toContain(`aria-describedby="${messageId}-error"`)
    expect(html).toContain('>Typed message</textarea>')
  })

  test('the contribute form starts from the signed-in person and says the email is for the receipt', () => {
    const html = render(
      <ContributeForm
        idempotencyKey="k"
        failure={null}
        defaults={{ giverName: 'Signed In', giverEmail: 'signed@in.example' }}
        heading="Give to the fund"
        amountHint="Any amount"
        privacy="Private"
        submitLabel="Give"
        pendingLabel="Giving…"
      />,
    )
    expect(tagWithId(html, labelFor(html, 'Your name'))).toContain('value="Signed In"')
    expect(tagWithId(html, labelFor(html, 'Your name'))).toContain('maxLength="100"')
    expect(tagWithId(html, labelFor(html, 'Your email'))).toContain('value="signed@in.example"')
    expect(html).toContain('We email your receipt here. The family does not see it.')
    expect(labelFor(html, 'Message for the family')).toBe('message')
    expect(tagWithId(html, 'message')).toContain('name="message"')
  })
})
