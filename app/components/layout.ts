/**
 * The spec's app container: content runs full width (no container) on the store root and on any
 * path containing /gp/ (product pages); every other page sits in the max-width container.
 */
export function isFluidPath(pathname: string): boolean {
  return pathname === '/store' || pathname === '/store/' || pathname.includes('/gp/')
}
