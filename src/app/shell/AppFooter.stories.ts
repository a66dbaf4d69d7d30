import type { Meta, StoryObj } from '@storybook/vue3-vite'
import AppFooter from './AppFooter.vue'

const meta = {
  title: 'Shell/AppFooter',
  component: AppFooter,
} satisfies Meta<typeof AppFooter>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Hosted under a sub-path. */
export const SubPathHosting: Story = { args: { storybookHref: '/tools/storybook/' } }
