/**
 * Writing a delivery out in a form another tool reads — the inverse of {@link importDelivery} for
 * the forms that carry a whole request (raw HTTP, curl, HAR, our receiver's `/last`).
 */
import { toCurlCommand } from '@/shared/core/http/curl'
import type { ImportedDelivery } from './types'

/** The forms {@link exportDelivery} writes. */
export type DeliveryExportFormat = 'http' | 'curl' | 'har' | 'receiver'

/** What {@link exportDelivery} needs of a delivery. */
export type DeliveryToExport = Pick<ImportedDelivery, 'method' | 'url' | 'headers' | 'body'>

const utf8 = new TextEncoder()

function base64OfText(text: string): string {
  let binary = ''
  for (const byte of utf8.encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The delivery as text in `format`. Raw HTTP uses the URL as its request target (`/` when there is
 * none); curl and HAR need an absolute URL, so a delivery without one is written for
 * `http://localhost/` (the handler's address is the user's to set).
 */
export function exportDelivery(d: DeliveryToExport, format: DeliveryExportFormat): string {
  const url = d.url && /^https?:\/\//i.test(d.url) ? d.url : `http://localhost${d.url?.startsWith('/') ? d.url : '/'}`
  switch (format) {
    case 'http':
      return `${d.method} ${d.url || '/'} HTTP/1.1\n${d.headers.map(([n, v]) => `${n}: ${v}\n`).join('')}\n${d.body}`
    case 'curl':
      return toCurlCommand({ url, method: d.method, headers: d.headers, body: d.body }, { flags: [] })
    case 'receiver':
      return JSON.stringify({ method: d.method, url: d.url ?? '/', headers: d.headers, bodyBase64: base64OfText(d.body) }, null, 2)
    case 'har': {
      const contentType = d.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream'
      const request = {
        method: d.method,
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: d.headers.map(([name, value]) => ({ name, value })),
        queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
        postData: { mimeType: contentType, text: d.body },
        headersSize: -1,
        bodySize: utf8.encode(d.body).length,
      }
      const entry = {
        startedDateTime: new Date(0).toISOString(),
        time: 0,
        request,
        response: { status: 0, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers: [], content: { size: 0, mimeType: 'x-unknown' }, redirectURL: '', headersSize: -1, bodySize: -1 },
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      }
      return JSON.stringify({ log: { version: '1.2', creator: { name: 'API Workbench', version: '1' }, entries: [entry] } }, null, 2)
    }
  }
}
