import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import GraphQLErrors from './GraphQLErrors.vue'
import { graphqlErrors } from '../../core/tester'
import { partial } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/GraphQLErrors',
  component: GraphQLErrors,
  parameters: componentDocs({
    purpose:
      'The `errors` of a GraphQL response, listed apart from the data: message, path, locations (line and column in the query) and the error code when the server sends one.',
    keyboard:
      'None: text only.',
    accessibility:
      'An ordered list, one item per error, as plain text.',
  }),
  args: { errors: graphqlErrors(partial.json) },
  decorators: [() => ({ template: '<div style="max-width: 40rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof GraphQLErrors>

export default meta
type Story = StoryObj<typeof meta>

/** Message, path, location and code of each error. */
export const TwoErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'GraphQL errors (2)' })).toBeVisible()
    await expect(canvas.getByText('line 6, column 3')).toBeVisible()
    await expect(canvas.getByText('DEMO_FAILURE')).toBeVisible()
    await expect(canvas.getByText('users.1.name')).toBeVisible()
  },
}

export const MessageOnly: Story = { args: { errors: [{ message: 'Must provide query string.', locations: [] }] } }

export const SeveralLocations: Story = {
  args: {
    errors: [{ message: 'Fields "a" conflict because they return different types.', locations: [{ line: 2, column: 3 }, { line: 7, column: 5 }], code: 'GRAPHQL_VALIDATION_FAILED' }],
  },
}

/** No errors: renders nothing. */
export const None: Story = {
  args: { errors: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading')).toBeNull()
  },
}
