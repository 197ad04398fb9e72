/**
 * The product link from what a phone's Share menu sends (the installed Nestlist app is a share target: see
 * public/manifest.webmanifest). Apps send it as `url`, or only inside `text` ("Look at this! https://…").
 */
export function sharedLink(params: URLSearchParams): string {
  const url = (params.get('url') ?? '').trim()
  if (url) return url.slice(0, 2000)
  const inText = /https?:\/\/[^\s<>"']+/i.exec(params.get('text') ?? '')
  return inText ? inText[0].replace(/[.,;:!?)\]]+$/, '').slice(0, 2000) : ''
}
