import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, within } from 'storybook/test'
import { virtual } from '../testing/virtual-screen-reader'
import SplitPane from './SplitPane.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const longText = Array.from(
  { length: 60 },
  (_, i) => `Line ${i + 1}: a long pane scrolls inside itself, never the page — query { user(id: ${i}) { name } }`,
).join('\n')

const meta = {
  title: 'Primitives/SplitPane',
  component: SplitPane,
  parameters: componentDocs({
    purpose:
      'Two panes with a splitter between them; the caller owns the position (`v-model:size`, `v-model:collapsed`). A collapsed pane stays mounted but hidden; with `lazy`, a primary pane that starts collapsed mounts when first shown.',
    keyboard:
      'APG window splitter: the separator is one Tab stop; arrow keys move it by `step`, **Home/End** go to `min`/`max`, **Enter** collapses and restores the primary pane (when `collapsible`). A pointer drags it.',
    accessibility:
      'A focusable `role="separator"` named by `label`, with `aria-valuenow/min/max`, `aria-valuetext` and `aria-controls` pointing at the primary pane. Naive’s NSplit has no keyboard support or separator role, hence this component.',
  }),
  args: {
    label: 'Resize query editor',
    orientation: 'horizontal',
    size: 40,
    collapsed: false,
    'onUpdate:size': fn(),
    'onUpdate:collapsed': fn(),
  },
  // The position lives in the story (as a caller would keep it), so keys and drags show.
  render: (args) => ({
    components: { SplitPane },
    setup() {
      const size = ref(args.size ?? 50)
      const collapsed = ref(args.collapsed ?? false)
      return { args, size, collapsed }
    },
    template: `
      <div style="height:16rem;border:1px solid var(--awb-border)">
        <SplitPane v-bind="args" v-model:size="size" v-model:collapsed="collapsed">
          <template #primary><section aria-label="Query" style="padding:0.5rem"><h2 style="margin:0;font-size:1rem">Query</h2><p>The primary pane ({{ Math.round(size) }} %).</p></section></template>
          <template #secondary><section aria-label="Response" style="padding:0.5rem"><h2 style="margin:0;font-size:1rem">Response</h2><p>The secondary pane takes the rest.</p></section></template>
        </SplitPane>
      </div>`,
  }),
} satisfies Meta<typeof SplitPane>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Side by side; the keyboard model: Left/Right by 5 %, Home/End to the limits, Enter collapses and
 * restores (the pane's size is kept), other arrows do nothing. Ends in the starting position.
 */
export const Horizontal: Story = {
  play: async ({ canvasElement, args }) => {
    const separator = within(canvasElement).getByRole('separator', { name: 'Resize query editor' })
    await expect(separator).toHaveAttribute('aria-orientation', 'vertical')
    await expect(separator).toHaveAttribute('aria-valuenow', '40')
    const primary = canvasElement.querySelector(`#${separator.getAttribute('aria-controls')}`)
    await expect(primary).toHaveTextContent('Query')
    // Keys go through the virtual screen reader, which then says what changed, as a real one does.
    await virtual.start({ container: canvasElement })
    try {
      // It starts reading at the first item; what matters is what it says from the Tab on.
      await virtual.clearSpokenPhraseLog()
      await userEvent.tab()
      await expect(separator).toHaveFocus()
      await virtual.press('ArrowRight')
      await expect(separator).toHaveAttribute('aria-valuenow', '45')
      await expect(args['onUpdate:size']).toHaveBeenLastCalledWith(45)
      await virtual.press('ArrowUp')
      await expect(separator).toHaveAttribute('aria-valuenow', '45')
      await virtual.press('End')
      await expect(separator).toHaveAttribute('aria-valuenow', '90')
      await virtual.press('Home')
      await expect(separator).toHaveAttribute('aria-valuenow', '10')
      await expect(separator).toHaveAttribute('aria-valuetext', '10 percent')
      await virtual.press('Enter')
      await expect(separator).toHaveAttribute('aria-valuetext', 'collapsed')
      await expect(primary).not.toBeVisible()
      // Collapsed, not unmounted: what the pane holds keeps its state.
      await expect(primary).toHaveTextContent('Query')
      await expect(args['onUpdate:collapsed']).toHaveBeenLastCalledWith(true)
      await virtual.press('Enter')
      await expect(primary).toBeVisible()
      await expect(separator).toHaveAttribute('aria-valuenow', '10')
      const separatorSays = (value: string) => `separator, Resize query editor, orientated vertically, max value 90, min value 10, 1 control, current value ${value}`
      // The value while moving; an arrow that does nothing says nothing new.
      await expect(await virtual.spokenPhraseLog()).toEqual([
        separatorSays('40 percent'),
        separatorSays('45 percent'),
        separatorSays('90 percent'),
        separatorSays('10 percent'),
        separatorSays('collapsed'),
        separatorSays('10 percent'),
      ])
    } finally {
      await virtual.stop()
    }
    for (let i = 0; i < 6; i++) await userEvent.keyboard('{ArrowRight}')
    await expect(separator).toHaveAttribute('aria-valuenow', '40')
    separator.blur()
  },
}

/** Stacked (an editor above its tab strip): Up/Down move it, Left/Right do nothing. */
export const Vertical: Story = {
  args: { orientation: 'vertical', label: 'Resize editor and variables', size: 60 },
  play: async ({ canvasElement }) => {
    const separator = within(canvasElement).getByRole('separator', { name: 'Resize editor and variables' })
    await expect(separator).toHaveAttribute('aria-orientation', 'horizontal')
    separator.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(separator).toHaveAttribute('aria-valuenow', '65')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(separator).toHaveAttribute('aria-valuenow', '65')
    await userEvent.keyboard('{ArrowUp}')
    await expect(separator).toHaveAttribute('aria-valuenow', '60')
    separator.blur()
  },
}

/**
 * Collapsed from the start, `lazy`: the primary pane's content mounts only when first shown (Enter
 * restores), then stays mounted when collapsed again. Without `lazy` it is mounted from the start
 * (Horizontal). Ends collapsed.
 */
export const Collapsed: Story = {
  args: { collapsed: true, lazy: true },
  play: async ({ canvasElement }) => {
    const separator = within(canvasElement).getByRole('separator')
    const primary = canvasElement.querySelector(`#${separator.getAttribute('aria-controls')}`)
    await expect(separator).toHaveAttribute('aria-valuetext', 'collapsed')
    await expect(within(canvasElement).queryByRole('heading', { name: 'Query' })).toBeNull()
    await expect(primary).toBeEmptyDOMElement()
    separator.focus()
    await userEvent.keyboard('{Enter}')
    await expect(within(canvasElement).getByRole('heading', { name: 'Query' })).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await expect(separator).toHaveAttribute('aria-valuetext', 'collapsed')
    await expect(primary).not.toBeVisible()
    await expect(primary).toHaveTextContent('Query')
    separator.blur()
  },
}

/** Long content scrolls inside its pane; the separator and the other pane stay put. */
export const LongContent: Story = {
  render: (args) => ({
    components: { SplitPane },
    setup: () => ({ args, longText }),
    template: `
      <div style="height:12rem;border:1px solid var(--awb-border)">
        <SplitPane v-bind="args">
          <template #primary><pre tabindex="0" aria-label="Long query" style="margin:0;padding:0.5rem">{{ longText }}</pre></template>
          <template #secondary><p style="margin:0;padding:0.5rem">Response</p></template>
        </SplitPane>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const pane = canvasElement.querySelector<HTMLElement>('.pane.primary')!
    await expect(pane.scrollHeight).toBeGreaterThan(pane.clientHeight)
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth)
  },
}
