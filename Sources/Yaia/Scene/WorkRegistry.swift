/// The asynchronous work a scene has started, keyed by id, so it can be replaced, cancelled
/// and awaited.
///
/// Every piece of work gets a fresh token. Work may deliver an event only while its token is
/// still the one registered under its key: replaced, cancelled and ended work finds its token
/// gone and drops what it produced. Both the check and the delivery run on the main actor,
/// so nothing can slip in between them.
@MainActor
final class WorkRegistry {
  enum Key: Hashable, Sendable {
    case named(WorkID)
    case anonymous(UInt64)
  }

  struct Entry: Sendable {
    let token: UInt64
    let task: Task<Void, Never>
  }

  private var running: [Key: Entry] = [:]
  /// Work cancelled but not yet returned. It can no longer deliver; ``idle()`` still waits
  /// for it, so a test knows that whatever it produced has been dropped.
  private var stopping: [UInt64: Task<Void, Never>] = [:]
  private var lastToken: UInt64 = 0
  private(set) var isEnded = false

  /// The number of pieces of work still running; tests use it to prove cancellation.
  var count: Int { running.count }

  /// Starts `operation` under `id`, cancelling work already running under the same id.
  ///
  /// `operation` receives a check that answers whether it may still deliver.
  func start(
    id: WorkID?,
    _ operation: @escaping @MainActor (_ isCurrent: @escaping @MainActor () -> Bool) async -> Void
  ) {
    guard !isEnded else { return }
    lastToken &+= 1
    let token = lastToken
    let key = id.map(Key.named) ?? .anonymous(token)
    if let replaced = running[key] { stop(replaced) }
    let task = Task { @MainActor [weak self] in
      await operation { self?.running[key]?.token == token }
      self?.finish(key, token: token)
    }
    running[key] = Entry(token: token, task: task)
  }

  /// Cancels the work running under `id`, if any; what it produces afterwards is dropped.
  func cancel(id: WorkID) {
    if let entry = running.removeValue(forKey: .named(id)) { stop(entry) }
  }

  /// Cancels everything and refuses new work: the scene has ended.
  func end() {
    isEnded = true
    let entries = running.values
    running.removeAll()
    for entry in entries { stop(entry) }
  }

  /// Suspends until no work is running or stopping (including work started by work that
  /// finished meanwhile).
  func idle() async {
    while let task = running.values.first?.task ?? stopping.values.first {
      await task.value
    }
  }

  private func stop(_ entry: Entry) {
    stopping[entry.token] = entry.task
    entry.task.cancel()
  }

  private func finish(_ key: Key, token: UInt64) {
    if running[key]?.token == token { running.removeValue(forKey: key) }
    stopping.removeValue(forKey: token)
  }

  deinit {
    for entry in running.values { entry.task.cancel() }
  }
}

/// The id a feature gives a piece of work.
///
/// `AnyHashable` is not `Sendable` in general, but a `WorkID` can only be made from a value
/// that is both `Hashable` and `Sendable` (its only initializer takes one), and `AnyHashable`
/// only ever reads the value it boxes. proven: sharing it across tasks is safe.
struct WorkID: Hashable, @unchecked Sendable {
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }
}
