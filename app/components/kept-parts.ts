// The ids and classes of the parts of the page the browser keeps as the server wrote them (app/lib/kept-server-html.tsx):
// shared by the server's components and the browser's stand-ins, without the components' code.
export const SITE_FOOTER = { id: 'site-footer', className: 'mt-16 border-t border-line bg-cream-200 text-ink' } as const
export const SITE_LOGO = { id: 'site-logo', className: 'inline-flex items-center gap-2 rounded-xl text-berry-700' } as const
export const STORE_NAV = { id: 'store-nav', className: 'relative hidden border-t border-line bg-white lg:block', label: 'Shop by category' } as const
export const ANNOUNCEMENT_BAR = { id: 'announcement-bar', className: 'bg-berry-800 text-white' } as const
