import { describe, expect, it } from 'vitest'
import { clampSize, sizeAtPointer, splitterKey } from './splitter'

const open = (size: number) => ({ size, collapsed: false })

describe('splitterKey (APG window splitter)', () => {
  it('moves by 5 % with Left/Right side by side, within min and max', () => {
    expect(splitterKey('ArrowLeft', open(50))).toEqual(open(45))
    expect(splitterKey('ArrowRight', open(50))).toEqual(open(55))
    expect(splitterKey('ArrowRight', open(88))).toEqual(open(90))
    expect(splitterKey('ArrowLeft', open(12), { min: 10 })).toEqual(open(10))
    expect(splitterKey('ArrowRight', open(50), { step: 10, max: 70 })).toEqual(open(60))
  })

  it('uses only the arrow pair of its orientation', () => {
    expect(splitterKey('ArrowUp', open(50))).toBeUndefined()
    expect(splitterKey('ArrowDown', open(50))).toBeUndefined()
    expect(splitterKey('ArrowUp', open(50), { orientation: 'vertical' })).toEqual(open(45))
    expect(splitterKey('ArrowDown', open(50), { orientation: 'vertical' })).toEqual(open(55))
    expect(splitterKey('ArrowLeft', open(50), { orientation: 'vertical' })).toBeUndefined()
  })

  it('goes to the ends with Home/End', () => {
    expect(splitterKey('Home', open(50), { min: 20, max: 80 })).toEqual(open(20))
    expect(splitterKey('End', open(50), { min: 20, max: 80 })).toEqual(open(80))
  })

  it('collapses and restores with Enter, keeping the size to restore', () => {
    const collapsed = splitterKey('Enter', open(35))
    expect(collapsed).toEqual({ size: 35, collapsed: true })
    expect(splitterKey('Enter', collapsed!)).toEqual(open(35))
    expect(splitterKey('Enter', open(35), { collapsible: false })).toBeUndefined()
  })

  it('restores a collapsed pane on any move, at its size for arrows', () => {
    const collapsed = { size: 40, collapsed: true }
    expect(splitterKey('ArrowRight', collapsed)).toEqual(open(40))
    expect(splitterKey('ArrowLeft', collapsed)).toEqual(open(40))
    expect(splitterKey('End', collapsed)).toEqual(open(90))
  })

  it('lets other keys through and repairs a stored size out of range', () => {
    expect(splitterKey('Tab', open(50))).toBeUndefined()
    expect(splitterKey(' ', open(50))).toBeUndefined()
    expect(splitterKey('ArrowRight', open(400))).toEqual(open(90))
    expect(splitterKey('ArrowRight', open(Number.NaN))).toEqual(open(15))
  })
})

describe('clampSize and sizeAtPointer', () => {
  it('clamps and replaces non-numbers by min', () => {
    expect(clampSize(5)).toBe(10)
    expect(clampSize(95)).toBe(90)
    expect(clampSize(Number.POSITIVE_INFINITY, 0, 100)).toBe(0)
  })

  it('turns a pointer position into a percentage of the container', () => {
    expect(sizeAtPointer(600, 100, 1000)).toBe(50)
    expect(sizeAtPointer(433.33, 100, 1000)).toBe(33.3)
    expect(sizeAtPointer(0, 100, 1000)).toBe(10)
    expect(sizeAtPointer(2000, 100, 1000, 20, 80)).toBe(80)
    expect(sizeAtPointer(50, 0, 0)).toBe(10)
  })
})
