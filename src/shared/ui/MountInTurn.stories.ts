import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, waitFor, within } from 'storybook/test'
import MountInTurn from './MountInTurn.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

// How a page renders its heavier sections in turns: each `MountInTurn` renders its slot in a task of
// its own, after the ones before it, so a first render is several short tasks instead of one long
// one. Nothing stands in a section's place until its turn; `waitFor` holds a turn (and the ones after
// it) until what the section needs has loaded, so sections come whole and in their order.
const meta = {
  title: 'Shared/MountInTurn',
  component: MountInTurn,
  parameters: componentDocs({
    purpose:
      'Renders its slot in a turn of its own (`mountTurns`), after the parts of the page before it, so a page’s first render is several short tasks; `waitFor` holds a turn until what the section needs has loaded. For pages and containers, not inside presentational components.',
    keyboard:
      'None of its own: it adds no element that takes focus.',
    accessibility:
      'Nothing stands in a section’s place until its turn; the shell keeps `main` `aria-busy` until the turns have settled, so a screen reader does not read a half-built page.',
  }),
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 32rem"><story /></div>' })],
} satisfies Meta<typeof MountInTurn>

export default meta
type Story = StoryObj<typeof meta>

/** Three sections of a page, each in its turn: all three end up rendered, in their order. */
export const Sections: Story = {
  render: () => ({
    components: { MountInTurn },
    template: `
      <div style="display: grid; gap: 0.5rem">
        <MountInTurn><section aria-label="First"><h2 style="margin: 0; font-size: 1rem">Request</h2><p style="margin: 0">Rendered in the first turn.</p></section></MountInTurn>
        <MountInTurn><section aria-label="Second"><h2 style="margin: 0; font-size: 1rem">Response</h2><p style="margin: 0">Rendered in the next task.</p></section></MountInTurn>
        <MountInTurn><section aria-label="Third"><h2 style="margin: 0; font-size: 1rem">History</h2><p style="margin: 0">Rendered last.</p></section></MountInTurn>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Request', 'Response', 'History']))
  },
}

/** A turn that waits for what its section needs (here a 50 ms load): the section after it waits too, so the order holds. */
export const WaitingForAChunk: Story = {
  render: () => ({
    components: { MountInTurn },
    setup: () => ({ load: () => new Promise((resolve) => setTimeout(resolve, 50)) }),
    template: `
      <div style="display: grid; gap: 0.5rem">
        <MountInTurn :wait-for="load"><p style="margin: 0">The editor (its chunk loaded).</p></MountInTurn>
        <MountInTurn><p style="margin: 0">The section below it.</p></MountInTurn>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelectorAll('p')).toHaveLength(2))
    await expect([...canvasElement.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['The editor (its chunk loaded).', 'The section below it.'])
    await expect(canvas.getByText('The section below it.')).toBeVisible()
  },
}
