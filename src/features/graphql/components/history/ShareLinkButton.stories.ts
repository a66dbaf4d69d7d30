import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import ShareLinkButton from './ShareLinkButton.vue'
import { ShareLinkError } from '../../core/share'
import { SHARE_URL } from './history-fixtures'
import { stubClipboard } from '@/shared/testing/fake-clipboard'
import { componentDocs } from '@/shared/storybook/component-docs'


const meta = {
  title: 'GraphQL/ShareLinkButton',
  component: ShareLinkButton,
  parameters: componentDocs({
    purpose:
      '"Copy link": builds a share link (it may compress, so asynchronously) and copies it. Notes say which secret header values stay out of the link and that a fragment never reaches a server.',
    keyboard:
      'No keys of its own: a native button; if the browser refuses the clipboard, a read-only field offers the link to copy by hand.',
    accessibility:
      'Its name stays "Copy link"; "Link copied" is said through the app’s announcer and shown `aria-hidden` beside it. Why no link was copied shows next to the button and is its `aria-describedby` description.',
  }),
  args: { getLink: () => Promise.resolve(SHARE_URL), omittedSecrets: [], onCopied: fn(), onFailed: fn() },
  decorators: [() => ({ template: '<div style="max-width: 48rem; padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof ShareLinkButton>

export default meta
type Story = StoryObj<typeof meta>

/** The button and the hint that a fragment stays in the browser. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Copy link' })).not.toHaveAttribute('aria-describedby')
    await expect(canvas.getByText('The link keeps everything after # in your browser; it is never sent to a server.')).toBeVisible()
    await expect(canvas.queryByText(/are not included/)).toBeNull()
  },
}

/** Which secret header values stay out of the link, said beside the button and as its description. */
export const WithOmittedSecrets: Story = {
  args: { omittedSecrets: ['Authorization', 'X-Api-Key'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Secret header values (Authorization and X-Api-Key) are not included.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toHaveAccessibleDescription(
      'Secret header values (Authorization and X-Api-Key) are not included.',
    )
  },
}

/** Copies the built link; "Link copied" beside the button, whose name and focus stay. */
export const Copied: Story = {
  // Long enough that the screenshot, taken after the play function, still shows the feedback.
  args: { getLink: fn(() => Promise.resolve(SHARE_URL)), omittedSecrets: ['Authorization'], feedbackMs: 600_000 },
  beforeEach: stubClipboard(() => Promise.resolve()),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole('button', { name: 'Copy link' })
    await userEvent.click(button)
    await expect(await canvas.findByText('Link copied')).toBeVisible()
    await expect(args.getLink).toHaveBeenCalledTimes(1)
    await expect(args.onCopied).toHaveBeenCalledWith(SHARE_URL)
    await expect(args.onFailed).not.toHaveBeenCalled()
    await expect(button).toHaveAccessibleName('Copy link')
    await expect(button).toHaveFocus()
  },
}

/** The link cannot be made: why, as text next to the button and as its description. */
export const TooLarge: Story = {
  args: {
    getLink: () => Promise.reject(new ShareLinkError('too-large', 'The request is too large to share as a link; share the query as a file instead.')),
  },
  beforeEach: stubClipboard(() => Promise.reject(new Error('must not be reached'))),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const button = canvas.getByRole('button', { name: 'Copy link' })
    await userEvent.click(button)
    const message = 'The request is too large to share as a link; share the query as a file instead.'
    await expect(await canvas.findByText(message)).toBeVisible()
    await expect(args.onFailed).toHaveBeenCalledWith(message)
    await expect(args.onCopied).not.toHaveBeenCalled()
    await expect(button).toHaveAccessibleDescription(message)
    await expect(canvas.queryByLabelText('Share link')).toBeNull()
  },
}

/** The browser refuses the clipboard: the link is offered in a read-only field to copy by hand. */
export const ClipboardBlocked: Story = {
  beforeEach: stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }))
    await expect(await canvas.findByText('The browser did not allow copying; copy the link from the field below.')).toBeVisible()
    await expect(args.onFailed).toHaveBeenCalledWith('The browser did not allow copying; copy the link from the field below.')
    const field = canvas.getByLabelText('Share link')
    await expect(field).toHaveValue(SHARE_URL)
    await expect(field).toHaveAttribute('readonly')
  },
}
