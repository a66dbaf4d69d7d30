/**
 * GitHub's catalogue as a chunk of its own: the page imports this while it loads. The catalogue
 * module itself is shared with the pull-request sequence, which puts it in a shared chunk; this
 * entry keeps a chunk that stands for "GitHub's catalogue" (the compile hint and the bundle budget
 * find it by this path).
 */
export { githubCatalogue } from './github'
