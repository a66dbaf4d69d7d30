import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { provide, ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import DocsList from './DocsList.vue'
import { largeIndex, smallIndex } from './docs-fixtures'
import { DOCS_SCROLLER, allTypeNames, enumValueRow, fieldRow, typeRow } from './docs-rows'
import type { DocsIndex } from '../../core/schema'
import { componentDocs } from '@/shared/storybook/component-docs'

const typeOf = (index: DocsIndex, name: string) => {
  const type = index.types.get(name)
  if (!type) throw new Error(`No type ${name} in the fixture`)
  return type
}
const user = typeOf(smallIndex(), 'User')
const userFields = user.fields.map((f) => fieldRow(user, f, true))
const focused = () => document.activeElement as HTMLElement

// A docs list on its own: a listbox with one Tab stop, arrows/Home/End/Page keys and type-ahead;
// Enter opens, Shift+Enter inserts. The wrapper is the scroller the explorer provides (long lists
// render only the rows in view inside it).
const meta = {
  title: 'GraphQL/DocsList',
  component: DocsList,
  parameters: componentDocs({
    purpose:
      'A list in the docs explorer (types, fields, arguments, enum values, search hits); long lists, such as all types of a GitHub-sized schema, render only the rows in view.',
    keyboard:
      'APG listbox, one Tab stop (roving tabindex): **↑/↓**, **Home/End**, **Page Up/Down** and type-ahead move; **Enter** or a click opens a row, **Shift+Enter** or Shift+click inserts it.',
    accessibility:
      '`role="listbox"` named by `label` and described by `describedby`; each `option` has its own `aria-label`, `aria-posinset` and `aria-setsize`, so a screen reader hears "12 of 1,505" although most rows are not rendered.',
  }),
  args: { items: userFields, label: 'Fields of User', describedby: 'docs-list-hint', onOpen: fn(), onInsert: fn() },
  argTypes: { items: { control: false } },
  render: (args) => ({
    components: { DocsList },
    setup() {
      const scroller = ref<HTMLElement>()
      provide(DOCS_SCROLLER, scroller)
      return { args, scroller }
    },
    template: `<div style="padding: 1rem; max-width: 36rem">
      <p id="docs-list-hint" style="margin: 0 0 0.5rem">Arrow keys, Home/End or typing a name move; Enter opens; Shift+Enter inserts.</p>
      <div ref="scroller" data-testid="scroller" style="max-height: 24rem; overflow: auto; padding: 4px">
        <DocsList :items="args.items" :label="args.label" :describedby="args.describedby" @open="args.onOpen" @insert="args.onInsert" />
      </div>
    </div>`,
  }),
} satisfies Meta<typeof DocsList>

export default meta
type Story = StoryObj<typeof meta>

/** Fields of a type, one deprecated. One Tab stop; arrows, Home/End; Enter opens, Shift+Enter inserts. */
export const Fields: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const list = canvas.getByRole('listbox', { name: 'Fields of User' })
    await expect(list).toHaveAccessibleDescription(/Arrow keys/)
    const options = within(list).getAllByRole('option')
    await expect(options.filter((o) => o.tabIndex === 0)).toHaveLength(1)
    await userEvent.tab()
    await expect(options[0]).toHaveFocus()
    await expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(focused()).toHaveAccessibleName(/^name: String!/)
    await expect(options[0]).not.toHaveAttribute('aria-selected')
    await userEvent.keyboard('{End}')
    await expect(focused()).toHaveAccessibleName('createdAt: DateTime!')
    await userEvent.keyboard('{Home}')
    await expect(focused()).toBe(options[0])
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'id' }))
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await expect(args.onInsert).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'id' }))
    // Leaving and coming back lands on the row last used.
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.tab({ shift: true })
    await userEvent.tab()
    await expect(focused()).toHaveAccessibleName(/^name: String!/)
  },
}

/** Deprecated enum values: the "Deprecated" tag and the reason are text in the row and in its name. */
export const Deprecated: Story = {
  args: {
    items: typeOf(smallIndex(), 'PostStatus').enumValues.map(enumValueRow),
    label: 'Values of PostStatus',
  },
  play: async ({ canvasElement }) => {
    const options = within(canvasElement).getAllByRole('option')
    await expect(options[2]).toHaveAccessibleName('ARCHIVED Deprecated Archived posts are deleted after 30 days; use DELETED.')
    await expect(options[2]).toHaveTextContent('Deprecated')
  },
}

