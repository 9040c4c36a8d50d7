#if canImport(FoundationNetworking)
  import Dispatch

  /// Where code that may block its thread runs on Linux, so that the wait never holds one of
  /// the cooperative pool's threads (one per core: two on a small machine).
  ///
  /// FoundationNetworking makes, resumes and cancels every `URLSession` task synchronously on
  /// the one work queue all sessions of the process share, so each of those calls waits behind
  /// every transfer in progress. Made on a pool thread, the wait held that thread for up to
  /// 7 s while another request streamed megabytes, and every other task's timers waited with
  /// it. This task executor runs such calls instead, one at a time on a serial queue of its
  /// own (a thread dispatch adds for it). One at a time, because they wait for one queue
  /// anyway, and a thread per waiting call ran out of threads: 260 calls waited for the shared
  /// queue, and it had no thread left to run on.
  package final class BlockingCallExecutor: TaskExecutor {
    /// The one executor of the process.
    package static let shared = BlockingCallExecutor()

    private static let marker = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "Yaia.BlockingCalls")

    private init() {
      queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the calling code runs on the executor: what a test asserts.
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Runs `work` on the executor's queue, after the work queued before it.
    package func run(_ work: @escaping @Sendable () -> Void) {
      queue.async(execute: work)
    }

    /// Runs `job` with ``run(_:)``.
    package func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      run { job.runSynchronously(on: executor) }
    }
  }
#endif

/// Runs `operation`, whose nonisolated code may block its thread (a `URLSession` call on
/// Linux), away from the cooperative pool: on ``BlockingCallExecutor`` on Linux, as is on Apple
/// platforms, where URLSession never blocks its caller.
///
/// ```swift
/// let (data, response) = try await awayFromCooperativePool {
///   try await session.data(for: request)
/// }
/// ```
package func awayFromCooperativePool<T, Failure: Error>(
  _ operation: () async throws(Failure) -> T
) async throws(Failure) -> T {
  #if canImport(FoundationNetworking)
    try await withTaskExecutorPreference(BlockingCallExecutor.shared, operation: operation)
  #else
    try await operation()
  #endif
}
