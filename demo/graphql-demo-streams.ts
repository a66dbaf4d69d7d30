/**
 * The streaming part of the GraphQL demo schema: `Subscription` fields, the slow fields
 * meant for `@defer` and the delayed list meant for `@stream`, and a registry of running
 * subscriptions so a test can see that a client's Stop reached the server (`GET /stream-stats`).
 *
 * Every stream is a `Repeater` (re-exported by graphql-yoga): its `return()` settles at once, so a
 * client that closes mid-wait is counted as closed immediately, not after the next timer fires.
 */
import type { GraphQLResolveInfo } from 'graphql'
import { FixedBuffer, Repeater, type PubSub, type YogaInitialContext } from 'graphql-yoga'
import { GraphQLError } from './graphql-runtime.ts'

/** What a resolver sees: yoga's fetch `Request`; the WebSocket server builds one from `connection_init`. */
export type DemoContext = YogaInitialContext & {
  /** Set by the WebSocket server; over HTTP it is read from the `Accept` header. */
  transport?: 'ws'
}

/** The wire a subscription ran on, as `/stream-stats` reports it. */
export type StreamWire = 'ws' | 'sse' | 'http'

/** One subscription that ended. */
export interface EndedStream {
  /** The subscription field, e.g. `countdown`. */
  field: string
  transport: StreamWire
  /** Events sent before it ended. */
  events: number
  /** `client`: the client closed it (Stop); `completed`: the server finished it. */
  endedBy: 'client' | 'completed'
  /** ISO time it ended. */
  at: string
}

/** What `GET /stream-stats` answers. */
export interface StreamStats {
  /** Subscriptions running now. */
  active: number
  /** Subscriptions the client closed before the server completed them. */
  closed: number
  /** Subscriptions the server completed. */
  completed: number
  /** The last one the client closed, or null. */
  lastClosed: EndedStream | null
  /** The last one that ended either way, or null. */
  lastEnded: EndedStream | null
}

/** Counts running and ended subscriptions of one server instance. */
export class StreamRegistry {
  private stats: StreamStats = { active: 0, closed: 0, completed: 0, lastClosed: null, lastEnded: null }

  /** A copy of the counts. */
  snapshot(): StreamStats {
    return structuredClone(this.stats)
  }

  /**
   * Wraps a source so its start, events and end are counted. The end is `completed` when the source
   * ran out, `client` when the consumer called `return()` first (graphql-ws on `complete` or a
   * closed socket, yoga when the SSE response is cancelled).
   */
  track<T>(field: string, transport: StreamWire, source: AsyncIterator<T>): AsyncIterableIterator<T> {
    const stats = this.stats
    stats.active += 1
    let events = 0
    let ended = false
    const end = (endedBy: EndedStream['endedBy']) => {
      if (ended) return
      ended = true
      stats.active -= 1
      const record: EndedStream = { field, transport, events, endedBy, at: new Date().toISOString() }
      stats.lastEnded = record
      if (endedBy === 'client') {
        stats.closed += 1
        stats.lastClosed = record
      } else stats.completed += 1
    }
    const iterator: AsyncIterableIterator<T> = {
      async next() {
        const step = await source.next()
        if (step.done) end('completed')
        else events += 1
        return step
      },
      async return() {
        end('client')
        await source.return?.()
        return { done: true, value: undefined }
      },
      async throw(error?: unknown) {
        end('completed')
        await source.return?.()
        throw error
      },
      [Symbol.asyncIterator]() {
        return iterator
      },
    }
    return iterator
  }
}

export const streamTypeDefs = /* GraphQL */ `
  "One event of the ticks firehose."
  type Tick {
    "1-based position."
    n: Int!
    "Milliseconds after the subscription started."
    at: Float!
  }

  "Slow to compute: ask for it inside ... @defer."
  type UserStats {
    followers: Int!
    posts: Int!
    lastActive: String!
  }

  extend type User {
    "Resolved after delayMs milliseconds (at most 10000): a candidate for @defer."
    stats(delayMs: Int = 300): UserStats!
  }

  extend type Query {
    "Posts arriving one by one, delayMs apart (at most 100 of them): a candidate for @stream."
    feed(count: Int = 5, delayMs: Int = 150): [Post!]!
  }

  type Subscription {
    "from, from-1, ... 0, intervalMs apart (the first at once), then completes."
    countdown(from: Int!, intervalMs: Int = 100): Int!
    "Counts down like countdown; the event for failAt is a GraphQL error, then the stream ends."
    failingCountdown(from: Int!, failAt: Int!, intervalMs: Int = 100): Int
    "Every post createPost makes from now on (never completes by itself)."
    postCreated: Post!
    "count small events at perSecond per second (benchmark firehose)."
    ticks(count: Int!, perSecond: Int!): Tick!
    "One event telling what the server received (headers from connection_init on WebSocket), then completes."
    echo(message: String): Echo!
  }
`

