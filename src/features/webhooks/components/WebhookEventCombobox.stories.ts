import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import WebhookEventCombobox from './WebhookEventCombobox.vue'
import { providers } from '../core'
import { githubEvents } from '../core/catalogue/github'
import { stripeEvents } from '../core/catalogue/stripe'
import { componentDocs } from '@/shared/storybook/component-docs'

const builtInGithub = providers[0]!.events.map((e) => ({ ...e, category: 'common' }))

const meta = {
  title: 'Webhooks/WebhookEventCombobox',
  component: WebhookEventCombobox,
  parameters: componentDocs({
    purpose:
      'Searchable event picker: type to filter and rank the provider’s events (exact id first, then prefixes, segments, words, any mention); each option shows its label, type and one-line description, grouped by category.',
    keyboard:
      'APG editable combobox with list autocomplete: **↓/↑** move through the matches, **Home/End** move the caret in the text (as in APG’s example) and make the best match active again, **Enter** picks the active one (the best match until you move), **Escape** closes, again clears. Focus stays in the input.',
    accessibility:
      '`role="combobox"` with `aria-autocomplete="list"`, `aria-expanded`, `aria-controls` and `aria-activedescendant`; the event count (and match count) and the current event are its description; options are in labelled groups; an error is `role="alert"`.',
  }),
  args: { events: githubEvents, selected: 'push', onSelect: fn(), onRetry: fn(), onSearchOthers: fn(), onSelectOther: fn() },
  // Room below the field for the popup, as on the page.
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 40rem; min-height: 30rem"><story /></div>' })],
} satisfies Meta<typeof WebhookEventCombobox>

export default meta
type Story = StoryObj<typeof meta>

/** Closed: the count and the chosen event's one-line description describe the field. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Event' })
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await expect(input).toHaveAccessibleDescription(/261 events Push push: /)
  },
}

/** Typing filters, ranks and groups; ↓ moves the active option; Enter picks it. Ends open, on the second match. */
export const Filtered: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('combobox', { name: 'Event' })
    await userEvent.type(input, 'workflow run')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText(/^\d+ of 261 events match$/)).toBeInTheDocument()
    await expect(canvas.getByRole('group', { name: 'workflow_run' })).toBeInTheDocument()
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^\d+ events match\.$/), { timeout: 3000 })
    // Ranked: the workflow_run events (words in order) before those that only mention a workflow run.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}')
    await expect(args.onSelect).toHaveBeenCalledWith('workflow_run.requested')
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await userEvent.type(input, 'workflow run')
    await userEvent.keyboard('{ArrowDown}')
    // Descriptions are searched too ("a job in a workflow run"): the second match is active, whatever it is.
    const active = canvasElement.querySelector(`#${CSS.escape(input.getAttribute('aria-activedescendant') ?? '')}`)
    await expect(active).toBe(canvas.getAllByRole('option')[1])
    await expect(active).toHaveClass('active')
  },
}

/** Home and End edit the text, as APG's editable combobox keeps them: the caret moves, the best match is active again. Ends open, caret at the end. */
export const HomeEndInText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole<HTMLInputElement>('combobox', { name: 'Event' })
    await userEvent.type(input, 'workflow run')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Home}')
    await expect(input.selectionStart).toBe(0)
    await expect(input.getAttribute('aria-activedescendant')).toBe(canvas.getAllByRole('option')[0]?.id)
    await userEvent.keyboard('{End}')
    await expect(input.selectionStart).toBe('workflow run'.length)
    await expect(input).toHaveValue('workflow run')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
  },
}

