/**
 * The page's side of a module worker that runs jobs: one worker made on first use, each job's
 * request and messages matched by a job id, cancellation, and a worker that fails replaced by the
 * next job after its jobs in flight are failed with a message that says how it failed.
 *
 * A job may get many messages before it settles (a send's progress, a body in parts), and may post
 * more messages of its own to the worker ({@link WorkerJobControl.post}, e.g. a stream's acks). A
 * streaming client can therefore use it as it is: its messages need an `id`, or it makes one client
 * per stream; Stop is a `cancel.post` message, then {@link WorkerClient.end} once the grace is over.
 */

/**
 * What the client needs of a worker. The DOM `Worker` has it; a test may adapt another thread
 * (e.g. `node:worker_threads`) to it.
 */
export interface WorkerLike {
  onmessage: ((event: MessageEvent) => void) | null
  /** A plain `Event` (no `message`) when the script could not load; an `ErrorEvent` when it threw. */
  onerror: ((event: ErrorEvent) => void) | null
  onmessageerror: ((event: MessageEvent) => void) | null
  postMessage(message: unknown, transfer: Transferable[]): void
  terminate(): void
}

/**
 * How a worker failed a job:
 * - `load`: the worker could not start (its constructor threw, e.g. a Content-Security-Policy
 *   refusing it, or its script did not load);
 * - `crash`: it threw an error nobody caught, or died;
 * - `unreadable`: a message from it could not be deserialized (it names no job, so every job fails);
 * - `unsendable`: this job's request could not be posted (not cloneable); the worker is kept;
 * - `ended`: the worker was ended ({@link WorkerClient.end}, or another job cancelled by ending it).
 */
export type WorkerFailureKind = 'load' | 'crash' | 'unreadable' | 'unsendable' | 'ended'

/** The error a job fails with when its worker fails; `message` says what happened, for the user. */
export class WorkerFailure extends Error {
  override name = 'WorkerFailure'
  /** How the worker failed. */
  readonly kind: WorkerFailureKind

  /** A failure of `kind`, said by `message`. */
  constructor(kind: WorkerFailureKind, message: string) {
    super(message)
    this.kind = kind
  }
}

/** What a job's handlers may do with it. */
export interface WorkerJobControl<Request, Result> {
  /** The job's id, which its request and messages carry. */
  readonly id: number
  /** Posts another message of this job to the worker; does nothing once the job has settled. */
  post(request: Request, transfer?: Transferable[]): void
  /** Settles the job with `result` (a job settles once; later calls do nothing). */
  resolve(result: Result | PromiseLike<Result>): void
  /** Fails the job with `error`. */
  reject(error: Error): void
}

/** How a cancelled job ends. */
export interface WorkerJobCancel<Request, Result> {
  /** The message telling the worker to stop the job (e.g. abort its fetch). @default undefined (nothing is posted) */
  post?: (id: number) => Request
  /**
   * Ends the worker, which stops the job at once however busy it is (the next job starts a new
   * one); other jobs in flight fail as `ended`. @default false
   */
  endWorker?: boolean
  /** What the cancelled job resolves with. @default undefined (it rejects with an `AbortError`) */
  result?: () => Result
}

/** One job for {@link WorkerClient.start}. */
export interface WorkerJobSpec<Request, Message, Result> {
  /** The job's request, carrying its `id`. */
  request: (id: number) => Request
  /** Buffers the request transfers rather than copies. @default [] */
  transfer?: Transferable[] | undefined
  /** Each message of this job, in order; it settles the job with `job.resolve` or `job.reject`. */
  onMessage: (message: Message, job: WorkerJobControl<Request, Result>) => void
  /**
   * How the job ends when its worker fails: a result (e.g. the same work done on the page), or
   * a throw. @default undefined (the job rejects with the {@link WorkerFailure})
   */
  onFailure?: ((failure: WorkerFailure) => Result | PromiseLike<Result>) | undefined
  /** Cancels the job when it aborts (as {@link WorkerJob.cancel} does). @default undefined */
  signal?: AbortSignal | undefined
  /** How the job is cancelled. @default {} (the job is forgotten: the worker's late answer is dropped) */
  cancel?: WorkerJobCancel<Request, Result> | undefined
}

/** A started job. */
export interface WorkerJob<Result> {
  /** The job's id. */
  readonly id: number
  /** Settles with the job's result, its failure's, or its cancellation's. */
  readonly result: Promise<Result>
  /** Cancels the job if it has not settled (see {@link WorkerJobCancel}). */
  cancel(): void
}

/** Options of {@link createWorkerClient}. */
export interface WorkerClientOptions {
  /**
   * Makes the worker. Vite bundles a worker only from the literal
   * `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })`, so each client writes it.
   */
  create: () => WorkerLike
  /** What failure messages call the worker, e.g. `'request worker'`. */
  label: string
}

