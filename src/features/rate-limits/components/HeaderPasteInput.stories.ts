import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import HeaderPasteInput from './HeaderPasteInput.vue'
import { examples } from '../core/examples'
import { componentDocs } from '@/shared/storybook/component-docs'

const meta = {
  title: 'Rate limits/HeaderPasteInput',
  component: HeaderPasteInput,
  parameters: componentDocs({
    purpose:
      'The paste area for response headers: a native, monospaced `<textarea>` without spell-checking, plus "Open file…". A paste of `largeFrom` characters or more, or an opened file, is held and summarised by size with a preview of its first lines; "Edit the whole text" opens it in the shared CodeEditor.',
    keyboard:
      'One Tab stop; **Tab** leaves it (no keyboard trap). The held text’s preview is a Tab stop for scrolling; its buttons are native.',
    accessibility:
      'Visibly labelled and described by its hint. Held, it is a `group` labelled by the field’s label and described by the size summary; the preview is a named `region`. A file that cannot be read is said in a `role="alert"` message. Native, not NInput, which forces `pre-wrap` and hides the horizontal scrollbar.',
  }),
  args: { modelValue: '', 'onUpdate:modelValue': fn() },
  decorators: [() => ({ template: '<div style="padding: 1rem"><story /></div>' })],
} satisfies Meta<typeof HeaderPasteInput>

export default meta
type Story = StoryObj<typeof meta>

/** Typing goes through the text area; a paste that makes the text large is emitted whole (`load`) instead. */
export const Empty: Story = {
  args: { largeFrom: 100, onLoad: fn() },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Response headers' })
    await expect(box).toHaveAccessibleDescription(/Nothing leaves your browser/)
    await userEvent.type(box, 'x')
    await expect(args['onUpdate:modelValue']).toHaveBeenCalledWith('x')
    const big = 'x-custom: 1\n'.repeat(10)
    const data = new DataTransfer()
    data.setData('text/plain', big)
    const taken = !box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    await expect(taken).toBe(true)
    await expect(args.onLoad).toHaveBeenCalledWith(`x${big}`)
    await expect(box).toHaveValue('x')
  },
}

/** A text too large for a text area is held and summarised, with a read-only preview of its first lines. */
export const LargeTextHeld: Story = {
  args: { modelValue: examples[0]?.text ?? '', largeFrom: 100 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const held = canvas.getByRole('group', { name: 'Response headers' })
    await expect(held).toHaveAccessibleDescription(/ of text, kept in memory but not shown here/)
    await expect(canvas.queryByRole('textbox')).toBeNull()
    await expect(canvas.getByRole('region', { name: /^Preview: the / })).toHaveTextContent(/^HTTP\/2 200/)
    await expect(canvas.getByRole('button', { name: 'Edit the whole text' })).toBeVisible()
  },
}

const manyLines = Array.from({ length: 400 }, (_, i) => `x-ratelimit-remaining-q${i}: ${i}`).join('\n')

/** A long held text previews its first 12 lines; "Edit the whole text" opens it in the code editor, which lays out only what is in view. */
export const LargeTextPreviewAndEdit: Story = {
  args: { modelValue: manyLines, largeFrom: 100 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const preview = canvas.getByRole('region', { name: 'Preview: the first 12 lines' })
    await expect(preview.textContent?.split('\n')).toHaveLength(12)
    await expect(preview).toHaveTextContent(/^x-ratelimit-remaining-q0: 0/)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit the whole text' }))
    const editor = await canvas.findByRole('textbox', { name: 'Response headers: the whole text' }, { timeout: 5000 })
    await expect(editor).toHaveAttribute('contenteditable', 'true')
    await expect(canvas.queryByRole('region', { name: /^Preview/ })).toBeNull()
  },
}

/** A file over the size limit is refused at the field, with its size and the limit. */
export const FileTooLarge: Story = {
  args: { maxFileBytes: 10 },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')
    const files = new DataTransfer()
    files.items.add(new File(['x-ratelimit-remaining: 1'], 'traffic.har', { type: 'application/json' }))
    if (input) input.files = files.files
    input?.dispatchEvent(new Event('change', { bubbles: true }))
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('traffic.har is 24 B: files up to 10 B can be opened here.')
  },
}

export const Filled: Story = { args: { modelValue: examples[0]?.text ?? '' } }

export const CustomLabel: Story = { args: { label: 'Headers of the 429 response', rows: 4 } }

/** Long unwrapped lines (a HAR or cookie dump): the area scrolls sideways instead of wrapping; Tab leaves it (no trap). */
export const LongLines: Story = {
  args: {
    modelValue: [
      'HTTP/2 429',
      `set-cookie: session=${'a1b2c3d4'.repeat(24)}; Path=/; Secure; HttpOnly; SameSite=Lax`,
      `x-request-id: ${'f'.repeat(120)}`,
      'retry-after: 30',
    ].join('\n'),
    rows: 5,
  },
  decorators: [() => ({ template: '<div><story /><button type="button" style="min-height: 2rem; margin-top: 0.5rem">After</button></div>' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole('textbox', { name: 'Response headers' })
    await expect(box).toHaveAttribute('wrap', 'off')
    await expect(box).toHaveAttribute('spellcheck', 'false')
    box.focus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'After' })).toHaveFocus()
  },
}
