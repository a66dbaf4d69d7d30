import { describe, expect, it } from 'vitest'
import { completionKeymap, startCompletion } from '@codemirror/autocomplete'
import { nextRegion, readWorkspaceLayout, sidePanelShortcut, WORKSPACE_LAYOUT_DEFAULTS, workspaceShortcuts } from './workspace'

describe('readWorkspaceLayout', () => {
  it('gives the defaults for nothing saved, damaged JSON or a non-object', () => {
    expect(readWorkspaceLayout(null)).toEqual(WORKSPACE_LAYOUT_DEFAULTS)
    expect(readWorkspaceLayout('{oops')).toEqual(WORKSPACE_LAYOUT_DEFAULTS)
    expect(readWorkspaceLayout('[1,2]')).toEqual(WORKSPACE_LAYOUT_DEFAULTS)
  })

  it('keeps each valid field and replaces each bad one on its own', () => {
    const layout = readWorkspaceLayout(
      JSON.stringify({ requestSize: 40, editorSize: 'big', sideSize: 140, requestCollapsed: true, sidePanel: 'history', narrowPane: 'response' }),
    )
    expect(layout).toEqual({ ...WORKSPACE_LAYOUT_DEFAULTS, requestSize: 40, requestCollapsed: true, sidePanel: 'history', narrowPane: 'response' })
    expect(readWorkspaceLayout(JSON.stringify({ sidePanel: 'evil', narrowPane: 'x', editorCollapsed: 'yes' }))).toEqual(WORKSPACE_LAYOUT_DEFAULTS)
  })
})

describe('sidePanelShortcut', () => {
  const key = (code: string, mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
    code,
    altKey: true,
    shiftKey: true,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  })
  it('maps Alt+Shift+D/H/C/S/E by physical key, and nothing else', () => {
    expect(sidePanelShortcut(key('KeyD'))).toBe('docs')
    expect(sidePanelShortcut(key('KeyH'))).toBe('history')
    expect(sidePanelShortcut(key('KeyC'))).toBe('collections')
    expect(sidePanelShortcut(key('KeyS'))).toBe('schema')
    expect(sidePanelShortcut(key('KeyE'))).toBe('environments')
    expect(sidePanelShortcut(key('KeyX'))).toBeUndefined()
    expect(sidePanelShortcut(key('KeyD', { shiftKey: false }))).toBeUndefined()
    expect(sidePanelShortcut(key('KeyD', { ctrlKey: true }))).toBeUndefined()
  })
})

describe('nextRegion', () => {
  it('cycles forwards and backwards, wrapping, from nowhere to the first or last', () => {
    expect(nextRegion(0, 4, false)).toBe(1)
    expect(nextRegion(3, 4, false)).toBe(0)
    expect(nextRegion(0, 4, true)).toBe(3)
    expect(nextRegion(-1, 4, false)).toBe(0)
    expect(nextRegion(-1, 4, true)).toBe(3)
    expect(nextRegion(0, 0, false)).toBe(-1)
  })
})

describe('workspaceShortcuts', () => {
  it('lists Send with the platform modifier and every side panel shortcut', () => {
    const mac = workspaceShortcuts(true).flatMap((g) => g.shortcuts)
    const pc = workspaceShortcuts(false).flatMap((g) => g.shortcuts)
    expect(mac.find((s) => s.action === 'Send the request')?.keys).toEqual(['⌘', 'Enter'])
    expect(pc.find((s) => s.action === 'Send the request')?.keys).toEqual(['Ctrl', 'Enter'])
    expect(pc.filter((s) => s.keys[0] === 'Alt').map((s) => s.keys[2])).toEqual(['D', 'H', 'C', 'S', 'E'])
  })

  // The editors' hints are one short line; the list says the rest, so its keys must be the editor's.
  it("lists CodeMirror's own completion keys: Ctrl+Space everywhere, and ⌥+I on a Mac", () => {
    const starts = completionKeymap.filter((binding) => binding.run === startCompletion)
    const editorKeys = (isMac: boolean) =>
      workspaceShortcuts(isMac)
        .find((g) => g.group === 'In a code editor')
        ?.shortcuts.filter((s) => s.action.startsWith('Suggest'))
        .map((s) => s.keys.join('-').replace('⌥', 'Alt').replace(/-I$/, '-i'))
    expect(starts.filter((b) => b.key).map((b) => b.key)).toEqual(['Ctrl-Space'])
    expect(editorKeys(false)).toEqual(['Ctrl-Space'])
    expect(editorKeys(true)).toEqual(['Ctrl-Space', ...starts.filter((b) => b.mac === 'Alt-i').map((b) => b.mac)])
  })
})
