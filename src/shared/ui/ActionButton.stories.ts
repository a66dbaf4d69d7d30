import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DocsIcon as BookOpen, HistoryIcon as History, ShortcutsIcon as Keyboard, SchemaIcon as Network, AddIcon as Plus } from './icons'
import ActionButton from './ActionButton.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shared/ActionButton',
  component: ActionButton,
  parameters: componentDocs({
    purpose:
      'A toolbar, tab or row action: Naive’s button with an AppIcon before its label; every other attribute and listener goes to the button. With `collapsible` it shows only its icon while its `awb-toolbar` container is narrower than 90rem.',
    keyboard:
      'No keys of its own beyond the native button (Tab, Enter, Space). **Escape** dismisses the collapsed button’s tooltip; focusing it again shows the tooltip.',
    accessibility:
      'A native button named by its visible label; collapsed, the label stays its accessible name (visually hidden). The tooltip shows on hover and keyboard focus, stays while hovered and is `aria-hidden`, since the name already says it (WCAG 1.4.13).',
  }),
  args: { icon: Plus, label: 'New tab' },
  // Icon data is not edited by hand: Storybook's object editor for it (an <li> outside a list) fails axe.
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof ActionButton>

export default meta
type Story = StoryObj<typeof meta>

const clicked = fn()

/** Icon and label; every other attribute and listener reaches the button. */
export const Labelled: Story = {
  render: (args) => ({
    components: { ActionButton },
    setup: () => ({ args, clicked }),
    template: `<ActionButton v-bind="args" size="small" @click="clicked" />`,
  }),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'New tab' })
    await expect(button).toHaveClass('n-button--small-type')
    await userEvent.click(button)
    await expect(clicked).toHaveBeenCalled()
  },
}

const toolbar = (width: string) => ({
  components: { ActionButton },
  setup: () => ({ BookOpen, History, Network, Keyboard }),
  template: `<div style="container: awb-toolbar / inline-size; width: ${width}; padding-bottom: 3rem; display: flex; justify-content: flex-end; gap: 0.5rem">
    <ActionButton :icon="BookOpen" label="Docs" keys="Alt+Shift+D" collapsible size="small" aria-pressed="true" />
    <ActionButton :icon="History" label="History" keys="Alt+Shift+H" collapsible size="small" aria-pressed="false" />
    <ActionButton :icon="Network" label="Schema" keys="Alt+Shift+S" collapsible size="small" aria-pressed="false" />
    <ActionButton :icon="Keyboard" label="Shortcuts" keys="?" collapsible size="small" />
  </div>`,
})

/** Collapsible actions in a toolbar narrower than 90rem: icons only, each named by its label. */
export const CollapsedInNarrowToolbar: Story = {
  render: () => toolbar('36rem'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'History' })).toBeVisible()
    // The label is clipped to 1 px, not removed: it stays the button's name.
    await expect(canvas.getByText('History', { selector: '.label' }).getBoundingClientRect().width).toBeLessThanOrEqual(1)
    await expect(canvas.getByRole('button', { name: 'History' }).getBoundingClientRect().width).toBeLessThan(40)
  },
}

/** Keyboard focus shows the label and keys beside the icon. */
export const TooltipOnFocus: Story = {
  render: () => toolbar('36rem'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'History' })).toHaveFocus()
    await expect(canvas.getByText('History · Alt+Shift+H')).toBeVisible()
  },
}

/** Escape hides the tooltip; focus stays on the button (WCAG 1.4.13, dismissible). */
export const EscapeHidesTooltip: Story = {
  render: () => toolbar('36rem'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    const tip = canvas.getByText('Docs · Alt+Shift+D')
    await expect(tip).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(tip).not.toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Docs' })).toHaveFocus()
  },
}
