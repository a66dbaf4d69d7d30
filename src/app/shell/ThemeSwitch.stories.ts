import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ThemeSwitch from './ThemeSwitch.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shell/ThemeSwitch',
  component: ThemeSwitch,
  parameters: componentDocs({
    purpose:
      'Light / Dark / System theme choice in the header: Naive’s radio group of radio buttons, a segmented control.',
    keyboard:
      'Native radio keys: **Tab** enters the group on the checked option, arrow keys move and choose.',
    accessibility:
      'Built on native radio inputs; the group gets `role="radiogroup"` (Naive renders a plain div) and is labelled by its visible caption.',
  }),
  args: { modelValue: 'system', systemTheme: 'light', 'onUpdate:modelValue': fn() },
} satisfies Meta<typeof ThemeSwitch>

export default meta
type Story = StoryObj<typeof meta>

/** The default: follow the operating system, which is light now. */
export const System: Story = {}

export const SystemDark: Story = { args: { systemTheme: 'dark' } }

export const Light: Story = { args: { modelValue: 'light' } }

export const Dark: Story = { args: { modelValue: 'dark' } }

/** Without a known system theme, "System" carries no hint. */
export const UnknownSystemTheme: Story = { args: { systemTheme: undefined } }

/** Arrow keys move between the options, as in any radio group, and each choice is emitted. */
export const KeyboardChoice: Story = {
  args: { modelValue: 'light' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const group = canvas.getByRole('radiogroup', { name: 'Theme' })
    await expect(group).toBeInTheDocument()
    const light = canvas.getByRole('radio', { name: 'Light' })
    await expect(light).toBeChecked()
    light.focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('dark')
    // A pointer user clicks the visible pill (Naive's native input itself has pointer-events: none).
    await userEvent.click(canvas.getByText('System (light)'))
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('system')
  },
}
