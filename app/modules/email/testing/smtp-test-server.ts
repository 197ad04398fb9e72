// Test support: a real SMTP server (npm smtp-server) on a free local port that keeps what arrives, and a
// small MIME reader so tests can check the subject, recipients and both parts of each message.
import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  envelopeFrom: string
  envelopeTo: string[]
  headers: Map<string, string>
  subject: string
  /** Decoded text/plain part. */
  text: string
  /** Decoded text/html part. */
  html: string
  raw: string
}

export type SmtpTestServer = { url: string; port: number; messages: ReceivedMail[]; close(): Promise<void> }

/** Starts an SMTP server on 127.0.0.1; `refuseRecipients` answers 550 to every RCPT TO. */
export async function startSmtpTestServer(options: { refuseRecipients?: boolean } = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no STARTTLS (its default certificate is self-signed) and no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.refuseRecipients) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        messages.push({ ...readMime(raw), envelopeFrom, envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A TCP server that accepts connections and never says a word (an SMTP server that hangs). */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A local port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

type Part = { headers: Map<string, string>; body: string }

function splitPart(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n')
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    // Literal % first, so that only the =XX escapes become percent-escapes; then decode the bytes as UTF-8.
    const escaped = part.body.replace(/=\r\n/g, '').replace(/%/g, '%25').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
    return decodeURIComponent(escaped)
  }
  return part.body
}

/** Reads the headers and the text/html parts of a (possibly multipart) message. */
export function readMime(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const top = splitPart(raw)
  const found = { text: '', html: '' }
  const visit = (part: Part) => {
    const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase()
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1]
    if (type.startsWith('multipart/') && boundary) {
      const sections = part.body.split(`--${boundary}`).slice(1)
      for (const section of sections) {
        if (section.startsWith('--')) break
        visit(splitPart(section.replace(/^\r\n/, '').replace(/\r\n$/, '')))
      }
    } else if (type.startsWith('text/html')) {
      found.html = decodeBody(part)
    } else if (type.startsWith('text/plain')) {
      found.text = decodeBody(part)
    }
  }
  visit(top)
  return { headers: top.headers, subject: top.headers.get('subject') ?? '', text: found.text.replace(/\r\n/g, '\n'), html: found.html.replace(/\r\n/g, '\n') }
}
