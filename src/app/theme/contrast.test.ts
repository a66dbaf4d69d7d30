import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'

// Oracles: the WCAG 2.2 definition's extremes, and WebAIM's contrast checker
// (webaim.org/resources/contrastchecker), whose figures are the ones designers quote.
describe('contrastRatio', () => {
  it('gives WCAG\u2019s extremes and WebAIM\u2019s published figures', () => {
    expect(contrastRatio('#000000', '#ffffff', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#ffffff', '#ffffff')).toBe(1)
    // #767676 on white: 4.54:1, the lightest grey that passes AA for text.
    expect(contrastRatio('#767676', '#ffffff', '#ffffff')).toBeCloseTo(4.54, 2)
    // #777777 on white: 4.47:1, which fails.
    expect(contrastRatio('#777777', '#ffffff', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('composites a translucent colour over what is under it (white at 70 % on #101014 is #b7b7b9)', () => {
    expect(contrastRatio('rgba(255, 255, 255, 0.7)', 'rgb(16, 16, 20)', 'rgb(16, 16, 20)')).toBeCloseTo(contrastRatio('#b7b7b9', '#101014', '#101014'), 5)
  })
})
