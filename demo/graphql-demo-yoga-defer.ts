/**
 * `/yoga-defer/graphql` on the GraphQL demo server: the demo schema served by graphql-yoga with its
 * own `useDeferStream` plugin (`@graphql-yoga/plugin-defer-stream`), as many production servers run
 * `@defer`/`@stream`. Its executor (`@graphql-tools/executor`) sends the path-based incremental
 * format — `{"incremental":[{"data":…,"path":["user"],"label":"stats"}],"hasNext":false}`, with no
 * `pending` list — where `/graphql` answers with graphql-js 17's id-based format, so the tester is
 * tried against both as real servers send them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream'
import { createYoga } from 'graphql-yoga'
import type { GraphQLSchema } from 'graphql'
import { fetchHeaders } from './graphql-demo-incremental.ts'

/** The route's path. */
export const YOGA_DEFER_PATH = '/yoga-defer/graphql'

/** A yoga server with `useDeferStream` for `schema`, answering at {@link YOGA_DEFER_PATH}. */
export function createYogaDefer(schema: GraphQLSchema) {
  return createYoga({
    schema,
    plugins: [useDeferStream()],
    // CORS is answered by the demo server for every route alike.
    cors: false,
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: true,
    graphqlEndpoint: YOGA_DEFER_PATH,
  })
}

/** Answers `req` (its body already read) through `yoga`, writing each part as yoga sends it. */
export async function answerWithYoga(yoga: ReturnType<typeof createYogaDefer>, req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<void> {
  const abort = new AbortController()
  res.once('close', () => abort.abort())
  const response = await yoga.fetch(`http://${req.headers.host ?? 'localhost'}${url.pathname}${url.search}`, {
    method: req.method ?? 'GET',
    headers: fetchHeaders(req),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    signal: abort.signal,
  })
  res.writeHead(response.status, Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-length')))
  const reader = response.body?.getReader()
  if (!reader) return void res.end()
  res.once('close', () => void reader.cancel().catch(() => undefined))
  for (let step = await reader.read(); !step.done; step = await reader.read()) res.write(step.value)
  res.end()
}
