/**
 * The sentences a spoken-phrase log heard from the app's announcer (`role=status`, polite), each
 * once: the Virtual Screen Reader reads the live region's text when it handles a mutation, so the
 * announcer's clear-then-set (which makes a repeated sentence heard again) can log one sentence
 * twice. Used by stories and by the e2e tests, which read the log from the page.
 *
 * @param log - `spokenPhraseLog()`'s phrases.
 */
export function announcedIn(log: readonly string[]): string[] {
  const polite = log.filter((p) => p.startsWith('polite: ')).map((p) => p.slice('polite: '.length))
  return polite.filter((sentence, i) => sentence !== polite[i - 1])
}
