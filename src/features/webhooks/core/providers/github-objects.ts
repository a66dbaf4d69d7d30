/**
 * Building blocks of GitHub webhook payloads (users, repositories, commits), written from the
 * documented formats and checked against `@octokit/openapi-webhooks` in the tests.
 */
import { githubNodeId, pick, randomHex, randomInt } from '../ids'
import { addDays, isoSeconds, isoWithOffset, unixSeconds } from '../time'
import type { GenerateContext } from '../types'

const API = 'https://api.github.com'
const WEB = 'https://github.com'

/** A GitHub account as it appears in `sender`, `user`, `owner` (all fields of `simple-user`). */
function githubUser(login: string, id: number, type: 'User' | 'Organization' = 'User'): Record<string, unknown> {
  const url = `${API}/users/${login}`
  return {
    login,
    id,
    node_id: githubNodeId(type, id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  }
}

/** The people and repository of one sample (consistent across the payload). */
export interface GithubScene {
  readonly owner: Record<string, unknown>
  readonly ownerLogin: string
  readonly sender: Record<string, unknown>
  readonly senderLogin: string
  readonly senderName: string
  readonly senderEmail: string
  readonly repoName: string
  readonly repoId: number
  readonly fullName: string
  readonly hookId: number
}

/** Random sample people and repository; names are obviously samples. */
export function githubScene(ctx: GenerateContext): GithubScene {
  const { random } = ctx
  const ownerLogin = pick(random, ['example-org', 'sample-org', 'acme-example'])
  const senderLogin = pick(random, ['sample-dev', 'example-user', 'test-octocat'])
  const repoName = pick(random, ['sample-repo', 'hello-webhooks', 'example-service'])
  return {
    owner: githubUser(ownerLogin, randomInt(random, 10_000_000, 199_999_999), 'Organization'),
    ownerLogin,
    sender: githubUser(senderLogin, randomInt(random, 10_000_000, 199_999_999)),
    senderLogin,
    senderName: senderLogin === 'sample-dev' ? 'Sample Developer' : senderLogin === 'example-user' ? 'Example User' : 'Test Octocat',
    senderEmail: `${senderLogin}@example.com`,
    repoName,
    repoId: randomInt(random, 100_000_000, 999_999_999),
    fullName: `${ownerLogin}/${repoName}`,
    hookId: randomInt(random, 100_000_000, 599_999_999),
  }
}

/**
 * A repository object with the fields of both `repository-webhooks` and the push event's repository.
 * @param pushStyle - push events give `created_at`/`pushed_at` as Unix integers (GitHub quirk)
 */
export function githubRepository(scene: GithubScene, ctx: GenerateContext, pushStyle = false): Record<string, unknown> {
  const url = `${API}/repos/${scene.fullName}`
  const created = addDays(ctx.now, -400)
  return {
    id: scene.repoId,
    node_id: githubNodeId('Repository', scene.repoId),
    name: scene.repoName,
    full_name: scene.fullName,
    private: false,
    owner: scene.owner,
    html_url: `${WEB}/${scene.fullName}`,
    description: 'A sample repository for webhook testing',
    fork: false,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: pushStyle ? unixSeconds(created) : isoSeconds(created),
    updated_at: isoSeconds(ctx.now),
    pushed_at: pushStyle ? unixSeconds(ctx.now) : isoSeconds(ctx.now),
    git_url: `git://github.com/${scene.fullName}.git`,
    ssh_url: `git@github.com:${scene.fullName}.git`,
    clone_url: `${WEB}/${scene.fullName}.git`,
    svn_url: `${WEB}/${scene.fullName}`,
    homepage: 'https://example.com',
    size: 128,
    stargazers_count: 3,
    watchers_count: 3,
    language: 'TypeScript',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 1,
    license: { key: 'mit', name: 'MIT License', spdx_id: 'MIT', url: `${API}/licenses/mit`, node_id: 'MDc6TGljZW5zZTEz' },
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: ['webhooks', 'sample'],
    visibility: 'public',
    forks: 0,
    open_issues: 1,
    watchers: 3,
    default_branch: 'main',
    ...(pushStyle ? { stargazers: 3, master_branch: 'main', organization: scene.ownerLogin } : {}),
  }
}

/** A pushed commit whose `timestamp` is the generation time (with a sample UTC offset). */
export function githubCommit(scene: GithubScene, ctx: GenerateContext, message: string): Record<string, unknown> {
  const id = randomHex(ctx.random, 40)
  const person = { name: scene.senderName, email: scene.senderEmail, username: scene.senderLogin }
  return {
    id,
    tree_id: randomHex(ctx.random, 40),
    distinct: true,
    message,
    timestamp: isoWithOffset(ctx.now, 120),
    url: `${WEB}/${scene.fullName}/commit/${id}`,
    author: person,
    committer: person,
    added: ['docs/webhooks.md'],
    removed: [],
    modified: ['src/handler.ts'],
  }
}
