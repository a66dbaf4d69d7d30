import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { defineComponent, h } from 'vue'
import LoadFailedNotice from './LoadFailedNotice.vue'
import { defineLazyComponent } from './define-lazy-component'
import { useAnnouncer } from '../composables/useAnnouncer'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shared/LoadFailedNotice',
  component: LoadFailedNotice,
  parameters: componentDocs({
    purpose:
      'Stands where a part of the page should be when its code could not be downloaded (offline, or a tab older than a deploy), with Try again and Reload the page.',
    keyboard:
      'No keys of its own: two native buttons in the Tab order.',
    accessibility:
      'Not a live region: whoever shows it (`defineLazyComponent`, the shell for a page) has already said the sentence through the app’s announcer. The warning symbol is `aria-hidden`; the text says what failed.',
  }),
  args: { what: 'The query editor', onRetry: fn(), onReload: fn() },
} satisfies Meta<typeof LoadFailedNotice>

export default meta
type Story = StoryObj<typeof meta>

export const QueryEditor: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('The query editor could not be loaded.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }))
    await expect(args.onReload).toHaveBeenCalledOnce()
    // Not a second live region: defineLazyComponent says the sentence through the app's announcer.
    await expect(canvasElement.querySelector('[role="status"], [role="alert"], [aria-live]')).toBeNull()
  },
}

export const NarrowColumn: Story = {
  args: { what: 'The rate-limit timeline' },
  decorators: [() => ({ template: '<div style="max-width: 16rem"><story /></div>' })],
}

/**
 * The notice as `defineLazyComponent` shows it: the download fails twice (as offline), each Try again
 * downloads again and says how it went, and the component comes in the notice's place with focus.
 */
export const InALazyComponent: Story = {
  render: () => ({
    setup() {
      let attempts = 0
      const Loaded = defineComponent({ setup: () => () => h('div', [h('p', 'The dialog’s code arrived.'), h('button', { type: 'button' }, 'Import')]) })
      const Lazy = defineLazyComponent(
        () => (++attempts < 3 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(Loaded)),
        { what: 'The curl import dialog', reload: () => undefined },
      )
      return () => h(Lazy)
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const { message } = useAnnouncer()
    await expect(await canvas.findByText('The curl import dialog could not be loaded.')).toBeVisible()
    await waitFor(() => expect(message.value).toBe('The curl import dialog could not be loaded.'))
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(message.value).toBe('The curl import dialog could still not be loaded.'))
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText('The dialog’s code arrived.')).toBeVisible()
    await expect(canvas.queryByTestId('load-failed')).toBeNull()
    // The button that had focus is gone: focus went into what arrived, not to the top of the page.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Import' })).toHaveFocus())
  },
}

/**
 * A download that takes long (here: never ends): after `loadingDelayMs` the part says it is loading, so a
 * click on a slow network is answered (before, the space stayed empty).
 */
export const InALazyComponentLoadingSlowly: Story = {
  render: () => ({
    setup() {
      const Lazy = defineLazyComponent(() => new Promise<never>(() => undefined), { what: 'The timeline', loadingDelayMs: 100 })
      return () => h(Lazy)
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('The timeline is loading…')).toBeVisible()
    await expect(canvas.queryByTestId('load-failed')).toBeNull()
  },
}
