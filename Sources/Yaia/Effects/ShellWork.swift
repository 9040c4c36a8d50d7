/// One piece of asynchronous work a ``Shell`` started: a `run`, a subscription, an event
/// source, a debounce or throttle.
///
/// The shell creates one for every piece of work and binds it to ``current`` while the work
/// runs, so any code inside the work (a log line, a test clock) can tell which work it belongs
/// to and whether that work is still wanted. Once the work is cancelled (replaced by new work
/// under its id, cancelled by id, its child gone, or its shell ended), nothing it sends reaches
/// the state, whichever way it sends: through the ``Send`` it was handed or through a captured
/// ``ShellEffects``.
@MainActor
public final class ShellWork {
  /// The work the current task runs for, or `nil` outside a shell's work.
  public nonisolated static var current: ShellWork? { CurrentWork.work }

  /// A readable name: the work's id (with the child scope it runs in), or `anonymous #N`.
  public nonisolated let id: String

  /// Whether the work was cancelled: replaced, cancelled by id, its child gone, or its shell
  /// ended. Cancelled work can no longer deliver events.
  public private(set) var isCancelled = false

  /// Whether the work has returned.
  public private(set) var isFinished = false

  nonisolated let token: UInt64
  /// Work started while this work was being watched (see ``watch()``), so that a test clock can
  /// wait for work that a wake-up caused.
  private(set) var spawned: [ShellWork] = []
  private var watchers = 0
  /// Fired at the work's next change (cancelled, finished, started work), made only when asked.
  private var change: Signal?

  init(id: String, token: UInt64) {
    self.id = id
    self.token = token
  }

  func cancel() {
    isCancelled = true
    changed()
  }

  func finish() {
    isFinished = true
    changed()
  }

  /// The signal fired at this work's next change (it is cancelled, finishes, or starts work
  /// while watched): a test clock takes it before checking the work, then waits on it.
  package var nextChange: Signal {
    if let change { return change }
    let made = Signal()
    change = made
    return made
  }

  private func changed() {
    guard let fired = change else { return }
    change = nil
    fired.fire()
  }

  /// Starts remembering the work this work starts, until ``unwatch()``; test clocks call it on
  /// the work they wake, to wait for what the wake-up started as well.
  public func watch() { watchers += 1 }

  /// Stops remembering spawned work once every watcher has called it.
  public func unwatch() {
    watchers = max(0, watchers - 1)
    guard watchers == 0 else { return }
    let children = spawned
    spawned.removeAll()
    for child in children { child.unwatch() }
  }

  /// The work started because of this one since ``watch()``, and in turn the work they started.
  public var descendants: [ShellWork] {
    spawned.flatMap { [$0] + $0.descendants }
  }

  func adopt(_ child: ShellWork) {
    if watchers > 0 {
      spawned.append(child)
      child.watch()
      changed()
    }
  }
}

extension ShellWork: CustomStringConvertible {
  public nonisolated var description: String { id }
}

/// Where the current task's ``ShellWork`` is kept while the work runs.
enum CurrentWork {
  @TaskLocal static var work: ShellWork?
}
