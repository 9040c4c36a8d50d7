import Foundation
public import Testing
public import Yaia

/// Waits until `shell` has no work running (every result handled), for at most `timeout` of
/// real time; on timeout it records a failure naming the work still running and returns
/// `false`.
///
/// Use it for a shell that a screen under test owns, where there is no harness:
///
/// ```swift
/// screen.userTyped("swift")
/// await settle(screen.shell)
/// ```
///
/// Unlike `Shell.idle()`, it cannot hang a test run: work that never ends fails the test.
@MainActor
@discardableResult
public func settle<State: ShellState>(
  _ shell: Shell<State>, timeout: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool where State.Event: Sendable {
  let done = await withTimeout(timeout) { @MainActor in
    await shell.idle()
    return shell.runningWorkCount == 0
  }
  if done == true { return true }
  let running = shell.runningWork.map(\.id)
  reportFailure(
    "settle() waited \(DurationText.format(timeout)) for the shell's work to finish."
      + (running.isEmpty
        ? " No work was running." : " Still running: \(running.joined(separator: ", ")).")
      + " Finish the streams you inject, answer the services, or end the shell.",
    at: sourceLocation)
  return false
}

/// The value of `task`, waiting at most `timeout` of real time; on timeout it records a failure,
/// cancels the task and returns `nil`.
///
/// A test that starts work in a task (a launch, a refresh) awaits its result this way instead
/// of `await task.value`, which waits forever if the work never ends:
///
/// ```swift
/// let run = Task { await launch.run() }
/// await clock.advance(by: .seconds(1))
/// let report = try #require(await value(of: run))
/// ```
public func value<T: Sendable>(
  of task: Task<T, Never>, timeout: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation
) async -> T? {
  if let outcome = await result(of: task, within: timeout) { return outcome.get() }
  task.cancel()
  reportFailure(
    "Waited \(DurationText.format(timeout)) for a task to finish; cancelled it.", at: sourceLocation
  )
  return nil
}

/// The value of a throwing `task`, or `nil` (with a test failure naming the wait) if it does
/// not finish within `timeout`; the task is then cancelled. Its error, if it throws, is
/// rethrown.
///
/// ```swift
/// let call = Task { try await client.send(request) }
/// call.cancel()
/// await #expect(throws: RemoteError.cancelled) { try await value(of: call) }
/// ```
public func value<T: Sendable>(
  of task: Task<T, any Error>, timeout: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> T? {
  guard let outcome = await result(of: task, within: timeout) else {
    task.cancel()
    reportFailure(
      "Waited \(DurationText.format(timeout)) for a task to finish; cancelled it.",
      at: sourceLocation)
    return nil
  }
  return try outcome.get()
}

/// Runs blocking `work` (a synchronous database open, a blocking socket read) on a thread of
/// its own, and returns a task for its result.
///
/// Swift's cooperative pool has as many threads as cores (two on a small CI machine): blocking
/// one of them from a test starves every other test of the run, and can deadlock one that
/// waits for the blocked work's counterpart. Await the task with `value(of:timeout:)` to bound
/// the wait.
///
/// ```swift
/// let store = try await value(of: onThread { try DataStore.open(at: path, migrations: all) })
/// ```
public func onThread<T: Sendable>(
  _ work: @escaping @Sendable () throws -> T
) -> Task<T, any Error> {
  let (stream, continuation) = AsyncStream.makeStream(of: Result<T, any Error>.self)
  let thread = Thread {
    continuation.yield(Result { try work() })
    continuation.finish()
  }
  thread.start()
  return Task {
    for await result in stream { return try result.get() }
    throw CancellationError()
  }
}

/// `task`'s result if it finishes within `timeout`, else `nil`.
///
/// It waits on a stream, which the timeout can cancel, and never on `task.value` inside the
/// timeout's task group: a group waits for all its children, and awaiting another task's value
/// cannot be cancelled, so a task that never ends would make the bounded wait endless.
func result<T: Sendable, Failure: Error>(
  of task: Task<T, Failure>, within timeout: Duration
) async -> Result<T, Failure>? {
  let (ended, end) = AsyncStream.makeStream(of: Result<T, Failure>.self)
  Task {
    end.yield(await task.result)
    end.finish()
  }
  let outcome = await withTimeout(timeout) { () async -> Result<T, Failure>? in
    for await outcome in ended { return outcome }
    return nil
  }
  return outcome ?? nil
}
