import { describe, expect, test } from 'vitest'
import { escapeHtml, renderEmail } from './email.templates'

const hostile = `<script>alert("x")</script> & 'Bo'`

describe('escaping', () => {
  test('escapeHtml turns every HTML-significant character into an entity', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;')
  })

  test('user data is escaped in the HTML part and left as typed in the plain-text part', () => {
    const email = renderEmail('welcome', { firstName: hostile, shopUrl: 'https://shop.test/store' })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bo&#39;,')
    expect(email.text).toContain(`Hi ${hostile},`)
    expect(email.text).not.toContain('&lt;')
  })

  test('a link cannot break out of its href attribute', () => {
    const url = 'https://shop.test/password_resets?token=a"><img src=x onerror=alert(1)>&b=1'
    const email = renderEmail('password_reset', { firstName: 'Ana', resetUrl: url, expiresInMinutes: 60 })
    expect(email.html).not.toContain('"><img')
    expect(email.html).toContain('href="https://shop.test/password_resets?token=a&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;b=1"')
    expect(email.text).toContain(url)
  })

  test('links that are not absolute http(s) URLs are refused', () => {
    expect(() => renderEmail('welcome', { firstName: 'Ana', shopUrl: 'javascript:alert(1)' })).toThrow(/http\(s\)/)
    expect(() => renderEmail('welcome', { firstName: 'Ana', shopUrl: '/store' })).toThrow(/http\(s\)/)
  })

  test('a notice subject with line breaks becomes one line (it is a mail header)', () => {
    const email = renderEmail('notice', {
      category: 'registry_activity',
      subject: 'Gift reserved\r\nBcc: victim@example.test',
      heading: 'Good news',
      paragraphs: ['Someone reserved a gift.'],
    })
    expect(email.subject).toBe('Gift reserved Bcc: victim@example.test')
  })
})

describe('password reset email', () => {
  const email = renderEmail(
    'password_reset',
    { firstName: 'Maya', resetUrl: 'https://nestlist.test/password_resets?token=abc123', expiresInMinutes: 60 },
    { baseUrl: 'https://nestlist.test', supportEmail: 'help@nestlist.test' },
  )

  test('is an account email with a clear subject', () => {
    expect(email.category).toBe('account')
    expect(email.subject).toBe('Reset your Nestlist password')
  })

  test('the HTML part is a complete, accessible document in the shared layout', () => {
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/)
    expect(email.html).toContain('<title>Reset your Nestlist password</title>')
    expect(email.html).toContain('max-width:560px')
    // Layout tables are marked as presentation so screen readers read the text, not a grid.
    expect(email.html.match(/<table /g)!.length).toBe(email.html.match(/<table role="presentation"/g)!.length)
    expect(email.html).toContain('<h1 style=')
    expect(email.html).toContain('Choose a new password</h1>')
    expect(email.html).toContain('href="https://nestlist.test/password_resets?token=abc123"')
    expect(email.html).toContain('expires in 60 minutes')
    // Every image (if any is ever added) needs alt text.
    expect(email.html.match(/<img(?![^>]*\balt=)[^>]*>/g)).toBeNull()
  })

  test('the plain-text part carries the same message with the bare link on its own line', () => {
    expect(email.text).toContain('Choose a new password\n\nHi Maya,\n')
    expect(email.text).toContain('expires in 60 minutes')
    expect(email.text).toContain('\nChoose a new password:\nhttps://nestlist.test/password_resets?token=abc123\n')
    expect(email.text).toContain('If you did not ask for this, you can ignore this email.')
    expect(email.text).toContain('Questions? Write to us at help@nestlist.test.')
    expect(email.text).not.toMatch(/<[a-z]/i)
  })

  test('account mail says it is always sent and offers no opt-out link', () => {
    expect(email.text).toContain('We always send these')
    expect(email.html).not.toContain('/settings/email-preferences')
  })
})

describe('other templates', () => {
  test('welcome greets by first name and links to the shop in both parts', () => {
    const email = renderEmail('welcome', { firstName: 'Maya', shopUrl: 'https://nestlist.test/store' })
    expect(email.subject).toBe('Welcome to Nestlist')
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Hi Maya,')
      expect(part).toContain('https://nestlist.test/store')
    }
  })

  test('password changed tells the user what happened and how to act if it was not them', () => {
    const email = renderEmail('password_changed', { firstName: 'Maya', resetUrl: 'https://nestlist.test/forgot_password' })
    expect(email.subject).toBe('Your Nestlist password was changed')
    for (const part of [email.html, email.text]) {
      expect(part).toContain('other devices that were signed in have been signed out')
      expect(part).toContain('https://nestlist.test/forgot_password')
    }
  })

  test('a notice in an optional category links to the email preferences page', () => {
    const email = renderEmail(
      'notice',
      {
        category: 'registry_activity',
        subject: 'A gift was reserved',
        heading: 'Someone reserved a gift',
        paragraphs: ['Grandma reserved the crib.'],
        action: { label: 'See your registry', url: 'https://nestlist.test/registry' },
      },
      { baseUrl: 'https://nestlist.test/' },
    )
    expect(email.category).toBe('registry_activity')
    expect(email.text).toContain('Hi there,')
    expect(email.text).toContain('"Registry activity" emails are turned on')
    expect(email.text).toContain('https://nestlist.test/settings/email-preferences')
    expect(email.html).toContain('href="https://nestlist.test/settings/email-preferences"')
  })

  test('without a public URL the optional-category footer names the settings page instead', () => {
    const email = renderEmail('notice', { category: 'shop_offers', subject: 'Sale', heading: 'Sale', paragraphs: ['20% off.'] })
    expect(email.text).toContain('You can turn them off in Settings, Email preferences.')
    expect(email.html).not.toContain('<a ')
  })
})
