import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import SecretOriginDialog from './SecretOriginDialog.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'GraphQL/SecretOriginDialog',
  component: SecretOriginDialog,
  parameters: componentDocs({
    purpose:
      'Asks before secret environment values go to an origin the environment is not bound to: which `{{references}}`, which origin, and the choice to send and allow that origin, or not to send.',
    keyboard:
      'APG alert dialog: a native modal `<dialog>`; focus starts on "Don’t send", the safe answer; **Escape** answers "Don’t send".',
    accessibility:
      '`role="alertdialog"` labelled by its title and described by its text; the page behind is inert. The origin and names are someone else’s text, shown as text only.',
  }),
  args: { open: true, origin: 'https://collector.example.net', names: ['token'], environmentName: 'Staging', onAllow: fn(), onRefuse: fn() },
  render: (args) => ({
    components: { SecretOriginDialog },
    setup() {
      const open = ref(args.open)
      const allow = () => ((open.value = false), args.onAllow?.())
      const refuse = () => ((open.value = false), args.onRefuse?.())
      return { args, open, allow, refuse }
    },
    template: `<div><button type="button" @click="open = true">Send</button>
      <SecretOriginDialog :open="open" :origin="args.origin" :names="args.names" :environment-name="args.environmentName" @allow="allow" @refuse="refuse" /></div>`,
  }),
} satisfies Meta<typeof SecretOriginDialog>

export default meta
type Story = StoryObj<typeof meta>

/** One secret to a new origin: named by its question, "Don't send" focused; it refuses. */
export const OneSecret: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const dialog = await canvas.findByRole('alertdialog', { name: 'Send secret values to a new server?' })
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(dialog).toHaveAccessibleDescription(/secret value of \{\{token\}\} from “Staging” to\s*https:\/\/collector\.example\.net/)
    await expect(within(dialog).getByRole('button', { name: "Don't send" })).toHaveFocus()
    await userEvent.click(within(dialog).getByRole('button', { name: "Don't send" }))
    await expect(args.onRefuse).toHaveBeenCalledTimes(1)
    await expect(args.onAllow).not.toHaveBeenCalled()
  },
}

/** Several secrets and a long origin: the names listed, the origin wraps. */
export const SeveralSecrets: Story = {
  args: { names: ['token', 'apiKey', 'session'], origin: 'https://a-very-long-subdomain-name.of-an-unfamiliar-collector.example.net:8443' },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement).findByRole('alertdialog')
    await expect(dialog).toHaveTextContent('{{token}}, {{apiKey}}, {{session}}')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send and allow this origin' }))
    await expect(args.onAllow).toHaveBeenCalledTimes(1)
  },
}
