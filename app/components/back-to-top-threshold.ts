/**
 * The spec's back-to-top threshold: the button appears after scrolling more than this. Its own module: the app
 * shell watches for it before the button's code is loaded (app-shell.tsx `BackToTopOnScroll`).
 */
export const BACK_TO_TOP_AFTER_PX = 500
