import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, userEvent, within } from 'storybook/test'
import TabStrip from './TabStrip.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const tabs = [
  { id: 'variables', label: 'Variables' },
  { id: 'headers', label: 'Headers' },
  { id: 'settings', label: 'Settings' },
] as const

const meta = {
  title: 'Primitives/TabStrip',
  component: TabStrip,
  parameters: componentDocs({
    purpose:
      'Tabs with their panels, each panel a named slot. A panel mounts when its tab is first selected and then stays mounted (hidden), so editors keep their state.',
    keyboard:
      'APG tabs with automatic activation: one Tab stop on the selected tab; **←/→** move and select (wrapping), **Home/End** go to the ends, **Tab** goes into the panel.',
    accessibility:
      'A `tablist` named by `label`; each `tab` has `aria-selected` and `aria-controls`, each `tabpanel` is labelled by its tab. Naive’s NTabs renders divs with a click handler only, hence this component.',
  }),
  args: { tabs: [...tabs], label: 'Request details', modelValue: 'variables' },
  render: (args) => ({
    components: { TabStrip },
    setup() {
      const selected = ref(args.modelValue)
      return { args, selected }
    },
    template: `
      <div style="max-width:32rem">
        <TabStrip v-bind="args" v-model="selected">
          <template #variables><label>Variables JSON <input style="width: 16rem; font: inherit" value='{"id": "1"}' /></label></template>
          <template #headers><label>Name of header 1 <input style="width: 16rem; font: inherit" value="Authorization" /></label></template>
          <template #settings><label>Timeout in seconds <input style="width: 16rem; font: inherit" value="" placeholder="none" /></label></template>
        </TabStrip>
      </div>`,
  }),
} satisfies Meta<typeof TabStrip>

export default meta
type Story = StoryObj<typeof meta>

/**
 * APG tabs: one Tab stop on the selected tab; arrows select and wrap, Home/End go to the ends, Tab
 * enters the panel; only the selected panel shows. A panel mounts when its tab is first selected and
 * then stays mounted (hidden). Ends on Variables.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tab = (name: string) => canvas.getByRole('tab', { name })
    await expect(canvas.getByRole('tablist', { name: 'Request details' })).toBeVisible()
    await expect(canvas.queryByLabelText('Timeout in seconds')).toBeNull()
    await userEvent.tab()
    await expect(tab('Variables')).toHaveFocus()
    await expect(tab('Headers')).toHaveAttribute('tabindex', '-1')
    await userEvent.keyboard('{ArrowRight}')
    await expect(tab('Headers')).toHaveFocus()
    await expect(tab('Headers')).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel', { name: 'Headers' })).toBeVisible()
    await expect(canvas.getByLabelText('Variables JSON', { selector: 'input' })).not.toBeVisible()
    await userEvent.keyboard('{End}')
    await expect(tab('Settings')).toHaveFocus()
    await expect(canvas.getByLabelText('Timeout in seconds')).toBeVisible()
    await userEvent.keyboard('{ArrowRight}')
    await expect(tab('Variables')).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(tab('Settings')).toHaveFocus()
    await userEvent.keyboard('{Home}')
    await expect(tab('Variables')).toHaveAttribute('aria-selected', 'true')
    // Opened once, kept: what was typed there survives.
    await expect(canvas.getByLabelText('Timeout in seconds')).not.toBeVisible()
    await userEvent.tab()
    await expect(canvas.getByLabelText('Variables JSON', { selector: 'input' })).toHaveFocus()
    ;(document.activeElement as HTMLElement).blur()
  },
}

/** Many tabs with long labels wrap onto a second row instead of scrolling sideways. */
export const LongLabels: Story = {
  args: {
    tabs: [
      { id: 'variables', label: 'Variables (JSON, checked against the schema)' },
      { id: 'headers', label: 'Headers sent with every request' },
      { id: 'settings', label: 'Settings: operation and timeout' },
    ],
  },
}
