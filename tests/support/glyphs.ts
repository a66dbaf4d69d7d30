import type { CDPSession, Page } from '@playwright/test'

interface DomNode {
  nodeId: number
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

/**
 * Every text on the page that Chromium drew, at least in part, with a system font (`isCustomFont: false` in CDP's
 * `CSS.getPlatformFontsForNode`), rather than with an `@font-face` the app or Storybook declares.
 * Walks the whole DOM, shadow roots (also the browser's own, as in `<input>` and `<select>`) and
 * the `::before`/`::after`/`::marker` pseudo-elements; hidden text has no layout and no fonts.
 * Call it after `settleFonts`: before the web fonts are in, the text is set in the local fallback faces.
 * @returns one line per such text: where (the parent element, or the pseudo-element), the text
 * (shortened) with its characters outside printable ASCII as code points, and the system fonts
 * with how many glyphs each drew, e.g. `span.twisty: "▸" [U+25B8 ▸] in DejaVu Sans Mono (1)`.
 */
export async function textInSystemFonts(page: Page): Promise<string[]> {
  const cdp = await sessionFor(page)
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }
  const targets: { node: DomNode; parent: DomNode | undefined; text: string }[] = []
  const walk = (node: DomNode, parent: DomNode | undefined) => {
    if (node.nodeType === 3) {
      if (node.nodeValue?.trim()) targets.push({ node, parent, text: node.nodeValue })
      return
    }
    if (node.localName === 'script' || node.localName === 'style') return
    for (const pseudo of node.pseudoElements ?? []) targets.push({ node: pseudo, parent: node, text: `::${pseudo.pseudoType}` })
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child, node.nodeType === 1 ? node : parent)
    if (node.contentDocument) walk(node.contentDocument, undefined)
  }
  walk(root, undefined)
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
