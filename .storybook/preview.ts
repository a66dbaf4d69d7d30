import { computed, h } from 'vue'
import { setup, type Decorator, type Preview } from '@storybook/vue3-vite'
import { ThemedDocsContainer } from './docs-container'
import ThemeProviders from '../src/app/theme/ThemeProviders.vue'
import { AXE_TAGS } from './axe-tags'
import { WEB_FONTS_CLASS } from '../src/app/web-fonts/web-fonts'
import { installPageContext } from './page-context'

// Stories are set in the web fonts from the start; only the app holds them back until its first
// paint, unless its service worker serves the page (src/app/web-fonts/web-fonts.ts).
document.documentElement.classList.add(WEB_FONTS_CLASS)

/**
 * Wraps every story in the app's own provider stack, with the toolbar's theme. The theme is read
 * from the reactive story context inside a computed, so switching the toolbar re-renders the story.
 */
const withTheme: Decorator = (story, context) => ({
  setup() {
    const theme = computed(() => (context.globals.theme === 'dark' ? 'dark' : 'light'))
    const Story = story()
    return () => h(ThemeProviders, { theme: theme.value }, { default: () => h('div', { class: 'story-frame' }, [h(Story)]) })
  },
})

// Page stories (`parameters.route`) get a fresh Pinia and a router, as the app gives its pages.
setup((app, context) => installPageContext(app, context?.parameters.route))

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    // Storybook opens on the first entry: the introduction, then the foundations, then the parts.
    options: { storySort: { order: ['Introduction', 'Foundations', 'Patterns', 'Primitives', 'Shared', 'GraphQL', 'Webhooks', 'Rate limits', 'Shell', 'Pages'] } },
    controls: { expanded: true },
    // Docs pages in the toolbar's theme and the app's bundled faces (docs-container.ts).
    docs: { container: ThemedDocsContainer },
    a11y: {
      // Violations fail the story's test (Vitest) instead of being only reported in the panel.
      test: 'error',
      options: { runOnly: { type: 'tag', values: [...AXE_TAGS] } },
    },
  },
  tags: ['autodocs'],
  // Every story starts from empty storage at the top of the page, also when stories are switched
  // inside one page (the visual tests and the Vitest story runner both do), so no story sees
  // what another left behind.
  beforeEach: () => {
    localStorage.clear()
    sessionStorage.clear()
    window.scrollTo(0, 0)
  },
}

export default preview
