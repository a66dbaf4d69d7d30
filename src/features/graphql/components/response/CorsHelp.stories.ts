import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import CorsHelp from './CorsHelp.vue'
import { PAGE_ORIGIN, brokenConnection, corsFailure, localNetworkRefused, mixedContent, offline, redirected, serverDown } from '../fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/CorsHelp',
  component: CorsHelp,
  parameters: componentDocs({
    purpose:
      'Why the browser could not read a response, in the words every transport shares (`describeNetworkFailure`), with the next step: for a CORS block, the headers the server must answer the preflight with, then the request and the preflight probe as curl, each with a copy button.',
    keyboard:
      'No keys of its own: each copy button, then its code block, a Tab stop so long code can be scrolled.',
    accessibility:
      'A `section` labelled by its heading (level from `headingLevel`); the failure is named for what it is, as text.',
  }),
  args: { failure: corsFailure, pageOrigin: PAGE_ORIGIN },
  decorators: [() => ({ template: '<div style="max-width: 56rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof CorsHelp>

export default meta
type Story = StoryObj<typeof meta>

/** The exact Access-Control-* headers needed, the curl command (secret as $AUTHORIZATION) and the preflight probe. */
export const LikelyCors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(`Access-Control-Allow-Origin: ${PAGE_ORIGIN}`)).toBeVisible()
    await expect(canvas.getByText('Access-Control-Allow-Headers: authorization, content-type')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy curl command' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy preflight command' })).toBeVisible()
    await expect(canvas.getByText(/export AUTHORIZATION=/)).toBeVisible()
  },
}

export const Offline: Story = { args: { failure: offline } }
export const MixedContent: Story = { args: { failure: mixedContent } }
export const ConnectionBroke: Story = { args: { failure: brokenConnection } }

/** Nothing listening at an IP literal: no DNS in the list of causes, and never CORS. */
export const ServerDown: Story = {
  args: { failure: serverDown },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'No server answered at 127.0.0.1:7999' })).toBeVisible()
    await expect(canvas.queryByText(/CORS settings/)).toBeNull()
  },
}
/** A hosted page refused Local Network Access to a server on the user's machine. */
export const LocalNetworkRefused: Story = { args: { failure: localNetworkRefused } }
/** The endpoint answers with a redirect. */
export const Redirect: Story = { args: { failure: redirected } }
