import { describe, expect, it, vi } from 'vitest'
import { defineComponent } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'

const Page = defineComponent({ render: () => null })

/** A fresh module (its failure is module state) and a router whose /webhooks chunk fails `fails` times. */
async function setUp(fails: number) {
  vi.resetModules()
  const { watchRouteLoadFailures, useRouteLoadFailure } = await import('./route-load-failure')
  const { useAnnouncer } = await import('../shared/composables/useAnnouncer')
  let attempts = 0
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Page, meta: { title: 'Home' } },
      {
        path: '/webhooks',
        component: () => (++attempts <= fails ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(Page)),
        meta: { title: 'Webhook payload generator' },
      },
    ],
  })
  watchRouteLoadFailures(router)
  await router.push('/')
  return { router, load: useRouteLoadFailure(router), message: useAnnouncer().message, attempts: () => attempts }
}

describe('route load failures', () => {
  it('a page whose chunk fails is shown and said, and the navigation stays where it was', async () => {
    const { router, load, message } = await setUp(1)
    await expect(router.push('/webhooks')).rejects.toThrow('Failed to fetch')
    expect(router.currentRoute.value.path).toBe('/')
    expect(load.failure.value).toEqual({ path: '/webhooks', what: 'The Webhook payload generator' })
    await vi.waitFor(() => expect(message.value).toBe('The Webhook payload generator could not be loaded.'))
  })

  it('Try again loads the page and clears the failure', async () => {
    const { router, load } = await setUp(1)
    await router.push('/webhooks').catch(() => undefined)
    await load.retry()
    expect(router.currentRoute.value.path).toBe('/webhooks')
    expect(load.failure.value).toBeNull()
  })

  it('a Try again that fails again keeps the notice and says "still"', async () => {
    const { router, load, message, attempts } = await setUp(2)
    await router.push('/webhooks').catch(() => undefined)
    await load.retry()
    expect(attempts()).toBe(2)
    expect(load.failure.value?.path).toBe('/webhooks')
    await vi.waitFor(() => expect(message.value).toBe('The Webhook payload generator could still not be loaded.'))
  })

  it('moving to another page that loads clears the failure', async () => {
    const { router, load } = await setUp(1)
    await router.push('/webhooks').catch(() => undefined)
    await router.push('/?again')
    expect(load.failure.value).toBeNull()
  })
})
