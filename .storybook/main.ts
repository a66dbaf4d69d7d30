import type { StorybookConfig } from '@storybook/vue3-vite'

const appOnlyPlugins = ['awb-csp-meta', 'awb-404-fallback']

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/vue3-vite',
    // vue-component-meta reads the TSDoc of props, emits and slots into the autodocs tables.
    options: { docgen: 'vue-component-meta' },
  },
  core: { disableTelemetry: true },
  // Published under /storybook/ beside the app; relative asset URLs keep it working there.
  // The app's CSP and 404 plugins are for the app build only: Storybook's own pages use inline
  // scripts. Storybook merges vite.config.ts, so drop them here.
  viteFinal: (config) => ({
    ...config,
    base: './',
    plugins: (config.plugins ?? []).flat().filter((plugin) => !(plugin && 'name' in plugin && appOnlyPlugins.includes(plugin.name))),
  }),
}

export default config
