import * as fallbackScreen from './fallback-screen'
import * as notFoundPage from './not-found-page'
import { lazyChunk } from '~/lib/chunk-load'

// The 404 page and the fallback screen are shown by error boundaries only, so in the browser they are chunks
// fetched when one is shown, not part of every page's first load (decision 018). The server renders them
// directly (import.meta.env.SSR is false in the browser build, where the static imports go unused and are
// left out); on an error page they hydrate once their chunk has arrived, inside the shell's Suspense region.
export const NotFoundPage = import.meta.env.SSR
  ? notFoundPage.NotFoundPage
  : lazyChunk('not-found-page', () => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })))

export const FallbackScreen = import.meta.env.SSR
  ? fallbackScreen.FallbackScreen
  : lazyChunk('fallback-screen', () => import('./fallback-screen').then((m) => ({ default: m.FallbackScreen })))
