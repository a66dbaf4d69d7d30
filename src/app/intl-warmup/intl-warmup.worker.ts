/// <reference lib="webworker" />
/**
 * Makes one number and one date formatter, then says so and ends: see `startIntlWarmup`. The
 * options match none of the app's on purpose; what is being loaded is the locale data under them.
 */
new Intl.NumberFormat('en-US').format(1234.5)
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(0)
;(self as unknown as DedicatedWorkerGlobalScope).postMessage('warm')
