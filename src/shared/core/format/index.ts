/**
 * Framework-free wording shared by every tool, so a duration, a size or a list reads the same
 * everywhere: durations (spans and measured times), byte sizes, lists and counted nouns, relative time.
 */
export { formatDuration, formatElapsed, type FormatDurationOptions } from './duration'
export { formatBytes } from './size'
export { DISPLAY_LIMIT_CHARS, displayExcerpt, type DisplayExcerpt } from './excerpt'
export { countOf, formatCount, joinNames } from './list'
export { relativeTime } from './relative-time'
