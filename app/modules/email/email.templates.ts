import type { EmailCategory, EmailTemplateName, EmailTemplates } from './email.types'

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

type Rendered = { subject: string; html: string; text: string; category: EmailCategory }

/** Renders one template to subject, HTML and plain text. */
export function renderEmail<T extends EmailTemplateName>(template: T, data: EmailTemplates[T]): Rendered {
  switch (template) {
    case 'password_reset': {
      const d = data as EmailTemplates['password_reset']
      return {
        category: 'account',
        subject: 'Reset your Nestlist password',
        text: `Hi ${d.firstName},\n\nUse this link to choose a new password. It works once and expires in ${d.expiresInMinutes} minutes:\n\n${d.resetUrl}\n\nIf you did not ask for this, you can ignore this email.\n\nNestlist`,
        html: `<p>Hi ${esc(d.firstName)},</p><p>Use this link to choose a new password. It works once and expires in ${d.expiresInMinutes} minutes:</p><p><a href="${esc(d.resetUrl)}">Choose a new password</a></p><p>If you did not ask for this, you can ignore this email.</p><p>Nestlist</p>`,
      }
    }
    case 'password_changed': {
      const d = data as EmailTemplates['password_changed']
      return {
        category: 'account',
        subject: 'Your Nestlist password was changed',
        text: `Hi ${d.firstName},\n\nYour password was just changed and your other devices were signed out. If this was not you, reset your password now: ${d.resetUrl}\n\nNestlist`,
        html: `<p>Hi ${esc(d.firstName)},</p><p>Your password was just changed and your other devices were signed out.</p><p>If this was not you, <a href="${esc(d.resetUrl)}">reset your password now</a>.</p><p>Nestlist</p>`,
      }
    }
    default: {
      const d = data as EmailTemplates['welcome']
      return {
        category: 'account',
        subject: 'Welcome to Nestlist',
        text: `Hi ${d.firstName},\n\nWelcome to Nestlist. Start your registry or browse the shop: ${d.shopUrl}\n\nNestlist`,
        html: `<p>Hi ${esc(d.firstName)},</p><p>Welcome to Nestlist. <a href="${esc(d.shopUrl)}">Start your registry or browse the shop</a>.</p><p>Nestlist</p>`,
      }
    }
  }
}
