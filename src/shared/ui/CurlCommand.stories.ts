import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import CurlCommand from './CurlCommand.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Shared/CurlCommand',
  component: CurlCommand,
  parameters: componentDocs({
    purpose:
      'A ready-to-run curl command in a CodeBlock with a copy button. Secret headers appear as `$VARIABLE` references, and the note under it says how to set them, so no token is shown.',
    keyboard:
      'No keys of its own: the copy button above the code, then the code block, a Tab stop so long code can be scrolled.',
    accessibility:
      'The command is a named, focusable region read as plain text (see CodeBlock); the copy outcome is announced by CopyButton.',
  }),
  args: {
    command: `curl -sS -X POST 'http://127.0.0.1:4400/graphql' -H 'Content-Type: application/json' --data-raw '{"query":"{ me { id } }","variables":{}}'`,
  },
} satisfies Meta<typeof CurlCommand>

export default meta
type Story = StoryObj<typeof meta>

export const Plain: Story = {}

/** A secret header becomes a variable reference; the note says how to set it. */
export const WithSecretHeader: Story = {
  args: {
    command: `curl -sS -X POST 'https://api.example.com/graphql' -H "Authorization: $AUTHORIZATION" -H 'Content-Type: application/json' --data-raw '{"query":"{ viewer { login } }"}'`,
    envVars: [{ header: 'Authorization', variable: 'AUTHORIZATION' }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/export AUTHORIZATION=/)).toBeInTheDocument()
  },
}

/** Long bodies scroll sideways inside the block (keyboard-focusable), never the page. */
export const LongCommand: Story = {
  args: {
    title: 'Preflight probe',
    copyLabel: 'Copy preflight command',
    command: `curl -i -X OPTIONS 'https://hooks.example.com/webhooks/github/receiver/with/a/very/long/path/that/keeps/going' -H 'Origin: https://workbench.example.com' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type,x-github-delivery,x-github-event,x-github-hook-id,x-hub-signature-256'`,
  },
}

export const Empty: Story = { args: { command: '' } }
