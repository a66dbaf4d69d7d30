/**
 * One wording for every network failure, shared by the GraphQL tester (fetch, worker, SSE,
 * multipart, WebSocket) and the webhook sender: what happened, in words, and the next step.
 */
import type { LikelyCause } from './network-error'
import { addressSpaceOf } from './address-space'
import { parseUrl } from './url'

/** A network failure in words. */
export interface NetworkFailureWords {
  /** A short heading, e.g. "No server answered at 127.0.0.1:7999". */
  title: string
  /** What the page could tell, in one or two sentences. */
  explanation: string
  /** What to do next, in one sentence. */
  nextStep: string
  /** A word or two for a badge with little room (at most 9 characters), e.g. "No reply", "CORS". */
  badge: string
}

/** Options of {@link describeNetworkFailure}. */
export interface NetworkFailureWordsOptions {
  /** The connection broke after the status line arrived. @default false */
  afterResponse?: boolean
  /** What was being reached: "server" (GraphQL) or "handler" (webhooks). @default 'server' */
  peer?: 'server' | 'handler'
}

/** `host:port` of a URL as typed (the port only when given), or the URL itself when it does not parse. */
export function hostOf(url: string): string {
  return parseUrl(url)?.host ?? url
}

/** Why nothing answered, narrowed by what the URL rules out (no DNS for an IP literal, no TLS over http). */
function unreachableCauses(url: string): string {
  const parsed = parseUrl(url)
  const literal = parsed !== undefined && (addressSpaceOf(parsed) !== undefined || /^[\d.]+$|^\[/.test(parsed.hostname))
  const causes = ['nothing is listening on that port (the connection was refused)']
  if (!literal) causes.push('the name does not resolve (DNS)')
  if (parsed?.protocol === 'https:') causes.push('its TLS certificate is not trusted')
  return `${causes.join(', or ').replace(/^n/, 'N')}. A server that redirects in a loop without CORS headers looks the same to the page.`
}

/**
 * The words for a network failure of a request to `url` whose cause was found by
 * `diagnoseNetworkFailure` (or inferred by `likelyNetworkCause`).
 */
export function describeNetworkFailure(cause: LikelyCause, url: string, options: NetworkFailureWordsOptions = {}): NetworkFailureWords {
  const host = hostOf(url)
  const peer = options.peer ?? 'server'
  const curlCheck = 'the curl command below shows the exact cause'
  switch (cause) {
    case 'unreachable':
      // Over https a server may well have answered and been refused for its certificate: the page
      // cannot tell, so the heading claims only what is certain.
      return parseUrl(url)?.protocol === 'https:'
        ? {
            title: `No secure connection to ${host}`,
            badge: 'No reply',
            explanation: unreachableCauses(url),
            nextStep: `Start the ${peer}, check the host and port, or have the browser trust its certificate, then send again; ${curlCheck}.`,
          }
        : {
            title: `No server answered at ${host}`,
            badge: 'No reply',
            explanation: unreachableCauses(url),
            nextStep: `Start the ${peer} or check the host and port, then send again; ${curlCheck}.`,
          }
    case 'cors':
      return {
        title: `Blocked by CORS: the ${peer} at ${host} answered, but not to this page`,
        badge: 'CORS',
        explanation: `A ${peer} answered at this address, but the browser withheld its response because the ${peer} does not allow this page's origin by CORS (the preflight OPTIONS answer lacks an Access-Control-Allow-* header this request needs).`,
        nextStep: `Allow this page's origin in the ${peer}'s CORS settings with the headers listed below, or send with curl.`,
      }
    case 'redirect':
      return {
        title: `The ${peer} at ${host} answered with a redirect`,
        badge: 'Redirect',
        explanation:
          'Browsers never follow a redirect on the CORS preflight, follow one on the request itself only when the URL it leads to allows this page by CORS too, and give up after 20 redirects in a loop.',
        nextStep: `Send to the URL the redirect leads to (curl -iL shows the chain), or fix the redirect on the ${peer}.`,
      }
    case 'local-network':
      return {
        title: 'Local network access was refused',
        badge: 'Refused',
        explanation: `This page is on a public address and ${host} is on your own machine or network: the browser lets such a page reach it only with your Local Network Access permission, which is refused or not yet given.`,
        nextStep: 'Allow local network access for this site (site settings, at the left of the address bar), then send again; or run the workbench on your machine (npm start).',
      }
    case 'offline':
      return { title: 'You are offline', badge: 'Offline', explanation: 'The browser reports no network connection.', nextStep: 'Reconnect, then send again.' }
    case 'mixed-content':
      return {
        title: 'Blocked: an http address from an https page',
        badge: 'Blocked',
        explanation: 'Pages served over https may not call plain http addresses (mixed content).',
        nextStep: `Use the https URL of the ${peer}, or run the workbench on your machine over http.`,
      }
    case 'unknown':
      return options.afterResponse
        ? {
            title: 'The connection broke during the response',
            badge: 'Broke off',
            explanation: `The ${peer} started to answer, then the connection closed before the whole response arrived.`,
            nextStep: `Send again; if it keeps happening, check the ${peer}'s logs (a crash or a proxy time limit), ${curlCheck.replace('the exact cause', 'what arrives')}.`,
          }
        : {
            title: 'The request failed before a response',
            badge: 'Failed',
            explanation: 'The browser gave no response and does not say why.',
            nextStep: `Check the URL and that the ${peer} is running; ${curlCheck}.`,
          }
  }
}
