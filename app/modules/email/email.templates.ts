// Email templates: each one describes its message once (heading, paragraphs, one action) and the shared
// layout turns that into both an HTML part and a plain-text part, so the two never drift apart.
import { type EmailCategory, type EmailTemplateName, type EmailTemplates, emailCategories, isOptionalCategory } from './email.types'

/** Colours from app/app.css; every text/background pair below meets WCAG AA (see the ratios there). */
const colors = {
  cream: '#fffaf5',
  white: '#ffffff',
  ink: '#2d2430', // 14.4:1 on cream
  muted: '#5f5563', // 6.8:1 on cream, 7.3:1 on white
  line: '#eadfd8',
  berry700: '#8a2a4b', // white on it 8.4:1; on white 8.5:1
}
const font = `'SF Pro Rounded', 'Nunito', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif`

export type RenderedEmail = { subject: string; html: string; text: string; category: EmailCategory }

/** Where links in the layout's footer point (the preferences page); absent when no public URL is known. */
export type RenderContext = { baseUrl?: string; supportEmail?: string }

/** A message before layout: plain strings only; the layout escapes them for HTML. */
type Message = {
  category: EmailCategory
  subject: string
  /** The line mail apps show next to the subject. */
  preheader: string
  heading: string
  greeting?: string
  paragraphs: readonly string[]
  action?: { label: string; url: string }
  /** Quieter text after the action, e.g. "If you did not ask for this…". */
  afterword?: readonly string[]
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Only absolute http(s) links go into an email; anything else (javascript:, relative) is a bug in the caller. */
function checkedUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`Email links must be absolute http(s) URLs, got: ${url.slice(0, 80)}`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Email links must be absolute http(s) URLs, got: ${url.slice(0, 80)}`)
  }
  return url
}

/** One line, no control characters: subjects end up in a mail header. */
function oneLine(value: string): string {
  return value.replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim()
}

const greet = (firstName?: string) => (firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi there,')

const templates: { [T in EmailTemplateName]: (data: EmailTemplates[T]) => Message } = {
  welcome: (d) => ({
    category: 'account',
    subject: 'Welcome to Nestlist',
    preheader: 'Your registry and baby shop, all in one calm place.',
    heading: 'Welcome to the nest!',
    greeting: greet(d.firstName),
    paragraphs: [
      'We are so glad you are here. Nestlist is one calm place to get ready for your baby: build a registry your family and friends can shop from anywhere, and find gear that other parents love.',
      'Whenever you are ready, have a look around. There is no rush.',
    ],
    action: { label: 'Start browsing', url: d.shopUrl },
    afterword: ['Congratulations, and welcome.'],
  }),
  password_reset: (d) => ({
    category: 'account',
    subject: 'Reset your Nestlist password',
    preheader: `This link works once and expires in ${d.expiresInMinutes} minutes.`,
    heading: 'Choose a new password',
    greeting: greet(d.firstName),
    paragraphs: [
      `Someone (we hope it was you) asked to reset the password for your Nestlist account. Use the button below to choose a new one. The link works once and expires in ${d.expiresInMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: d.resetUrl },
    afterword: ['If you did not ask for this, you can ignore this email. Your password stays the same.'],
  }),
  password_changed: (d) => ({
    category: 'account',
    subject: 'Your Nestlist password was changed',
    preheader: 'If this was you, there is nothing else to do.',
    heading: 'Your password was changed',
    greeting: greet(d.firstName),
    paragraphs: [
      'The password for your Nestlist account was just changed, and any other devices that were signed in have been signed out.',
      'If this was you, there is nothing else to do.',
      'If it was not you, reset your password now to keep your account safe.',
    ],
    action: { label: 'Reset my password', url: d.resetUrl },
  }),
  notice: (d) => ({
    category: d.category,
    subject: d.subject,
    preheader: d.paragraphs[0] ?? d.heading,
    heading: d.heading,
    greeting: greet(d.firstName),
    paragraphs: d.paragraphs,
    action: d.action,
  }),
}

