import { PORTS, URLS } from './lanes.ts'

/** A local server the e2e tests and `npm start` run beside the app. */
export interface DemoServer {
  /** Shown by `npm start`. */
  name: string
  /** Shell command that starts it in the foreground (run from the repo root). */
  command: string
  /** A URL that answers 2xx once it is ready. */
  readyUrl: string
  /** The URL a person points the tool at (printed by `npm start`). */
  url: string
  /** Whether `npm start` runs it too (the no-CORS twins exist for tests only). */
  inStart: boolean
}

/**
 * The demo servers. Each tool issue adds its own: the GraphQL demo server (with and without CORS)
 * and the webhook receiver (with and without CORS).
 */
export const demoServers: DemoServer[] = []

// Webhook receiver: the CORS instance runs under `npm start` too; the no-CORS twin is for
// the e2e test of the curl fallback.
demoServers.push(
  {
    name: 'Webhook demo receiver',
    command: `npx tsx demo/webhook-receiver.ts --port ${PORTS.webhook}`,
    readyUrl: `${URLS.webhook}/health`,
    url: `${URLS.webhook}/webhook`,
    inStart: true,
  },
  {
    name: 'Webhook demo receiver without CORS',
    command: `npx tsx demo/webhook-receiver.ts --port ${PORTS.webhookNoCors} --no-cors`,
    readyUrl: `${URLS.webhookNoCors}/health`,
    url: `${URLS.webhookNoCors}/webhook`,
    inStart: false,
  },
)

demoServers.push(
  {
    name: 'GraphQL demo server',
    command: `npx tsx demo/graphql-demo.ts --port ${PORTS.graphql}`,
    readyUrl: `${URLS.graphql}/health`,
    url: `${URLS.graphql}/graphql`,
    inStart: true,
  },
  {
    name: 'GraphQL demo server (no CORS)',
    command: `npx tsx demo/graphql-demo.ts --port ${PORTS.graphqlNoCors} --no-cors`,
    readyUrl: `${URLS.graphqlNoCors}/health`,
    url: `${URLS.graphqlNoCors}/graphql`,
    inStart: false,
  },
)

// Hostile stream servers (floods, endless lines, bursts, multipart without limits): for the
// hardening e2e tests only.
demoServers.push({
  name: 'Hostile GraphQL stream servers',
  command: `npx tsx demo/hostile-streams.ts --port ${PORTS.hostileStreams}`,
  readyUrl: `${URLS.hostileStreams}/health`,
  url: `${URLS.hostileStreams}/sse/flood`,
  inStart: false,
})
