/** The delivery sequences on offer (names and steps only; generation loads on demand with the catalogues). */

/** A named flow of events of one provider. */
export interface SequenceInfo {
  readonly id: string
  readonly provider: string
  readonly name: string
  /** One sentence: what the flow is. */
  readonly description: string
  /** The event types, in the order the provider sends them. */
  readonly events: readonly string[]
}

/** The offered sequences. */
export const sequences: readonly SequenceInfo[] = [
  {
    id: 'stripe-checkout',
    provider: 'stripe',
    name: 'Stripe Checkout (with invoice)',
    description: 'A customer pays on a Checkout page that creates an invoice: one customer, PaymentIntent, charge, session and invoice.',
    events: ['customer.created', 'payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed', 'invoice.paid'],
  },
  {
    id: 'stripe-checkout-subscription',
    provider: 'stripe',
    name: 'Stripe Checkout (subscription)',
    description: 'A customer subscribes on a Checkout page: the subscription is created, its first invoice paid, then the session completes; one customer, subscription and invoice.',
    events: ['customer.created', 'customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'checkout.session.completed'],
  },
  {
    id: 'stripe-subscription',
    provider: 'stripe',
    name: 'Stripe subscription lifecycle',
    description: 'A subscription is created, invoiced and paid, upgraded, then canceled: one customer, subscription and invoice.',
    events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'customer.subscription.updated', 'customer.subscription.deleted'],
  },
  {
    id: 'github-pull-request',
    provider: 'github',
    name: 'GitHub pull request lifecycle',
    description: 'A pull request is opened, updated, reviewed and merged, then the merge is pushed to the base branch: one repository and pull request.',
    events: ['pull_request.opened', 'pull_request.synchronize', 'pull_request_review.submitted', 'pull_request.closed', 'push'],
  },
  {
    id: 'gitlab-merge-request',
    provider: 'gitlab',
    name: 'GitLab merge request',
    description: 'A merge request is opened, updated, approved and merged, then main gets the push: one project and merge request.',
    events: ['merge_request.open', 'merge_request.update', 'merge_request.approved', 'merge_request.merge', 'push'],
  },
]
