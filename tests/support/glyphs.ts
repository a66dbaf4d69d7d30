import type { CDPSession, Page } from '@playwright/test'

interface DomNode {
  nodeId: number
  backendNodeId: number
  nodeType: number
  nodeName: string
  localName?: string
  nodeValue?: string
  attributes?: string[]
  pseudoType?: string
  children?: DomNode[]
  shadowRoots?: DomNode[]
  contentDocument?: DomNode
  pseudoElements?: DomNode[]
}

interface PlatformFont {
  familyName: string
  postScriptName?: string
  isCustomFont: boolean
  glyphCount: number
}

const sessions = new WeakMap<Page, Promise<CDPSession>>()

/** One DevTools session per page, with the DOM and CSS domains on (CSS.enable is the slow part). */
function sessionFor(page: Page): Promise<CDPSession> {
  let session = sessions.get(page)
  if (!session) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('DOM.enable')
      await cdp.send('CSS.enable')
      return cdp
    })()
    sessions.set(page, session)
  }
  return session
}

function describe(element: DomNode | undefined): string {
  if (!element) return '?'
  const attributes = new Map<string, string>()
  for (let i = 0; i + 1 < (element.attributes?.length ?? 0); i += 2) attributes.set(element.attributes![i]!, element.attributes![i + 1]!)
  const id = attributes.get('id') ? `#${attributes.get('id')}` : ''
  const classes = (attributes.get('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 3).map((name) => `.${name}`).join('')
  return `${element.localName ?? element.nodeName.toLowerCase()}${id}${classes}`
}

/** The computed properties that decide which font draws a character: the same values and character, the same font. */
const FONT_CHOICE = ['font-family', 'font-weight', 'font-style', 'font-stretch', 'text-transform'] as const

interface LayoutSnapshot {
  documents: { nodes: { backendNodeId: number[] }; layout: { nodeIndex: number[]; styles: number[][] } }[]
  strings: string[]
}

/**
 * Per laid-out node (by backend node id), what decides its font choice: {@link FONT_CHOICE} joined. From one
 * `DOMSnapshot.captureSnapshot`, which lists every layout object of the page and its frames with those computed
 * values (the browser's own shadow trees, e.g. an `<input>`'s value, are not in it).
 */
async function fontChoices(cdp: CDPSession): Promise<Map<number, string>> {
  const snapshot = (await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [...FONT_CHOICE] })) as LayoutSnapshot
  const choices = new Map<number, string>()
  for (const { nodes, layout } of snapshot.documents) {
    layout.nodeIndex.forEach((node, i) => {
      choices.set(nodes.backendNodeId[node]!, (layout.styles[i] ?? []).map((string) => snapshot.strings[string]).join('|'))
    })
  }
  return choices
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * Every text on the page that Chromium drew, at least in part, with a system font (`isCustomFont: false` in CDP's
 * `CSS.getPlatformFontsForNode`), rather than with an `@font-face` the app or Storybook declares.
 * Walks the whole DOM, shadow roots (also the browser's own, as in `<input>` and `<select>`) and
 * the `::before`/`::after`/`::marker` pseudo-elements; hidden text has no layout and no fonts.
 * Call it after `settleFonts`: before the web fonts are in, the text is set in the local fallback faces.
 *
 * Speed: asking for each text's fonts is one DevTools round trip (a story has ~100 texts: 270 ms of each story's
 * check). A font is chosen per character (grapheme) from the computed font properties, so a text is asked about
 * only when it has a grapheme not yet seen with the same properties ({@link FONT_CHOICE}); a text without layout
 * is skipped (no glyphs). Texts in shadow trees the layout snapshot does not list, and pseudo-elements, are each
 * asked as before. About one text in ten is asked.
 * @returns one line per such text: where (the parent element, or the pseudo-element), the text
 * (shortened) with its characters outside printable ASCII as code points, and the system fonts
 * with how many glyphs each drew, e.g. `span.twisty: "▸" [U+25B8 ▸] in DejaVu Sans Mono (1)`. A text whose
 * graphemes were all seen before with the same properties is not listed again.
 */
export async function textInSystemFonts(page: Page): Promise<string[]> {
  const cdp = await sessionFor(page)
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }
  const choices = await fontChoices(cdp)
  const seen = new Set<string>()
  /** Whether the text has a grapheme not yet seen with `choice`; records them. */
  const bringsNew = (choice: string, text: string) => {
    let fresh = false
    for (const { segment } of graphemes.segment(text)) {
      const key = `${choice}\u0000${segment}`
      if (!seen.has(key)) {
        seen.add(key)
        fresh = true
      }
    }
    return fresh
  }
  const targets: { node: DomNode; parent: DomNode | undefined; text: string }[] = []
  const walk = (node: DomNode, parent: DomNode | undefined, inShadowTree: boolean) => {
    if (node.nodeType === 3) {
      if (!node.nodeValue?.trim()) return
      const choice = choices.get(node.backendNodeId)
      if (choice === undefined ? inShadowTree : bringsNew(choice, node.nodeValue)) targets.push({ node, parent, text: node.nodeValue })
      return
    }
    if (node.localName === 'script' || node.localName === 'style') return
    for (const pseudo of node.pseudoElements ?? []) targets.push({ node: pseudo, parent: node, text: `::${pseudo.pseudoType}` })
    for (const shadowRoot of node.shadowRoots ?? []) walk(shadowRoot, node.nodeType === 1 ? node : parent, true)
    for (const child of node.children ?? []) walk(child, node.nodeType === 1 ? node : parent, inShadowTree)
    if (node.contentDocument) walk(node.contentDocument, undefined, false)
  }
  walk(root, undefined, false)
  const answers = await Promise.all(
    targets.map(({ node }) =>
      cdp
        .send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId })
        .then((answer) => (answer as { fonts: PlatformFont[] }).fonts)
        // A node that went away since the walk (a blinking caret, a story's timer) has no fonts.
        .catch(() => [] as PlatformFont[]),
    ),
  )
  const found: string[] = []
  answers.forEach((fonts, i) => {
    const system = fonts.filter((font) => !font.isCustomFont && font.glyphCount > 0)
    if (!system.length) return
    const { text, parent, node } = targets[i]!
    const unusual = [...new Set(text.replace(/[\x21-\x7e\s]/g, ''))]
    const shown = text.trim().length > 40 ? `${text.trim().slice(0, 40)}…` : text.trim()
    const where = node.pseudoType ? `${describe(parent)}::${node.pseudoType}` : describe(parent)
    const codePoints = unusual.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ${c}`).join(', ')
    const fontList = system.map((font) => `${font.familyName} (${font.glyphCount})`).join(', ')
    found.push(`${where}: ${JSON.stringify(shown)}${codePoints ? ` [${codePoints}]` : ''} in ${fontList}`)
  })
  return found
}
