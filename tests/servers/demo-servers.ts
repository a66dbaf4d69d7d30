import { PORTS, URLS } from './lanes.ts'

/** A local server the e2e tests and `npm start` run beside the app. */
export interface DemoServer {
  /** Shown by `npm start`. */
  name: string
  /** Shell command that starts it in the foreground (run from the repo root). */
  command: string
  /** A URL that answers 2xx once it is ready. */
  readyUrl: string
  /** Whether `npm start` runs it too (the no-CORS twins exist for tests only). */
  inStart: boolean
}

/**
 * The demo servers. Each tool issue adds its own: the GraphQL demo server (with and without CORS)
 * and the webhook receiver (with and without CORS).
 */
export const demoServers: DemoServer[] = []

// Referenced so the lanes stay the one source of ports even before a server is registered.
void PORTS
void URLS
