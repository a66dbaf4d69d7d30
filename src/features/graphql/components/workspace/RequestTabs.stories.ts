import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { ref } from 'vue'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { closeTab, insertTab, moveTab, nextTabId, renameTab, tabTitle, type TabRequest, type TabsState } from '@/features/graphql/core/request-tabs'
import { tabClosed, tabOpened } from '@/features/graphql/core/announcements'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import LiveAnnouncer from '@/shared/ui/LiveAnnouncer.vue'
import { announced, spokenAtFocus, virtual } from '@/shared/testing/virtual-screen-reader'
import RequestTabs from './RequestTabs.vue'
import { componentDocs } from '@/shared/storybook/component-docs'

const request: TabRequest = { endpoint: '', query: '', variables: '', headers: [], timeout: '', operationName: '' }

const meta = {
  title: 'GraphQL/RequestTabs',
  component: RequestTabs,
  parameters: componentDocs({
    purpose:
      'The request tabs’ strip: one tab per open request, each with a close button for pointers, then New, Duplicate and Rename buttons. Presentational: events out.',
    keyboard:
      'APG tabs with automatic activation, one Tab stop on the shown tab: **←/→**, **Home/End** move and show; **Delete** closes, **F2** renames (**Enter** keeps, **Escape** cancels), **Shift+←/→** reorders.',
    accessibility:
      'A `tablist` named "Requests"; tabs have `aria-selected`, `aria-controls`, `aria-posinset`/`aria-setsize` and `aria-keyshortcuts`. The pointer close button is `aria-hidden` and out of the Tab order (a tablist may own only tabs); Delete does it by keyboard.',
  }),
  args: {
    tabs: [
      { id: 't1', title: 'UserById' },
      { id: 't2', title: 'AddUser' },
      { id: 't3', title: 'Untitled request' },
    ],
    activeId: 't1',
    panelId: 'story-panel',
    onSelect: fn(),
    onNew: fn(),
    onDuplicate: fn(),
  },
  // The tabs live in the story (through the real tab model), so keys show their effect; opening and
  // closing speak the tabs store's sentences through the app's announcer, as in the app.
  render: (args) => ({
    components: { RequestTabs, LiveAnnouncer },
    setup() {
      const state = ref<TabsState>({ tabs: args.tabs.map((t) => ({ id: t.id, name: t.title, request })), activeId: args.activeId })
      const { announce, message } = useAnnouncer()
      const select = (id: string) => {
        args.onSelect?.(id)
        state.value = { ...state.value, activeId: id }
      }
      const close = (id: string) => {
        const closed = state.value.tabs.find((t) => t.id === id)
        state.value = closeTab(state.value, id)
        const shown = state.value.tabs.find((t) => t.id === state.value.activeId)
        if (closed && shown) void announce(tabClosed(tabTitle(closed), tabTitle(shown)))
      }
      const open = () => {
        args.onNew?.()
        state.value = insertTab(state.value, { id: nextTabId(state.value.tabs), name: '', request })
        void announce(tabOpened('Untitled request'))
      }
      const rename = (id: string, name: string) => (state.value = renameTab(state.value, id, name))
      const move = (id: string, delta: number) => (state.value = moveTab(state.value, id, delta))
      return { args, state, select, close, rename, move, open, message }
    },
    template: `<div style="max-width:48rem">
      <RequestTabs :tabs="state.tabs.map((t) => ({ id: t.id, title: t.name || 'Untitled request' }))" :active-id="state.activeId"
        :panel-id="args.panelId" @select="select" @close="close" @rename="rename" @move="move"
        @new="open" @duplicate="args.onDuplicate" />
      <LiveAnnouncer :message="message" />
      <div id="story-panel" role="tabpanel" :aria-labelledby="'story-panel-tab-' + state.activeId" style="padding:0.5rem">Request of {{ state.activeId }}</div>
    </div>`,
  }),
} satisfies Meta<typeof RequestTabs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Keyboard model: one Tab stop; arrows show the next tab, Shift+Right moves it, F2 renames (Enter
 * saves), Delete closes and focus goes to the tab shown next. Ends with two tabs, the first shown.
 */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const list = canvas.getByRole('tablist', { name: 'Requests' })
    const tab = (name: string) => within(list).getAllByRole('tab', { name })[0]!
    await userEvent.tab()
    await expect(tab('UserById')).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(tab('AddUser')).toHaveFocus()
    await expect(tab('AddUser')).toHaveAttribute('aria-selected', 'true')
    await expect(args.onSelect).toHaveBeenLastCalledWith('t2')
    await expect(canvas.getByRole('tabpanel', { name: 'AddUser' })).toBeVisible()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    await expect(within(list).getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['UserById', 'Untitled request', 'AddUser'])
    await expect(tab('AddUser')).toHaveFocus()
    await userEvent.keyboard('{F2}')
    const name = canvas.getByRole('textbox', { name: 'Tab name' })
    await expect(name).toHaveFocus()
    await userEvent.clear(name)
    await userEvent.type(name, 'Create user{Enter}')
    await expect(tab('Create user')).toHaveFocus()
    // From here a virtual screen reader listens: what closing and opening a tab says.
    await virtual.start({ container: canvasElement })
    try {
      await virtual.clearSpokenPhraseLog()
      await userEvent.keyboard('{Delete}')
      await expect(within(list).getAllByRole('tab')).toHaveLength(2)
      await expect(tab('Untitled request')).toHaveFocus()
      await userEvent.keyboard('{Home}')
      await expect(tab('UserById')).toHaveAttribute('aria-selected', 'true')
      // New tab (keyboard: Tab to the button, Enter): focus goes to the tab it opened. Closing it
      // again, the story ends as it was.
      await userEvent.tab()
      await expect(canvas.getByRole('button', { name: 'New tab' })).toHaveFocus()
      await userEvent.keyboard('{Enter}')
      await expect(within(list).getAllByRole('tab')).toHaveLength(3)
      await waitFor(() => expect(within(list).getAllByRole('tab')[1]).toHaveFocus())
      await userEvent.keyboard('{Delete}')
      await expect(within(list).getAllByRole('tab')).toHaveLength(2)
      await userEvent.keyboard('{Home}')
      const says = (name: string, position: number) =>
        `tab, ${name}, selected, 1 control, key shortcuts Delete F2 Shift+ArrowLeft Shift+ArrowRight, position ${position}, set size 2`
      // Where focus goes, as read: the tab shown after a close, the button, the new tab.
      await expect(await spokenAtFocus()).toEqual([
        says('Untitled request', 2),
        says('UserById', 1),
        'button, New tab',
        `tab, Untitled request, selected, 1 control, key shortcuts Delete F2 Shift+ArrowLeft Shift+ArrowRight, position 2, set size 3`,
        says('Untitled request', 2),
        says('UserById', 1),
      ])
      // And what the app's announcer said.
      await waitFor(async () =>
        expect(await announced()).toEqual([
          'Closed tab Create user; showing Untitled request',
          'Opened tab Untitled request',
          'Closed tab Untitled request; showing Untitled request',
        ]),
      )
    } finally {
      await virtual.stop()
    }
    tab('UserById').blur()
  },
}

/** Many tabs with long names wrap onto more rows (each title is cut with an ellipsis), one tab alone has no close button. */
export const ManyLongTitles: Story = {
  args: {
    tabs: Array.from({ length: 8 }, (_, i) => ({ id: `t${i + 1}`, title: `ProductsWithReviewsAndInventoryCounts${i + 1}` })),
    activeId: 't3',
  },
}
