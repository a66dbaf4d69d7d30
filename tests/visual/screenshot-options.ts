/**
 * Comparison settings of every visual baseline. Rendering here is byte-stable (Debian Chromium,
 * bundled fonts, animations off, time frozen), so the budget is zero differing pixels with a
 * per-pixel colour threshold of 0.02 (pixelmatch's YIQ distance, 0..1; Playwright's default 0.2
 * lets whole shades through). `tests/visual/threshold-proof.spec.ts` proves that a colour change
 * of a 3 × 3 px area fails the comparison while a rerender passes.
 */
export const screenshotOptions = {
  maxDiffPixels: 0,
  threshold: 0.02,
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
} as const
