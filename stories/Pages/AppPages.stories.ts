import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import HomePage from '@/app/pages/HomePage.vue'
import HomePageHeading from '@/app/pages/HomePageHeading.vue'
import NotFoundPage from '@/app/pages/NotFoundPage.vue'
import PageFrame from './PageFrame.vue'

/** The app's own pages: the home page with the three tools, and the page for an unknown path. */
const meta = {
  title: 'Pages/App',
  parameters: { route: '/', layout: 'fullscreen' },
  tags: ['!autodocs'],
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** The home page: what each tool does, each a link. */
export const Home: Story = {
  render: () => ({
    components: { PageFrame, HomePage, HomePageHeading },
    template: '<PageFrame :workspace="false"><HomePageHeading /><HomePage /></PageFrame>',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('link', { name: 'GraphQL tester' })).toBeVisible()
  },
}

/** A mistyped link: the path shown as text, the way on. */
export const NotFound: Story = {
  parameters: { route: '/graphq1?tab=2' },
  render: () => ({
    components: { PageFrame, NotFoundPage },
    template: '<PageFrame :workspace="false"><NotFoundPage /></PageFrame>',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('/graphq1?tab=2')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
  },
}
