import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import AppHeader from './AppHeader.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const items = [
  { to: '/graphql', label: 'GraphQL tester' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/rate-limits', label: 'Rate limits' },
]

const meta = {
  title: 'Shell/AppHeader',
  component: AppHeader,
  parameters: componentDocs({
    purpose:
      'The banner: app name (a link home), navigation to the tools, and the theme switch. Links are real `<a href>`s; a plain click emits `navigate` so the shell routes without a reload.',
    keyboard:
      'No keys of its own: links and the theme switch in the Tab order; modified clicks (new tab) keep the browser’s behaviour.',
    accessibility:
      'The `banner` landmark with a `nav` named "Tools"; the current page’s link has `aria-current="page"`. The logo is `aria-hidden`; the app name names the home link.',
  }),
  args: {
    items,
    currentPath: '/',
    themePreference: 'system',
    systemTheme: 'light',
    onNavigate: fn(),
    'onUpdate:themePreference': fn(),
  },
} satisfies Meta<typeof AppHeader>

export default meta
type Story = StoryObj<typeof meta>

export const OnHome: Story = {}

/** The current tool is marked with aria-current="page", in text weight and underline, not colour alone. */
export const OnTool: Story = {
  args: { currentPath: '/rate-limits', themePreference: 'dark' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Rate limits' })
    await expect(link).toHaveAttribute('aria-current', 'page')
  },
}

/** No tools (never in the app, but the header must still hold together). */
export const Empty: Story = { args: { items: [] } }

/** Long labels wrap instead of overflowing. */
export const LongLabels: Story = {
  args: {
    items: [
      { to: '/graphql', label: 'GraphQL tester with a rather long navigation label' },
      { to: '/webhooks', label: 'Webhook payload generator for every provider' },
      { to: '/rate-limits', label: 'Rate-limit header parser and quota explainer' },
    ],
  },
}

/** A plain click is routed in-app; the link still has a real href for new tabs. */
export const NavigatesOnClick: Story = {
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Webhooks' })
    await expect(link).toHaveAttribute('href', '/webhooks')
    await userEvent.click(link)
    await expect(args.onNavigate).toHaveBeenCalledWith('/webhooks')
  },
}