/** A worker's jobs, for messages `Message` (each naming its job by `id`) and requests `Request`. */
export interface WorkerClient<Request, Message extends { id: number }> {
  /** Posts a job to the worker (started if needed); a worker that cannot start fails it as `load`. */
  start<Result>(spec: WorkerJobSpec<Request, Message, Result>): WorkerJob<Result>
  /** {@link start}'s result alone. */
  run<Result>(spec: WorkerJobSpec<Request, Message, Result>): Promise<Result>
  /** Starts the worker before its first job; false when it cannot start (the next job tries again). */
  warm(): boolean
  /** Ends the worker: its jobs in flight fail as `ended`; the next job starts a new one. */
  end(): void
}

interface Running<Message> {
  onMessage: (message: Message) => void
  fail: (failure: WorkerFailure) => void
}

/** A client for one kind of worker (see the module's comment). */
export function createWorkerClient<Request, Message extends { id: number }>(options: WorkerClientOptions): WorkerClient<Request, Message> {
  const { create, label } = options
  let worker: WorkerLike | undefined
  let nextId = 0
  const jobs = new Map<number, Running<Message>>()

  /** Fails every job of `failed` and drops it; a late event of a worker already replaced changes nothing. */
  function stop(failed: WorkerLike, failure: WorkerFailure): void {
    if (failed !== worker) return
    worker = undefined
    failed.terminate()
    const failing = [...jobs.values()]
    jobs.clear()
    for (const job of failing) job.fail(failure)
  }

  function getWorker(): WorkerLike {
    if (worker) return worker
    let created: WorkerLike
    try {
      created = create()
    } catch (error) {
      throw new WorkerFailure('load', `The ${label} could not start: ${error instanceof Error ? error.message : String(error)}`)
    }
    worker = created
    created.onmessage = (event) => {
      if (created !== worker) return
      const message = event.data as Message
      jobs.get(message.id)?.onMessage(message)
    }
    created.onerror = (event) => {
      // Handled here: not also an uncaught error in the console.
      event?.preventDefault?.()
      // The HTML standard fires a plain `Event` when the script cannot be fetched or parsed, an
      // `ErrorEvent` with the exception's message when it throws.
      const said = event?.message
      const failure = said ? new WorkerFailure('crash', said) : new WorkerFailure('load', `The ${label} could not start: its script did not load`)
      stop(created, failure)
    }
    created.onmessageerror = () => stop(created, new WorkerFailure('unreadable', `A message from the ${label} could not be read`))
    return created
  }

  function start<Result>(spec: WorkerJobSpec<Request, Message, Result>): WorkerJob<Result> {
    const id = ++nextId
    const cancelWith = spec.cancel ?? {}
    let settled = false
    let target: WorkerLike | undefined
    let resolvePromise!: (result: Result | PromiseLike<Result>) => void
    let rejectPromise!: (error: unknown) => void
    const result = new Promise<Result>((resolve, reject) => {
      resolvePromise = resolve
      rejectPromise = reject
    })
    const onAbort = () => cancel()
    const finish = (): boolean => {
      if (settled) return false
      settled = true
      jobs.delete(id)
      spec.signal?.removeEventListener('abort', onAbort)
      return true
    }
    const control: WorkerJobControl<Request, Result> = {
      id,
      post(request, transfer = []) {
        if (!settled && target && target === worker) target.postMessage(request, transfer)
      },
      resolve(value) {
        if (finish()) resolvePromise(value)
      },
      reject(error) {
        if (finish()) rejectPromise(error)
      },
    }
    const fail = (failure: WorkerFailure) => {
      if (!finish()) return
      if (!spec.onFailure) return rejectPromise(failure)
      try {
        resolvePromise(spec.onFailure(failure))
      } catch (error) {
        rejectPromise(error)
      }
    }
    function cancel(): void {
      if (settled) return
      if (cancelWith.post && target === worker) target?.postMessage(cancelWith.post(id), [])
      finish()
      if (cancelWith.result) resolvePromise(cancelWith.result())
      else rejectPromise(new DOMException('The job was cancelled', 'AbortError'))
      if (cancelWith.endWorker && target) stop(target, new WorkerFailure('ended', `The ${label} was ended`))
    }

    if (spec.signal?.aborted) {
      cancel()
      return { id, result, cancel }
    }
    spec.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      target = getWorker()
    } catch (error) {
      fail(error instanceof WorkerFailure ? error : new WorkerFailure('load', String(error)))
      return { id, result, cancel }
    }
    jobs.set(id, { onMessage: (message) => spec.onMessage(message, control), fail })
    try {
      target.postMessage(spec.request(id), spec.transfer ?? [])
    } catch (error) {
      fail(new WorkerFailure('unsendable', `The job could not be sent to the ${label}: ${error instanceof Error ? error.message : String(error)}`))
    }
    return { id, result, cancel }
  }

  return {
    start,
    run: (spec) => start(spec).result,
    warm() {
      try {
        getWorker()
        return true
      } catch {
        return false
      }
    },
    end() {
      if (worker) stop(worker, new WorkerFailure('ended', `The ${label} was ended`))
    },
  }
}
