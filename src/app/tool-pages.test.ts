import { describe, expect, it } from 'vitest'
import { documentTitle, routes } from './router'
import { navItems, TOOL_PAGES } from './tool-pages'

describe('the one list of tool pages', () => {
  it('has unique names and absolute, unique paths', () => {
    expect(new Set(TOOL_PAGES.map((p) => p.name)).size).toBe(TOOL_PAGES.length)
    expect(new Set(TOOL_PAGES.map((p) => p.path)).size).toBe(TOOL_PAGES.length)
    for (const page of TOOL_PAGES) {
      expect(page.path).toMatch(/^\/[a-z-]+$/)
      expect(page.title.trim()).not.toBe('')
      expect(page.navLabel.trim()).not.toBe('')
      expect(page.summary).toMatch(/\.$/)
      expect(typeof page.component).toBe('function')
    }
  })

  it('gives the router one route per tool, between home and the catch-all', () => {
    expect(routes.map((r) => r.path)).toEqual(['/', '/graphql', '/webhooks', '/rate-limits', '/:pathMatch(.*)*'])
    for (const page of TOOL_PAGES) {
      const route = routes.find((r) => r.path === page.path)
      expect(route).toMatchObject({ name: page.name, meta: { title: page.title, heading: page.heading } })
      expect(route?.component).toBe(page.component)
    }
  })

  it('gives every page but the not-found one a heading the shell renders, and every tool (not home, not not-found) fills the window', () => {
    expect(routes.map((r) => Boolean(r.meta?.heading))).toEqual([true, true, true, true, false])
    expect(routes.filter((r) => r.meta?.workspace).map((r) => r.path)).toEqual(['/graphql', '/webhooks', '/rate-limits'])
  })

  it('gives the navigation one link per tool, in order, with the short label', () => {
    expect(navItems()).toEqual([
      { to: '/graphql', label: 'GraphQL tester' },
      { to: '/webhooks', label: 'Webhooks' },
      { to: '/rate-limits', label: 'Rate limits' },
    ])
    expect(navItems([])).toEqual([])
  })

  it('titles each tool page after the tool', () => {
    expect(TOOL_PAGES.map((p) => documentTitle(p.title))).toEqual([
      'GraphQL tester · API Workbench',
      'Webhook payload generator · API Workbench',
      'Rate-limit header parser · API Workbench',
    ])
  })
})
