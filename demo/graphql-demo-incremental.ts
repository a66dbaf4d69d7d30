/**
 * `@defer` / `@stream` over HTTP for the GraphQL demo server, answered with graphql-js 17's own
 * incremental executor (`experimentalExecuteIncrementally`: `pending` / `incremental` / `completed`
 * with ids) rather than through graphql-yoga, whose executor (@graphql-tools/executor) speaks only
 * the older path-based format.
 *
 * Framing, as Apollo Server and graphql-yoga write it for
 * `Accept: multipart/mixed;deferSpec=20220824`: `Content-Type: multipart/mixed; boundary="-";
 * deferSpec=20220824`, the body `\r\n---` then per payload `\r\nContent-Type: application/json;
 * charset=utf-8\r\n\r\n<json>\r\n---`, and `--\r\n` after the last. Each payload is followed at once
 * by the next delimiter, so a reader can hand it on before the next one is ready.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLSchema } from 'graphql'
import { BREAK, experimentalExecuteIncrementally, GraphQLError, Kind, parse, validate, visit } from './graphql-runtime.ts'
import type { DemoContext } from './graphql-demo-streams.ts'

/** The parsed document of a POST body that uses `@defer` or `@stream`, else undefined (yoga answers it). */
export function incrementalDocument(body: Buffer): DocumentNode | undefined {
  try {
    const params = JSON.parse(body.toString('utf8')) as { query?: unknown }
    if (typeof params.query !== 'string' || !/@(?:defer|stream)\b/.test(params.query)) return undefined
    const document = parse(params.query)
    let found = false
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          found = true
          return BREAK
        }
        return undefined
      },
    })
    return found ? document : undefined
  } catch {
    return undefined
  }
}

/** A Node request's headers as fetch `Headers` (repeated ones joined with `, `). */
export function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return headers
}

/** The fetch `Request` resolvers read (`echo`), made from the Node request. */
function requestOf(req: IncomingMessage): Request {
  return new Request(`http://${req.headers.host ?? 'localhost'}/graphql`, { method: 'POST', headers: fetchHeaders(req) })
}

/** The answer to a `@defer`/`@stream` operation sent without `multipart/mixed` in `Accept`. */
export const MULTIPLE_PAYLOADS_MESSAGE =
  'This operation uses @defer or @stream, whose results arrive in several payloads: send it with Accept: multipart/mixed;deferSpec=20220824 (or over a WebSocket).'

/**
 * graphql-js 17's executor for any transport that can carry several results (graphql-ws): the
 * initial result, then each incremental payload. Plain `execute` refuses a schema that declares
 * `@defer`/`@stream` at all.
 */
export async function executeStreaming(args: ExecutionArgs): Promise<ExecutionResult | AsyncGenerator<ExecutionResult>> {
  const result = await experimentalExecuteIncrementally(args)
  if (!('initialResult' in result)) return result
  // graphql-ws types each `next` as an ExecutionResult; it sends incremental payloads as they are.
  return (async function* () {
    yield result.initialResult as ExecutionResult
    for await (const payload of result.subsequentResults) yield payload as ExecutionResult
  })()
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/graphql-response+json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/**
 * Answers a POST whose document uses `@defer`/`@stream` (see {@link incrementalDocument}): in parts
 * when the client accepts `multipart/mixed`, else one JSON error ({@link MULTIPLE_PAYLOADS_MESSAGE}).
 */
export async function answerIncremental(schema: GraphQLSchema, document: DocumentNode, body: Buffer, req: IncomingMessage, res: ServerResponse) {
  const params = JSON.parse(body.toString('utf8')) as { variables?: unknown; operationName?: unknown }
  const errors = validate(schema, document)
  if (errors.length > 0) return sendJson(res, 400, { errors })
  const hasOperation = document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION)
  if (!hasOperation) return sendJson(res, 400, { errors: [new GraphQLError('The document has no operation.')] })

  const abort = new AbortController()
  res.once('close', () => abort.abort(new Error('The client closed the response.')))
  const contextValue: Pick<DemoContext, 'request'> = { request: requestOf(req) }
  const args = {
    schema,
    document,
    contextValue,
    abortSignal: abort.signal,
    variableValues: typeof params.variables === 'object' && params.variables !== null ? (params.variables as Record<string, unknown>) : undefined,
    operationName: typeof params.operationName === 'string' ? params.operationName : undefined,
  }
  const accept = req.headers.accept ?? ''
  if (!/multipart\/mixed/i.test(accept)) {
    // One JSON answer cannot hold several payloads; say what would work.
    return sendJson(res, 200, { errors: [{ message: MULTIPLE_PAYLOADS_MESSAGE }] })
  }

  const result = await experimentalExecuteIncrementally(args)
  res.writeHead(200, { 'content-type': 'multipart/mixed; boundary="-"; deferSpec=20220824', 'cache-control': 'no-store' })
  const writePart = (payload: unknown) => res.write(`\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(payload)}\r\n---`)
  res.write('\r\n---')
  if (!('initialResult' in result)) {
    writePart(result)
  } else {
    writePart(result.initialResult)
    try {
      for await (const payload of result.subsequentResults) {
        if (abort.signal.aborted) break
        writePart(payload)
      }
    } catch (error) {
      if (abort.signal.aborted) return
      writePart({ errors: [{ message: `The server failed mid-response: ${String(error)}` }], hasNext: false })
    }
  }
  res.end('--\r\n')
}