const MAX_INTERVAL_MS = 60_000
const MAX_TICKS = 100_000
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(Number.isFinite(value) ? value : min, max))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `from` down to `last`, `intervalMs` apart, the first at once. */
function countdownSource(from: number, last: number, intervalMs: number): Repeater<number> {
  return new Repeater<number>(async (push, stop) => {
    let n = from
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      void push(n)
      n -= 1
      if (n < last) stop()
      else timer = setTimeout(tick, intervalMs)
    }
    tick()
    await stop
    clearTimeout(timer)
  })
}

/** `count` ticks spread evenly at `perSecond`; late timers catch up in one batch. */
function tickSource(count: number, perSecond: number): Repeater<{ n: number; at: number }> {
  return new Repeater<{ n: number; at: number }>(async (push, stop) => {
    const started = performance.now()
    let sent = 0
    const timer = setInterval(() => {
      const elapsed = performance.now() - started
      const due = Math.min(count, Math.floor((elapsed * perSecond) / 1000) + 1)
      for (; sent < due; sent++) void push({ n: sent + 1, at: Math.round(elapsed * 10) / 10 })
      if (sent >= count) stop()
    }, Math.max(1, Math.floor(1000 / perSecond)))
    await stop
    clearInterval(timer)
  }, new FixedBuffer(Math.max(1, count)))
}

/** The wire of a subscription: WebSocket from the context, SSE when yoga was asked for an event stream. */
function wireOf(context: DemoContext): StreamWire {
  if (context.transport === 'ws') return 'ws'
  return context.request.headers.get('accept')?.includes('text/event-stream') ? 'sse' : 'http'
}

/** Echo's fields from the request a resolver sees. */
export function echoOf(context: DemoContext, message: string | null | undefined) {
  return {
    message: message ?? null,
    method: context.request.method,
    headers: [...context.request.headers].map(([name, value]) => ({ name, value })),
  }
}

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })

/** Resolvers of the streaming fields, counting subscriptions in `registry`; `pubsub` carries new posts. */
export function streamResolvers(registry: StreamRegistry, pubsub: PubSub<{ postCreated: [unknown] }>) {
  const subscription = <A, T>(produce: (args: A, context: DemoContext) => AsyncIterator<T>) => ({
    subscribe: (_: unknown, args: A, context: DemoContext, info: GraphQLResolveInfo) =>
      registry.track(info.fieldName, wireOf(context), produce(args, context)),
    resolve: (payload: T) => payload,
  })
  return {
    User: {
      stats: async (parent: { id: string }, args: { delayMs?: number | null }) => {
        await sleep(clamp(args.delayMs ?? 300, 0, 10_000))
        const n = Number(parent.id)
        return { followers: (n * 37) % 1000, posts: (n * 7) % 50, lastActive: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString() }
      },
    },
    Query: {
      feed: async function* (_: unknown, args: { count?: number | null; delayMs?: number | null }) {
        const count = clamp(args.count ?? 5, 0, 100)
        const delayMs = clamp(args.delayMs ?? 150, 0, 10_000)
        for (let i = 1; i <= count; i++) {
          await sleep(delayMs)
          const authorId = String(((i - 1) % 50) + 1)
          yield { id: `feed-${i}`, title: `Feed item ${i}`, body: `Item ${i} of the feed.`, authorId, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }
        }
      },
    },
    Subscription: {
      countdown: subscription((args: { from: number; intervalMs?: number | null }) => {
        if (args.from < 0 || args.from > 10_000) throw badInput('from must be between 0 and 10000')
        return countdownSource(args.from, 0, clamp(args.intervalMs ?? 100, 0, MAX_INTERVAL_MS))
      }),
      failingCountdown: {
        ...subscription((args: { from: number; failAt: number; intervalMs?: number | null }) => {
          if (args.from < 0 || args.from > 10_000) throw badInput('from must be between 0 and 10000')
          if (args.failAt < 0 || args.failAt > args.from) throw badInput('failAt must be between 0 and from')
          return countdownSource(args.from, args.failAt, clamp(args.intervalMs ?? 100, 0, MAX_INTERVAL_MS))
        }),
        resolve: (payload: number, args: { failAt: number }) => {
          if (payload !== args.failAt) return payload
          throw new GraphQLError(`The countdown failed at ${payload} (demo of an error mid-stream).`, {
            extensions: { code: 'DEMO_STREAM_FAILURE' },
          })
        },
      },
      postCreated: subscription(() => pubsub.subscribe('postCreated')[Symbol.asyncIterator]()),
      ticks: subscription((args: { count: number; perSecond: number }) => {
        if (args.count < 0 || args.count > MAX_TICKS) throw badInput(`count must be between 0 and ${MAX_TICKS}`)
        if (args.perSecond < 1 || args.perSecond > 5000) throw badInput('perSecond must be between 1 and 5000')
        return tickSource(args.count, args.perSecond)
      }),
      echo: subscription((args: { message?: string | null }, context: DemoContext) =>
        new Repeater((push, stop) => {
          void push(echoOf(context, args.message))
          stop()
        }),
      ),
    },
  }
}
