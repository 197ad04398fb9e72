import QRCode from 'qrcode'

/** A QR code for `url` as an SVG data URI (our CSP allows data: images), in the brand's ink on white. */
export async function qrCodeDataUri(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#2d2430', light: '#ffffff' } })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
