/**
 * Test support (node only, never imported by app code): an HTTP server on 127.0.0.1 with an
 * ephemeral port that records every request byte for byte, so tests can compare what curl sent
 * with what the builder was asked to send.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as received. */
export interface ReceivedRequest {
  method: string
  /** The request target exactly as on the request line. */
  url: string
  /** Header names as sent (case kept) with values as raw bytes, in order, duplicates kept. */
  headers: [string, Buffer][]
  body: Buffer
}

/** A running echo server. */
export interface EchoServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: ReceivedRequest[]
  close(): Promise<void>
}

/** Starts the server; every request is answered 200 with `{"ok":true}`. */
export async function startEchoServer(): Promise<EchoServer> {
  const requests: ReceivedRequest[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: [string, Buffer][] = []
      // Node decodes header bytes as latin1, so re-encoding as latin1 restores the exact bytes.
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
        headers.push([req.rawHeaders[i] ?? '', Buffer.from(req.rawHeaders[i + 1] ?? '', 'latin1')])
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers, body: Buffer.concat(chunks) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
