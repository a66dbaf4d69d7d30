/**
 * Restoring the tester's saved inputs can never break the page: a saved query that
 * once threw `RangeError` on every render bricked the tester even after a reload. Anything that
 * cannot be read, or that throws when the tester first looks at it, is set aside: the tester
 * starts clean and the saved text stays on screen to copy.
 */
import { analyzeDocument } from './request/analyze'
import { parseJsonLocated } from '../../../shared/core/json/json-locate'
import { readPersistedState, type PersistedGraphQLState } from './tester'

/** Why the saved inputs were set aside, and their text for the user to copy. */
export interface RestoreFailure {
  /** The sentence to show and announce. */
  message: string
  /** The saved text exactly as stored. */
  text: string
}

/** What {@link restorePersistedState} gives. */
export interface RestoredState {
  /** The state to start from: the saved one, or `{}` (clean) when it was set aside. */
  state: Partial<PersistedGraphQLState>
  /** Set when the saved text was set aside. @default undefined */
  failure?: RestoreFailure
}

/** What the tester computes from restored state as soon as it renders. */
function probeRestored(state: Partial<PersistedGraphQLState>): void {
  analyzeDocument(state.query ?? '')
  parseJsonLocated(state.variables ?? '')
}

/**
 * Reads the saved inputs, and checks that the tester can work with them.
 *
 * @param raw - the stored text (null: nothing saved).
 * @param probe - what the tester does with restored state first; throwing sets it aside. @default analysis of the query and variables
 */
export function restorePersistedState(raw: string | null, probe: (state: Partial<PersistedGraphQLState>) => void = probeRestored): RestoredState {
  if (raw === null || raw.trim() === '') return { state: {} }
  const failure = (why: string): RestoredState => ({
    state: {},
    failure: { message: `Your saved request could not be restored (${why}), so the tester started clean. The saved text is below to copy.`, text: raw },
  })
  const parsed = parseJsonLocated(raw)
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return failure('it is not a saved request')
  try {
    const state = readPersistedState(raw)
    probe(state)
    return { state }
  } catch (error) {
    return failure(error instanceof Error ? `${error.name}: ${error.message}` : 'it could not be read')
  }
}
