/**
 * Ports and output folders of one test "lane". Lane 0 (the default) is what `npm test`, CI and
 * `npm start` use. Setting `AWB_LANE=1..9` shifts every port by 1000 × lane and suffixes the build
 * folders, so several checkouts-in-progress (or people) can build and run the e2e suites on one
 * machine at once without sharing servers or builds.
 */
export const LANE = Number.parseInt(process.env.AWB_LANE ?? '0', 10) || 0
const offset = LANE * 1000
const suffix = LANE ? `-lane${LANE}` : ''

/** Every local port the app, Storybook and the demo servers listen on. */
export const PORTS = {
  app: 4173 + offset,
  storybook: 6007 + offset,
  graphql: 4400 + offset,
  graphqlNoCors: 4401 + offset,
  webhook: 4500 + offset,
  webhookNoCors: 4501 + offset,
  hostileStreams: 4600 + offset,
  vitestBrowser: 63315 + LANE,
} as const

/** Build output folders. */
export const OUT_DIRS = {
  app: `dist${suffix}`,
  storybook: `storybook-static${suffix}`,
  playwright: `test-results${suffix}`,
} as const

const local = (port: number) => `http://127.0.0.1:${port}`

/** Base URLs of everything served locally during tests and by `npm start`. */
export const URLS = {
  app: local(PORTS.app),
  storybook: local(PORTS.storybook),
  graphql: local(PORTS.graphql),
  graphqlNoCors: local(PORTS.graphqlNoCors),
  webhook: local(PORTS.webhook),
  webhookNoCors: local(PORTS.webhookNoCors),
  hostileStreams: local(PORTS.hostileStreams),
} as const
