/// Sends events from a piece of work back to its shell, in order, for as long as the work is
/// current.
///
/// `ShellEffects.run(id:policy:_:)`, in its form whose work takes a `send`, hands one to work that
/// has more than one thing to say, such as a recorder that reports `stopped`, then `saved`,
/// then `playbackReady`:
///
/// ```swift
/// effects.run(id: "recorder") { send in
///   await recorder.stop()
///   await send(.stopped)
///   let file = await recorder.save()
///   await send(.saved(file))
/// }
/// ```
///
/// Once the work is cancelled (replaced, cancelled by id, its child gone, or the shell ended),
/// calling it does nothing: events from stale work never reach the state.
public struct Send<Event: Sendable>: Sendable {
  private let work: ShellWork
  private let deliver: @MainActor @Sendable (Event, ShellWork) -> Void

  init(work: ShellWork, deliver: @escaping @MainActor @Sendable (Event, ShellWork) -> Void) {
    self.work = work
    self.deliver = deliver
  }

  /// Sends `event` to the shell, unless the work was cancelled meanwhile.
  @MainActor
  public func callAsFunction(_ event: Event) {
    deliver(event, work)
  }

  /// Whether the work was cancelled, so that nothing it sends arrives any more. Long loops can
  /// check it (or `Task.isCancelled`) to stop early.
  @MainActor
  public var isCancelled: Bool { work.isCancelled }
}
