// Tests only: a node:http server with the HTTP cache's answer before the app (httpCacheListener) in front of the app,
// as server/main.ts wires them, counting the requests the answer before the app took.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export async function serveWithCacheHit(hit: (req: http.IncomingMessage, res: http.ServerResponse) => boolean, app: (req: http.IncomingMessage, res: http.ServerResponse) => unknown) {
  let taken = 0
  const server = http.createServer((req, res) => {
    if (hit(req, res)) taken++
    else void app(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    taken: () => taken,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
