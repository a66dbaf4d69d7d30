import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import WebhookBodyViews, { type BodyView } from './WebhookBodyViews.vue'
import { githubPush, slackBlockActions, stripeRefund } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Webhooks/WebhookBodyViews',
  component: WebhookBodyViews,
  parameters: componentDocs({
    purpose:
      'The request body in two views: **Formatted** (indented, for reading and editing) and **As sent** (the exact bytes signed and sent). Edits in the formatted view are written back the provider’s way; a form body stays a form body.',
    keyboard:
      'The view switch is a radio group (arrow keys). In the editor, **Tab** leaves unless "Tab indents" is ticked, because an indent typed by a Tab meant to leave would change the signed bytes.',
    accessibility:
      'The radio group has `role="radiogroup"` and is labelled by the caption that says which view is shown; the editor is a CodeEditor (labelled, problems listed as text).',
  }),
  args: { body: githubPush.body, providerId: 'github', providerName: 'GitHub', view: 'formatted', maxHeight: '16rem', 'onUpdate:body': fn(), 'onUpdate:view': fn() },
  // Stateful, like the page: the views write back into one as-sent body.
  render: (args) => ({
    components: { WebhookBodyViews },
    setup() {
      const body = ref(args.body)
      const view = ref<BodyView>(args.view ?? 'formatted')
      const onBody = (v: string) => ((body.value = v), args['onUpdate:body']?.(v))
      const onView = (v: BodyView) => ((view.value = v), args['onUpdate:view']?.(v))
      return { args, body, view, onBody, onView }
    },
    template: `<div style="padding: 1rem; max-width: 48rem">
      <WebhookBodyViews v-bind="args" :body="body" :view="view" @update:body="onBody" @update:view="onView" />
    </div>`,
  }),
} satisfies Meta<typeof WebhookBodyViews>

export default meta
type Story = StoryObj<typeof meta>

/**
 * A compact GitHub body, formatted for reading; an edit there is written back compactly. Ends on the
 * formatted view with the edit made.
 */
export const Formatted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Request body, formatted (JSON)' })
    await expect(editor).toHaveTextContent('"ref": "refs/heads/')
    await expect(editor).toHaveAccessibleDescription(/Edits are written back as GitHub sends them \(compact JSON\)/)
    await userEvent.click(editor)
    await userEvent.keyboard('{Control>}{End}{/Control}{ArrowLeft}{ArrowLeft},"x": 1')
    await waitFor(() => expect(args['onUpdate:body']).toHaveBeenLastCalledWith(expect.stringMatching(/,"x":1\}$/)))
    // One fixed end state for the screenshot: CodeMirror's scroll to the cursor can land a frame after
    // the last keystroke (CI once caught it one line short), so end scrolled to the bottom, settled.
    const scroller = canvasElement.querySelector<HTMLElement>('.cm-scroller')
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await frames()
    if (scroller) scroller.scrollTop = scroller.scrollHeight
    await frames()
    if (scroller) await waitFor(() => expect(scroller.scrollTop + scroller.clientHeight).toBeGreaterThanOrEqual(scroller.scrollHeight - 1))
  },
}

/** The exact bytes of a Stripe body, which Stripe sends indented. */
export const AsSent: Story = {
  args: { body: stripeRefund.body, providerId: 'stripe', providerName: 'Stripe', view: 'sent' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Request body as sent (JSON)' })).toHaveAccessibleDescription(/exact bytes that are signed and sent/)
    await expect(canvas.getByRole('radio', { name: 'As sent' })).toBeChecked()
  },
}

/**
 * By keyboard: Tab leaves the editor and the signed bytes stay as they were; only with "Tab indents" ticked does
 * Tab type an indent. Ends with the indent typed and the editor no longer focused.
 */
export const TabLeavesUnlessTabIndents: Story = {
  args: { body: stripeRefund.body, providerId: 'stripe', providerName: 'Stripe', view: 'sent' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const editor = canvas.getByRole('textbox', { name: 'Request body as sent (JSON)' })
    await expect(editor).toHaveAccessibleDescription(/Tab leaves the editor/)
    await userEvent.click(editor)
    await userEvent.tab()
    await expect(editor).not.toHaveFocus()
    await expect(args['onUpdate:body']).not.toHaveBeenCalled()
    const setting = canvas.getByRole('checkbox', { name: 'Tab indents' })
    await expect(setting).not.toBeChecked()
    await userEvent.click(setting)
    await userEvent.click(editor)
    await userEvent.keyboard('{Control>}{Home}{/Control}')
    await userEvent.tab()
    await expect(editor).toHaveFocus()
    await waitFor(() => expect(args['onUpdate:body']).toHaveBeenLastCalledWith(expect.stringMatching(/^\s+\{/)))
    await expect(editor).toHaveAccessibleDescription(/Tab indents/)
    // One fixed end state for the screenshot: the typed indent, the editor no longer focused (its focus
    // ring and the hint under it were rasterized differently from run to run). "Esc then Tab" needs
    // real key events, so tests/e2e/webhooks.spec.ts proves that way out.
    editor.blur()
    await expect(editor).not.toHaveFocus()
  },
}

/** Text that is not JSON yet: marked in the formatted view and passed on as typed (Send stays blocked). */
export const FormattedInvalid: Story = {
  args: { body: '{\n  "action": "opened",\n  "number": \n}' },
  play: async ({ canvasElement }) => {
    const editor = within(canvasElement).getByRole('textbox', { name: 'Request body, formatted (JSON)' })
    await expect(editor).toHaveAttribute('aria-invalid', 'true')
  },
}

/**
 * A Slack interactivity payload: sent form-encoded (`payload=<URL-encoded JSON>`), shown as its JSON when
 * formatted; an edit there is written back as a form body. Ends on the formatted view with the edit made.
 */
export const FormBody: Story = {
  args: { body: slackBlockActions.body, providerId: 'slack', providerName: 'Slack', view: 'sent' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const sent = canvas.getByRole('textbox', { name: 'Request body as sent (form)' })
    await expect(sent).toHaveTextContent(/^payload=%7B%22type%22%3A%22block_actions%22/)
    await expect(sent).toHaveAccessibleDescription(/the form field payload= holding URL-encoded compact JSON as Slack sends it/)
    await userEvent.click(canvas.getByText('Formatted', { exact: true }))
    const editor = await canvas.findByRole('textbox', { name: 'Request body, formatted (JSON)' })
    await expect(editor).toHaveTextContent('"type": "block_actions"')
    await userEvent.click(editor)
    await userEvent.keyboard('{Control>}{End}{/Control}{ArrowLeft}{ArrowLeft},"x": 1')
    await waitFor(() => expect(args['onUpdate:body']).toHaveBeenLastCalledWith(expect.stringMatching(/^payload=%7B%22type%22%3A%22block_actions%22.*%2C%22x%22%3A1%7D$/)))
  },
}