/** Renders one template to subject, HTML and plain text, with its category (which decides opt-outs). */
export function renderEmail<T extends EmailTemplateName>(template: T, data: EmailTemplates[T], context: RenderContext = {}): RenderedEmail {
  const render = templates[template] as (d: EmailTemplates[T]) => Message
  const message = render(data)
  const action = message.action ? { label: message.action.label, url: checkedUrl(message.action.url) } : undefined
  const prepared: Message = { ...message, subject: oneLine(message.subject), action }
  const footer = footerLines(prepared.category, context)
  return { category: prepared.category, subject: prepared.subject, html: toHtml(prepared, footer), text: toText(prepared, footer) }
}

type FooterLine = { text: string; link?: { label: string; url: string } }

/** Why this email came, and for optional categories how to stop it. */
function footerLines(category: EmailCategory, { baseUrl, supportEmail }: RenderContext): FooterLine[] {
  const lines: FooterLine[] = []
  if (isOptionalCategory(category)) {
    const label = emailCategories.find((c) => c.id === category)!.label
    lines.push({
      text: `You are getting this because "${label}" emails are turned on for your Nestlist account.`,
      link: baseUrl ? { label: 'Choose which emails you get', url: checkedUrl(`${baseUrl.replace(/\/$/, '')}/settings/email-preferences`) } : undefined,
    })
    if (!baseUrl) lines.push({ text: 'You can turn them off in Settings, Email preferences.' })
  } else {
    lines.push({ text: 'You are getting this because it is about your Nestlist account. We always send these, even if other emails are turned off.' })
  }
  if (supportEmail) lines.push({ text: `Questions? Write to us at ${supportEmail}.` })
  lines.push({ text: 'Nestlist, the baby registry and shop.' })
  return lines
}

function toText(m: Message, footer: FooterLine[]): string {
  const parts: string[] = ['Nestlist', '', m.heading, '']
  if (m.greeting) parts.push(m.greeting, '')
  for (const p of m.paragraphs) parts.push(p, '')
  if (m.action) parts.push(`${m.action.label}:`, m.action.url, '')
  for (const p of m.afterword ?? []) parts.push(p, '')
  parts.push('--')
  for (const line of footer) parts.push(line.link ? `${line.text} ${line.link.label}: ${line.link.url}` : line.text)
  return `${parts.join('\n')}\n`
}

function toHtml(m: Message, footer: FooterLine[]): string {
  const e = escapeHtml
  const p = (text: string, style = '') => `<p style="margin:0 0 16px;${style}">${e(text)}</p>`
  const action = m.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">` +
      `<tr><td style="border-radius:999px;background-color:${colors.berry700};">` +
      `<a href="${e(m.action.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;font-family:${e(font)};font-size:16px;font-weight:700;line-height:1.2;color:${colors.white};text-decoration:none;">${e(m.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${colors.muted};">If the button does not work, copy this link into your browser:<br>` +
      `<a href="${e(m.action.url)}" style="color:${colors.berry700};text-decoration:underline;word-break:break-all;">${e(m.action.url)}</a></p>`
    : ''
  const afterword = (m.afterword ?? []).map((t) => p(t)).join('')
  const foot = footer
    .map(
      (line) =>
        `<p style="margin:0 0 8px;">${e(line.text)}${
          line.link ? ` <a href="${e(line.link.url)}" style="color:${colors.berry700};text-decoration:underline;">${e(line.link.label)}</a>` : ''
        }</p>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(m.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.cream};color:${colors.ink};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;" aria-hidden="true">${e(m.preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background-color:${colors.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="width:100%;max-width:560px;">
<tr><td style="padding:0 8px 16px;font-family:${e(font)};font-size:24px;font-weight:800;letter-spacing:-0.01em;color:${colors.berry700};">Nestlist</td></tr>
<tr><td style="padding:32px 28px;background-color:${colors.white};border:1px solid ${colors.line};border-radius:16px;font-family:${e(font)};font-size:16px;line-height:1.6;color:${colors.ink};">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:800;color:${colors.ink};">${e(m.heading)}</h1>
${m.greeting ? p(m.greeting) : ''}${m.paragraphs.map((t) => p(t)).join('')}${action}${afterword}
</td></tr>
<tr><td style="padding:20px 8px 0;font-family:${e(font)};font-size:13px;line-height:1.5;color:${colors.muted};">${foot}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}
