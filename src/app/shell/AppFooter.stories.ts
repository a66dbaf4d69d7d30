import type { Meta, StoryObj } from '@storybook/vue3-vite'
import AppFooter from './AppFooter.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shell/AppFooter',
  component: AppFooter,
  parameters: componentDocs({
    purpose:
      'The page footer: what the app promises, and a link to the published Storybook.',
    keyboard:
      'No keys of its own: its links in the Tab order.',
    accessibility:
      'The `contentinfo` landmark.',
  }),
} satisfies Meta<typeof AppFooter>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Hosted under a sub-path. */
export const SubPathHosting: Story = { args: { storybookHref: '/tools/storybook/' } }
