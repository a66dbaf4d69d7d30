/**
 * Schema and deterministic data of the GraphQL demo server (see graphql-demo.ts). Everything a
 * resolver returns is derived from its arguments, so tests and benchmarks get the same bytes on
 * every run; the only state is the counter of `createPost`. The subscriptions and the `@defer` /
 * `@stream` fields live in graphql-demo-streams.ts.
 */
import type { GraphQLSchema as Schema } from 'graphql'
import { createPubSub, createSchema } from 'graphql-yoga'
import { GraphQLDeferDirective, GraphQLError, GraphQLSchema, GraphQLStreamDirective, specifiedDirectives } from './graphql-runtime.ts'
import { echoOf, StreamRegistry, streamResolvers, streamTypeDefs, type DemoContext } from './graphql-demo-streams.ts'

export type { DemoContext } from './graphql-demo-streams.ts'

export const typeDefs = /* GraphQL */ `
  "A person with an account."
  type User {
    id: ID!
    name: String!
    email: String!
    role: Role!
    posts(first: Int = 3): [Post!]!
  }

  enum Role {
    ADMIN
    EDITOR
    VIEWER
  }

  type Post {
    id: ID!
    title: String!
    body: String!
    author: User!
    createdAt: String!
  }

  "A catalogue entry; products(count:) returns as many as asked, for large-response tests."
  type Product {
    id: ID!
    name: String!
    email: String!
    description: String!
    price: Float!
    active: Boolean!
    createdAt: String!
  }

  type HeaderPair {
    name: String!
    value: String!
  }

  "What the server received: use it to check that a header (e.g. Authorization) arrived."
  type Echo {
    message: String
    method: String!
    headers: [HeaderPair!]!
    "One request header by name (case-insensitive), or null when absent."
    header(name: String!): String
  }

  type Query {
    user(id: ID!): User
    users(first: Int = 10): [User!]!
    products(count: Int!): [Product!]!
    "Always fails with a GraphQL error (data.failing is null and errors[0].path is [\\"failing\\"])."
    failing: String
    echo(message: String): Echo!
    "Answers after ms milliseconds (at most 60000)."
    slow(ms: Int!): Int!
  }

  input CreatePostInput {
    title: String!
    body: String!
    authorId: ID!
  }

  type Mutation {
    createPost(input: CreatePostInput!): Post!
  }
`

/** How many users exist: ids "1" … "50". */
export const USER_COUNT = 50
/** The largest `products(count:)` accepted (≈ 76 MB of JSON). */
export const MAX_PRODUCTS = 250_000

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Radia', 'Tim']
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Perlman', 'Berners-Lee']
const ROLES = ['ADMIN', 'EDITOR', 'VIEWER'] as const
const ADJECTIVES = ['Compact', 'Durable', 'Quiet', 'Bright', 'Modular', 'Portable', 'Precise', 'Sturdy']
const NOUNS = ['Keyboard', 'Lamp', 'Router', 'Headset', 'Monitor', 'Dock', 'Speaker', 'Charger']
const BASE_TIME = Date.UTC(2026, 0, 1)

interface UserRecord {
  id: string
  name: string
  email: string
  role: (typeof ROLES)[number]
}

export function userById(id: string): UserRecord | null {
  const n = Number(id)
  if (!Number.isInteger(n) || n < 1 || n > USER_COUNT) return null
  const first = FIRST[(n - 1) % FIRST.length] ?? 'Ada'
  const last = LAST[Math.floor((n - 1) / FIRST.length) % LAST.length] ?? 'Lovelace'
  return { id: String(n), name: `${first} ${last}`, email: `${first}.${last}@example.com`.toLowerCase(), role: ROLES[n % ROLES.length] ?? 'VIEWER' }
}

function postsOf(user: UserRecord, first: number) {
  return Array.from({ length: Math.max(0, Math.min(first, 20)) }, (_, i) => ({
    id: `${user.id}-${i + 1}`,
    title: `Notes on ${['caching', 'testing', 'schemas', 'latency'][i % 4]} #${i + 1}`,
    body: `Post ${i + 1} by ${user.name}.`,
    authorId: user.id,
    createdAt: new Date(BASE_TIME + (Number(user.id) * 24 + i) * 3_600_000).toISOString(),
  }))
}

