import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { onMounted, useTemplateRef } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import SharedLinkNotice from './SharedLinkNotice.vue'
import { sharedFilled, sharedLong, sharedMinimal, sharedSubscription } from './history-fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/SharedLinkNotice',
  component: SharedLinkNotice,
  parameters: componentDocs({
    purpose:
      'Shown at the top of the tester after a share link was opened: what the link filled in, that nothing was sent, and which secret headers are left to fill, or why the link could not be read.',
    keyboard:
      'No keys of its own; its heading can take focus (`tabindex="-1"`) when the page moves there.',
    accessibility:
      'A `section` labelled by its heading; the symbol is `aria-hidden`. Not a live region: the page announces the outcome. Link content is shown only as text, never HTML or a link.',
  }),
  args: { shared: sharedFilled, onDismiss: fn() },
  decorators: [() => ({ template: '<div style="max-width: 56rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof SharedLinkNotice>

export default meta
type Story = StoryObj<typeof meta>

/** What the link filled, that nothing was sent, and which secret headers you fill yourself. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Filled from a shared link' })).toBeVisible()
    const sent = 'Nothing was sent. Review the request, then press Send.'
    await expect(canvas.getByText((_, el) => el?.tagName === 'P' && el.textContent?.trim() === sent)).toBeVisible()
    await expect(canvas.getByText('https://api.example.com/graphql')).toBeVisible()
    await expect(canvas.getByText('GetUser')).toBeVisible()
    await expect(canvas.getByText('11 lines')).toBeVisible()
    await expect(canvas.getByText('Filled (3 lines)')).toBeVisible()
    await expect(canvas.getByText('Accept and X-Request-Id')).toBeVisible()
    const secrets = canvas.getByRole('list')
    await expect(within(secrets).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Authorization — fill in your own value',
      'X-Api-Key — fill in your own value',
    ])
    // Data, not links: nothing in the notice navigates.
    await expect(canvasElement.querySelector('a')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }))
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
  },
}

/** Endpoint and query only: no operation row, variables and headers "empty"/"None", no secrets list. */
export const Minimal: Story = {
  args: { shared: sharedMinimal },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('1 line')).toBeVisible()
    await expect(canvas.getByText('Empty')).toBeVisible()
    await expect(canvas.getByText('None')).toBeVisible()
    await expect(canvas.queryByText('Operation')).toBeNull()
    await expect(canvas.queryByRole('list')).toBeNull()
  },
}

/** A link that cannot be read: why, and that the editors were left alone. */
export const BadLink: Story = {
  args: { shared: undefined, error: 'The link is damaged (not valid base64url); was it cut off or changed?' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Shared link not used' })).toBeVisible()
    await expect(
      canvas.getByText(
        'This share link could not be read: The link is damaged (not valid base64url); was it cut off or changed? Your editors were not changed.',
      ),
    ).toBeVisible()
    await expect(canvas.queryByText(/Nothing was sent/)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }))
    await expect(args.onDismiss).toHaveBeenCalled()
  },
}

/** A subscription whose sender picked its transport: the notice names it (the settings now say it too). */
export const SubscriptionTransport: Story = {
  args: { shared: sharedSubscription },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Subscriptions over')).toBeVisible()
    await expect(canvas.getByText('WebSocket (graphql-ws)')).toBeVisible()
  },
}

/** Long, many and hostile-looking values wrap and stay text (markup is shown, not run). */
export const LongContent: Story = {
  args: { shared: sharedLong },
  decorators: [() => ({ template: '<div style="width: 320px; box-sizing: border-box"><story /></div>' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/q=<b>not-bold<\/b>$/)).toBeVisible()
    await expect(canvasElement.querySelector('b, img, a')).toBeNull()
    await expect(canvas.getByText('1,204 lines')).toBeVisible()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3)
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth)
  },
}

/** The page focuses the heading after filling (through the exposed `focus()`). */
export const FocusedOnOpen: Story = {
  render: (args) => ({
    components: { SharedLinkNotice },
    setup() {
      const notice = useTemplateRef<InstanceType<typeof SharedLinkNotice>>('notice')
      onMounted(() => notice.value?.focus())
      return { args }
    },
    template: '<SharedLinkNotice ref="notice" v-bind="args" />',
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Filled from a shared link' })).toHaveFocus()
  },
}

/** A link that uses your environment: which `{{references}}` it brings and which origin Send would reach. */
export const WithReferences: Story = {
  args: {
    shared: {
      endpoint: 'https://collector.example.net/graphql?k={{token}}',
      query: 'query Q($t: String) { ok }',
      variables: '{"t": "{{token}}", "env": "{{stage}}"}',
      headers: [{ name: 'X-Trace', value: '{{token}}', secret: false }],
      transport: 'auto',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('https://collector.example.net', { exact: true })).toBeVisible()
    await expect(canvas.getByText('{{token}}', { exact: true })).toBeVisible()
    await expect(canvas.getByText('{{stage}}', { exact: true })).toBeVisible()
    await expect(canvas.getByTestId('shared-link-references')).toHaveTextContent(/Secret ones go only to origins your environment allows/)
  },
}
