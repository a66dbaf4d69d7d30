import type { DocsTypes } from '@storybook/addon-docs'

/** What a component's Docs page says above its stories and props table, each part in two or three plain lines. */
export interface ComponentDocs {
  /** What the component is for and where the app uses it. */
  purpose: string
  /** The keys it handles itself, or that it has none of its own (native controls, Tab order). */
  keyboard: string
  /** Its role, name and description, what it announces, and its known limitations. */
  accessibility: string
}

/**
 * The `parameters` fragment of a component's stories meta that gives its Docs page (autodocs) a
 * description in three labelled paragraphs: what it is for, its keyboard behaviour and its
 * accessibility notes. The props table comes from the component's own TSDoc (vue-component-meta).
 * A meta with other parameters spreads both: `parameters: { layout: 'padded', ...componentDocs({…}) }`.
 * The meta itself carries no doc comment of its own: Storybook's CSF indexer writes such a comment into
 * `parameters.docs.description.component` after these, replacing them (use `//` comments there).
 * `src/app/story-coverage.test.ts` checks that every presentational component's stories call it.
 */
export function componentDocs({ purpose, keyboard, accessibility }: ComponentDocs): { docs: NonNullable<DocsTypes['parameters']['docs']> } {
  const paragraphs = [`**What it is for** ${purpose}`, `**Keyboard** ${keyboard}`, `**Accessibility** ${accessibility}`]
  return { docs: { description: { component: paragraphs.map((text) => text.trim()).join('\n\n') } } }
}
