import type { StorybookConfig } from '@storybook/vue3-vite'

const appOnlyPlugins = ['awb-security-headers', 'awb-inline-theme-init', 'awb-404-fallback', 'awb-compile-hints']

const config: StorybookConfig = {
  // `stories/` holds what is not one component (the introduction, foundations); component stories sit beside their code.
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts', '../src/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/vue3-vite',
    // vue-component-meta reads the TSDoc of props, emits and slots into the autodocs tables.
    options: { docgen: 'vue-component-meta' },
  },
  core: { disableTelemetry: true },
  // Published under /storybook/ beside the app; relative asset URLs keep it working there.
  // The app's security-header, theme-inlining and 404 plugins are for the app build only: Storybook's
  // pages have their own inline scripts and headers (scripts/security-headers.mjs). So are the compile
  // hints, chosen from the app's pages (scripts/compile-hints.mjs). Storybook merges vite.config.ts, so
  // drop them here.
  viteFinal: (config) => ({
    ...config,
    base: './',
    // The app's service worker and manifest (vite-plugin-pwa) too: the Storybook is not an installable app.
    plugins: (config.plugins ?? []).flat().filter((plugin) => !(plugin && 'name' in plugin && (appOnlyPlugins.includes(plugin.name) || plugin.name.startsWith('vite-plugin-pwa')))),
  }),
}

export default config
