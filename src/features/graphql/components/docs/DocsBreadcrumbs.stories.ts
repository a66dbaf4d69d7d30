import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import DocsBreadcrumbs from './DocsBreadcrumbs.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

//  Where the docs explorer is: every level but the current one is a button back to it.
const meta = {
  title: 'GraphQL/DocsBreadcrumbs',
  component: DocsBreadcrumbs,
  parameters: componentDocs({
    purpose:
      'Where the docs explorer is ("Schema › Query › repository"): every level but the current one is a button back to it.',
    keyboard:
      'No keys of its own: native buttons in the Tab order (the explorer adds Backspace and Alt+← to go back).',
    accessibility:
      'A `nav` named "Docs breadcrumb"; the current level is text with `aria-current="location"`, not a button.',
  }),
  args: { stack: ['User'], onGo: fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem; max-width: 32rem"><story /></div>' })],
} satisfies Meta<typeof DocsBreadcrumbs>

export default meta
type Story = StoryObj<typeof meta>

/** One level down: "Schema" is a button, the type is the current location (text, aria-current). */
export const OneLevel: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const nav = canvas.getByRole('navigation', { name: 'Docs breadcrumb' })
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(2)
    await expect(canvas.getByText('User')).toHaveAttribute('aria-current', 'location')
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Schema' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onGo).toHaveBeenCalledWith(0)
  },
}

/** Deep: type › field › type › field. Tab walks the levels in order; Space on one goes back there. */
export const Deep: Story = {
  args: { stack: ['Query', 'Query.user', 'User', 'User.posts'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const buttons = canvas.getAllByRole('button')
    await expect(buttons.map((b) => b.textContent)).toEqual(['Schema', 'Query', 'user', 'User'])
    await expect(canvas.getByText('posts')).toHaveAttribute('aria-current', 'location')
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(buttons[2]).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onGo).toHaveBeenCalledWith(2)
  },
}

/** Long generated names wrap instead of widening the panel. */
export const LongNames: Story = {
  args: {
    stack: [
      'RepositoryVulnerabilityAlertDependencyScopeConnectionEdge',
      'RepositoryVulnerabilityAlertDependencyScopeConnectionEdge.securityAdvisoryIdentifierWithAVeryLongName',
    ],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation')
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth + 1)
  },
}
