import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { NButton, NCheckbox, NInput, NRadio, NRadioGroup, NSwitch, NTag } from 'naive-ui'
import { expect, userEvent, within } from 'storybook/test'
import { ref } from 'vue'

/**
 * The primitive layer: Naive UI components as the app uses them, themed from the palette
 * (`naiveOverrides` in src/app/theme/palette.ts) with the app's focus ring (global.css). Every
 * tool builds on these; docs/design-system.md's table says which primitive is Naive's and
 * which is our own, and why.
 */
const meta: Meta = {
  title: 'Primitives/Naive UI',
  parameters: { layout: 'padded' },
}
export default meta
type Story = StoryObj

/** Buttons: secondary (default), primary (the one main action of a region), small (in-row actions), disabled. */
export const Buttons: Story = {
  render: () => ({
    components: { NButton },
    template: `
      <div style="display:flex;gap:12px;flex-wrap:wrap;align-items:center">
        <NButton type="primary">Send request</NButton>
        <NButton>Prettify</NButton>
        <NButton size="small">Copy</NButton>
        <NButton disabled>Cancel</NButton>
        <NButton type="primary" disabled>Sign</NButton>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Send request' })).toHaveFocus()
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled()
  },
}

/** Text fields: a `<label for>` names NInput's inner element through `input-props`; errors set `status` and `aria-invalid`. */
export const Fields: Story = {
  render: () => ({
    components: { NInput },
    setup: () => ({ endpoint: ref('https://api.example.com/graphql'), timeout: ref('abc'), notes: ref(''), empty: ref('') }),
    template: `
      <div style="display:grid;gap:12px;max-width:28rem">
        <div><label for="p-endpoint">Endpoint</label>
          <NInput v-model:value="endpoint" :input-props="{ id: 'p-endpoint' }" /></div>
        <div><label for="p-empty">Operation name</label>
          <NInput v-model:value="empty" placeholder="Optional" :input-props="{ id: 'p-empty' }" /></div>
        <div><label for="p-timeout">Timeout (ms)</label>
          <NInput v-model:value="timeout" status="error" :input-props="{ id: 'p-timeout', 'aria-invalid': 'true', 'aria-describedby': 'p-timeout-error' }" />
          <p id="p-timeout-error" style="margin:4px 0 0;color:var(--awb-error)">Enter a whole number of milliseconds.</p></div>
        <div><label for="p-notes">Notes</label>
          <NInput v-model:value="notes" type="textarea" :rows="3" placeholder="Anything" :input-props="{ id: 'p-notes' }" /></div>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const endpoint = canvas.getByRole('textbox', { name: 'Endpoint' })
    await userEvent.click(endpoint)
    await expect(endpoint).toHaveFocus()
    await expect(canvas.getByRole('textbox', { name: 'Timeout (ms)' })).toHaveAccessibleDescription('Enter a whole number of milliseconds.')
  },
}

/**
 * Choices: NCheckbox (role=checkbox), NRadioGroup (native radios; Naive gives the group no role, so pass
 * `role="radiogroup"` with its name), NSwitch (role=switch, named by aria-label).
 */
export const Choices: Story = {
  render: () => ({
    components: { NCheckbox, NRadio, NRadioGroup, NSwitch },
    setup: () => ({ secret: ref(true), mode: ref('sdl'), live: ref(false) }),
    template: `
      <div style="display:grid;gap:16px">
        <NCheckbox v-model:checked="secret">Secret</NCheckbox>
        <div>
          <p id="p-mode" style="margin:0 0 4px">Schema source</p>
          <NRadioGroup v-model:value="mode" name="p-mode" role="radiogroup" aria-labelledby="p-mode">
            <NRadio value="introspection">Introspection</NRadio>
            <NRadio value="sdl">SDL</NRadio>
          </NRadioGroup>
        </div>
        <div style="display:flex;gap:8px;align-items:center">
          <NSwitch v-model:value="live" aria-label="Live countdowns" /><span aria-hidden="true">Live countdowns</span>
        </div>
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const secret = canvas.getByRole('checkbox', { name: 'Secret' })
    await expect(secret).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(secret)
    await expect(secret).toHaveAttribute('aria-checked', 'false')
    await expect(canvas.getByRole('radiogroup', { name: 'Schema source' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('radio', { name: 'Introspection' }))
    await expect(canvas.getByRole('radio', { name: 'Introspection' })).toBeChecked()
    const live = canvas.getByRole('switch', { name: 'Live countdowns' })
    live.focus()
    await userEvent.keyboard(' ')
    await expect(live).toHaveAttribute('aria-checked', 'true')
  },
}

/** Tags: short labels (family, method, state) that are text, never colour alone. */
export const Tags: Story = {
  render: () => ({
    components: { NTag },
    template: `
      <div style="display:flex;gap:8px;flex-wrap:wrap">
        <NTag>GitHub</NTag><NTag type="success">Valid</NTag><NTag type="warning">Near limit</NTag><NTag type="error">Exhausted</NTag>
      </div>`,
  }),
}

/** Keyboard focus: the ring on each primitive, as a keyboard user sees it. */
export const FocusRings: Story = {
  render: () => ({
    components: { NButton, NInput, NCheckbox, NRadio, NRadioGroup, NSwitch },
    setup: () => ({ text: ref('focused'), mode: ref('a'), on: ref(true), checked: ref(false) }),
    template: `
      <div style="display:grid;gap:16px;max-width:24rem;justify-items:start">
        <NButton data-testid="focus-button">Button</NButton>
        <div><label for="p-focus-input">Input</label><NInput v-model:value="text" :input-props="{ id: 'p-focus-input' }" /></div>
        <NCheckbox v-model:checked="checked">Checkbox</NCheckbox>
        <NRadioGroup v-model:value="mode" name="p-focus" role="radiogroup" aria-label="Radio"><NRadio value="a">Radio A</NRadio><NRadio value="b">Radio B</NRadio></NRadioGroup>
        <NSwitch v-model:value="on" aria-label="Switch" />
      </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Input' })).toHaveFocus()
    const frame = canvasElement.querySelector('.n-input') as HTMLElement
    await expect(getComputedStyle(frame).outlineStyle).toBe('solid')
    await expect(getComputedStyle(frame).outlineWidth).toBe('2px')
  },
}