/** The full Stripe list, opened with ↓ on the selected event (it scrolls into view); ends 8 × ↑ later, the active option whole below its group's sticky label. */
export const AllStripeEvents: Story = {
  args: { events: stripeEvents, selected: 'invoice.payment_failed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('combobox', { name: 'Event' })
    input.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(canvas.getAllByRole('option')).toHaveLength(stripeEvents.length)
    await expect(canvas.getByRole('option', { name: /invoice\.payment_failed/ })).toHaveAttribute('aria-selected', 'true')
    await expect(input.getAttribute('aria-activedescendant')).toMatch(/invoice-payment_failed/)
    // The list scrolls the selected option into view over a few frames: end when it is still.
    const listbox = canvas.getByRole('listbox')
    let last = Number.NaN
    for (let frame = 0, same = 0; same < 3 && frame < 120; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      same = listbox.scrollTop === last ? same + 1 : 0
      last = listbox.scrollTop
    }
    // ↑ past the top of what shows scrolls the list up: the active option shows whole below its group's
    // sticky label, not under it.
    const before = listbox.scrollTop
    await userEvent.keyboard('{ArrowUp>8/}')
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await expect(listbox.scrollTop).toBeLessThan(before)
    const active = canvasElement.querySelector(`#${CSS.escape(input.getAttribute('aria-activedescendant') ?? '')}`)!
    const label = active.closest('[role="group"]')!.querySelector('.group-label')!
    await expect(active.getBoundingClientRect().top).toBeGreaterThanOrEqual(label.getBoundingClientRect().bottom - 0.5)
  },
}

export const NoMatch: Story = {
  args: { initialQuery: 'no such event' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No event matches “no such event”. Try fewer or other words.')).toBeInTheDocument()
    await expect(within(canvasElement).queryAllByRole('option')).toHaveLength(0)
  },
}

/**
 * Another provider's event typed (a Stripe type with GitHub chosen): the other providers are asked for,
 * their matches listed under each provider's name, and Enter picks the best, which switches the provider.
 */
export const FoundInOtherProvider: Story = {
  args: { providerName: 'GitHub', others: [{ id: 'stripe', name: 'Stripe', events: stripeEvents }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('combobox', { name: 'Event' })
    await userEvent.type(input, 'payment_intent.succeeded')
    await expect(args.onSearchOthers).toHaveBeenCalledTimes(1)
    await expect(canvas.getByText('No GitHub event matches “payment_intent.succeeded”. Other providers have these; picking one switches the provider.')).toBeVisible()
    await expect(input).toHaveAccessibleDescription(/^0 of 261 events match; \d+ in other providers/)
    // Said once the typing pauses (a screen reader hears nothing of the popup until an option is active).
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^No GitHub event matches “payment_intent\.succeeded”\. Other providers have these/), { timeout: 3000 })
    const group = canvas.getByRole('group', { name: 'Stripe' })
    await expect(within(group).getAllByRole('option')[0]).toHaveTextContent(/payment_intent\.succeeded/)
    await expect(within(group).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'false')
    await userEvent.keyboard('{Enter}')
    await expect(args.onSelectOther).toHaveBeenCalledWith('stripe', 'payment_intent.succeeded')
    await expect(args.onSelect).not.toHaveBeenCalled()
    await userEvent.type(input, 'payment_intent.succ')
  },
}

/** While the other providers' catalogues load, the popup says it is looking there. */
export const LookingInOtherProviders: Story = {
  args: { providerName: 'GitHub', othersLoading: true, initialQuery: 'payment_intent.succeeded' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No GitHub event matches “payment_intent.succeeded”. Looking in the other providers…')).toBeVisible()
    await expect(within(canvasElement).queryAllByRole('option')).toHaveLength(0)
  },
}

/** The other providers' catalogues could not be loaded (offline before the service worker stored them): said, not hidden. */
export const OtherProvidersUnavailable: Story = {
  args: {
    providerName: 'GitHub',
    initialQuery: 'payment_intent.succeeded',
    othersError: 'The events of Stripe, Slack could not be loaded (Failed to fetch dynamically imported module), so they were not searched.',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'No GitHub event matches “payment_intent.succeeded”. The events of Stripe, Slack could not be loaded (Failed to fetch dynamically imported module), so they were not searched.',
      ),
    ).toBeVisible()
  },
}

/** While the full catalogue loads, the built-in events are listed. */
export const Loading: Story = {
  args: { events: builtInGithub, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('5 events (loading all events…)')).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  args: { events: builtInGithub, error: 'The full event list could not be loaded (Failed to fetch dynamically imported module). The common events are listed.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}
