import type { StorybookConfig } from '@storybook/vue3-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/vue3-vite',
    // vue-component-meta reads the TSDoc of props, emits and slots into the autodocs tables.
    options: { docgen: 'vue-component-meta' },
  },
  core: { disableTelemetry: true },
  // Published under /storybook/ beside the app; relative asset URLs keep it working there.
  viteFinal: (config) => ({ ...config, base: './' }),
}

export default config