/** Product `i` (0-based): every field a pure function of `i`. */
export function product(i: number) {
  const adjective = ADJECTIVES[i % ADJECTIVES.length] ?? ''
  const noun = NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length] ?? ''
  return {
    id: `prod-${String(i + 1).padStart(6, '0')}`,
    name: `${adjective} ${noun} ${i + 1}`,
    email: `vendor${i % 997}@shop.example.com`,
    description:
      `The ${adjective.toLowerCase()} ${noun.toLowerCase()} for teams that ship every day. ` +
      `Batch ${i % 113}, tested against ${(i * 7) % 500} scenarios, delivered in ${(i % 9) + 1} days; "quoted" \\ escaped.`,
    price: Math.round(((i * 7919) % 100_000) + 99) / 100,
    active: i % 3 !== 0,
    createdAt: new Date(BASE_TIME + i * 60_000).toISOString(),
  }
}

let postCounter = 0

/** One server's schema and the state its streams share. */
export interface DemoSchema {
  schema: Schema
  /** Running and ended subscriptions (served as `GET /stream-stats`). */
  streams: StreamRegistry
}

/**
 * Builds the schema for one server instance: its own `postCreated` channel and stream counts, and
 * graphql-js 17's own `@defer`/`@stream` directive objects (executor and validation know them by name;
 * the server answers such operations itself, see graphql-demo-incremental.ts).
 */
export function createDemoSchema(): DemoSchema {
  const streams = new StreamRegistry()
  const pubsub = createPubSub<{ postCreated: [unknown] }>()
  const built = createSchema<DemoContext>({
    typeDefs: [typeDefs, streamTypeDefs],
    resolvers: [demoResolvers(pubsub), streamResolvers(streams, pubsub)],
  })
  const schema = new GraphQLSchema({
    ...built.toConfig(),
    directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective],
  })
  return { schema, streams }
}

function demoResolvers(pubsub: { publish(name: 'postCreated', post: unknown): void }) {
  return {
    Query: {
      user: (_: unknown, args: { id: string }) => userById(args.id),
      users: (_: unknown, args: { first?: number | null }) => {
        const first = Math.max(0, Math.min(args.first ?? 10, USER_COUNT))
        return Array.from({ length: first }, (_, i) => userById(String(i + 1)))
      },
      products: (_: unknown, args: { count: number }) => {
        if (args.count < 0 || args.count > MAX_PRODUCTS) {
          throw new GraphQLError(`count must be between 0 and ${MAX_PRODUCTS}`, { extensions: { code: 'BAD_USER_INPUT' } })
        }
        return Array.from({ length: args.count }, (_, i) => product(i))
      },
      failing: () => {
        throw new GraphQLError('This field always fails (demo of a partial response).', {
          extensions: { code: 'DEMO_FAILURE' },
        })
      },
      echo: (_: unknown, args: { message?: string | null }, context: DemoContext) => echoOf(context, args.message),
      slow: async (_: unknown, args: { ms: number }) => {
        const ms = Math.max(0, Math.min(args.ms, 60_000))
        await new Promise((resolve) => setTimeout(resolve, ms))
        return ms
      },
    },
    Echo: {
      header: (parent: { headers: { name: string; value: string }[] }, args: { name: string }) =>
        parent.headers.find((h) => h.name.toLowerCase() === args.name.toLowerCase())?.value ?? null,
    },
    User: {
      posts: (parent: UserRecord, args: { first?: number | null }) => postsOf(parent, args.first ?? 3),
    },
    Post: {
      author: (parent: { authorId: string }) => userById(parent.authorId),
    },
    Mutation: {
      createPost: (_: unknown, args: { input: { title: string; body: string; authorId: string } }) => {
        const { title, body, authorId } = args.input
        if (!userById(authorId)) {
          throw new GraphQLError(`No user with id ${authorId}`, { extensions: { code: 'NOT_FOUND' } })
        }
        postCounter += 1
        const post = { id: `new-${postCounter}`, title, body, authorId, createdAt: new Date(BASE_TIME).toISOString() }
        pubsub.publish('postCreated', post)
        return post
      },
    },
  }
}
