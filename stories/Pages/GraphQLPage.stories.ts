import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { defineComponent, h } from 'vue'
import { expect, userEvent, within } from 'storybook/test'
import GraphQLPage from '@/features/graphql/GraphQLPage.vue'
import GraphQLPageHeading from '@/features/graphql/GraphQLPageHeading.vue'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLInputStore } from '@/features/graphql/stores/graphql-input'
import { useGraphQLSchemaStore } from '@/features/graphql/stores/graphql-schema'
import type { GraphQLOutcome } from '@/features/graphql/core/request'
import { partial, serverDown, success } from '@/features/graphql/components/fixtures'
import { countdownEvents, deferredPending } from '@/features/graphql/components/stream/stream-fixtures'
import type { StreamSnapshot, StreamTransport } from '@/features/graphql/stores/graphql-stream'
import { scanJsonTree } from '@/shared/core/json/json-tree-scan'
import PageFrame from './PageFrame.vue'

/**
 * The GraphQL tester in its key states, as the app shows it, with no network: the endpoint's
 * schema is pasted into the schema store (read in the schema worker, as a paste is) before the page
 * mounts, so schema-on-arrival has nothing to ask; a response is the one a Send would have shown,
 * from the component stories' frozen outcomes.
 */
const meta = {
  title: 'Pages/GraphQL',
  parameters: { route: '/graphql', layout: 'fullscreen' },
  tags: ['!autodocs'],
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** Not a lane-dependent demo URL: the same text in every screenshot. */
const ENDPOINT = 'http://localhost:4000/graphql'

/** The part of the demo server's schema the example query uses. */
const SDL = /* GraphQL */ `
  enum Role { ADMIN EDITOR VIEWER }
  type Post { id: ID! title: String! }
  type User { id: ID! name: String! email: String! role: Role! posts(first: Int = 10): [Post!]! }
  type Echo { header(name: String!): String }
  type Stats { followers: Int! }
  type Query { user(id: ID!): User users: [User!]! echo: Echo! failing: String }
  type Subscription { countdown(from: Int!): Int! }
  extend type User { stats: Stats! }
`

/** What the page shows: a response, or a stream over its transport, for the query typed. */
interface Shown {
  outcome?: GraphQLOutcome
  stream?: { snapshot: StreamSnapshot; transport: StreamTransport; query: string }
}

/** The page with the endpoint and its schema set, then the response or stream, if any, shown. */
function pageWith({ outcome, stream }: Shown = {}) {
  const Seeded = defineComponent({
    async setup() {
      const input = useGraphQLInputStore()
      input.endpoint = ENDPOINT
      if (stream) {
        input.query = stream.query
        input.variables = ''
      }
      const schema = useGraphQLSchemaStore()
      schema.pasteText = SDL
      await schema.applyPaste()
      schema.pasteText = ''
      if (outcome || stream) {
        useGraphQLStore().restoreResponse({
          outcome,
          bodyModel: outcome?.kind === 'response' ? scanJsonTree(outcome.bodyText) : undefined,
          lastRequest: undefined,
          receivedAt: Date.now(),
          lastTimeoutMs: undefined,
          stream: stream?.snapshot,
          streamTransport: stream?.transport,
        })
      }
      return () => h(GraphQLPage)
    },
  })
  return () => ({
    components: { PageFrame, GraphQLPageHeading, Seeded },
    template: '<PageFrame><GraphQLPageHeading /><Suspense><Seeded /></Suspense></PageFrame>',
  })
}

/** Waits until the schema is in and the response pane says `text`. */
async function shown(canvasElement: HTMLElement, text: string | RegExp): Promise<void> {
  const canvas = within(canvasElement)
  await expect(await canvas.findByText(text, {}, { timeout: 5000 })).toBeVisible()
}

/** The first view: the example query and the endpoint's schema, nothing sent yet. */
export const Empty: Story = {
  render: pageWith(),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, /^No response yet\./)
  },
}

/** After a Send: 200 with data, as a tree. */
export const AfterSend: Story = {
  render: pageWith({ outcome: success }),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, '200 OK')
  },
}

/** A partial response: data and GraphQL errors, each with its path. */
export const PartialWithErrors: Story = {
  render: pageWith({ outcome: partial }),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, /GraphQL errors \(2\)/)
  },
}

/** Nothing listens at the endpoint: the failure named (refused), with the way on. */
export const ServerDown: Story = {
  render: pageWith({ outcome: serverDown }),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, /refused|not reachable|nothing answered/i)
  },
}

/** A subscription over Server-Sent Events, three events in, still streaming. */
export const Streaming: Story = {
  render: pageWith({
    stream: {
      query: 'subscription Countdown {\n  countdown(from: 5)\n}\n',
      transport: 'sse',
      snapshot: { state: { transport: 'sse', status: 'streaming', eventCount: countdownEvents.length, errorCount: 0 }, events: countdownEvents, merged: undefined, selectedIndex: 2 },
    },
  }),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, /3 events/)
  },
}

/** @defer over multipart/mixed: the first part in, the deferred one still pending. */
export const IncrementalPending: Story = {
  render: pageWith({
    stream: {
      query: 'query UserStats {\n  user(id: "1") {\n    name\n    ... @defer(label: "stats") {\n      stats {\n        followers\n      }\n    }\n  }\n}\n',
      transport: 'multipart',
      snapshot: { state: { transport: 'multipart', status: 'streaming', eventCount: 1, errorCount: 0 }, events: deferredPending.events, merged: deferredPending.merged, selectedIndex: undefined },
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('tab', { name: 'Merged result' }, { timeout: 5000 }))
    await expect(canvas.getByRole('list', { name: 'Still pending' })).toHaveTextContent('user (stats)')
  },
}