/** The row the keyboard is on is the selected one (aria-selected) and the Tab stop; type-ahead finds rows by name. */
export const Selected: Story = {
  args: {
    items: allTypeNames(smallIndex()).map((name) => typeRow(smallIndex(), name)),
    label: 'All types, A to Z',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await userEvent.keyboard('role')
    await expect(focused()).toHaveAccessibleName('Role enum')
    await expect(focused()).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1)
    // The list scrolls the selected row wholly into view, a frame or two later: the story ends once it
    // has (under load the screenshot once caught the row half hidden).
    const scroller = canvas.getByTestId('scroller')
    await waitFor(() => expect(focused().getBoundingClientRect().bottom).toBeLessThanOrEqual(scroller.getBoundingClientRect().bottom))
    await scrollSettled(scroller)
    // Still in view once settled. A CI run once caught this row half hidden at scroll 0 after the wait above;
    // one suspect, a frame the list asks for as it attaches, no longer undoes a scroll (virtual-list-scroll.ts).
    await expect(focused().getBoundingClientRect().bottom).toBeLessThanOrEqual(scroller.getBoundingClientRect().bottom)
  },
}

/** Resolves once `el` has kept the same scroll position for three frames (at most two seconds). */
async function scrollSettled(el: HTMLElement): Promise<void> {
  let last = Number.NaN
  for (let frame = 0, same = 0; same < 3 && frame < 120; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve))
    same = el.scrollTop === last ? same + 1 : 0
    last = el.scrollTop
  }
}

/** Descriptions long enough to wrap (clamped in the row). */
export const LongContent: Story = {
  args: {
    items: typeOf(smallIndex(), 'AuditEntry').fields.map((f) => fieldRow(typeOf(smallIndex(), 'AuditEntry'), f, true)),
    label: 'Fields of AuditEntry',
  },
}

/** No rows: the list renders nothing (the parent says why). */
export const Empty: Story = {
  args: { items: [], label: 'Arguments of id' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull()
  },
}

/**
 * 1,500+ types: only the rows in view are rendered, but each says where it is ("12 of 1,505"),
 * and End / Home / PageDown move through the whole list with focus kept in view.
 */
export const Long: Story = {
  args: { items: [], label: 'All types, A to Z' },
  loaders: [() => ({ rows: allTypeNames(largeIndex()).map((name) => typeRow(largeIndex(), name)) })],
  render: (args, { loaded }) => ({
    components: { DocsList },
    setup() {
      const scroller = ref<HTMLElement>()
      provide(DOCS_SCROLLER, scroller)
      return { args, scroller, rows: (loaded as { rows: typeof userFields }).rows }
    },
    template: `<div style="padding: 1rem; max-width: 36rem">
      <div ref="scroller" data-testid="scroller" style="height: 24rem; overflow: auto; padding: 4px">
        <DocsList :items="rows" :label="args.label" @open="args.onOpen" />
      </div>
    </div>`,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const options = within(canvas.getByRole('listbox')).getAllByRole('option')
    const total = options[0]?.getAttribute('aria-setsize')
    await expect(Number(total)).toBeGreaterThan(1500)
    await expect(options.length).toBeLessThan(200)
    options[0]?.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', total))
    // Each key waits until the list has scrolled where that key puts it: the virtualizer settles a
    // far jump over several frames, and a PageDown pressed before Home's scroll finished would
    // align the row differently (one end state, so the screenshot is always the same).
    const scroller = canvas.getByTestId('scroller')
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', '1'))
    await scrollSettled(scroller)
    await expect(focused().getBoundingClientRect().top).toBeGreaterThanOrEqual(scroller.getBoundingClientRect().top)
    await userEvent.keyboard('{PageDown}')
    await waitFor(() => expect(focused()).toHaveAttribute('aria-posinset', '11'))
    await waitFor(() => {
      const row = focused().getBoundingClientRect()
      const view = scroller.getBoundingClientRect()
      // Scrolled down just far enough: the row is the last one in view.
      expect(scroller.scrollTop).toBeGreaterThan(0)
      expect(row.bottom).toBeLessThanOrEqual(view.bottom)
      expect(view.bottom - row.bottom).toBeLessThan(row.height)
    })
    await scrollSettled(scroller)
  },
}
