/// The asynchronous work a shell has started, keyed by child scope and id, so it can be
/// replaced, joined, cancelled, swept when its child goes away, and awaited.
///
/// Every piece of work has a ``ShellWork`` handle. Work may deliver an event only while its
/// handle is not cancelled; the check and the delivery both run on the main actor, so nothing
/// can slip in between them.
@MainActor
final class WorkRegistry {
  /// Where work lives: the child scope it was started in and its id (anonymous work gets a
  /// key of its own).
  struct Key: Hashable, Sendable {
    let scope: WorkScope
    let id: Name

    enum Name: Hashable, Sendable {
      case named(WorkID)
      case anonymous(UInt64)
      case eventSource(UInt64)
      case throttleWindow(WorkID)
    }
  }

  struct Entry {
    let key: Key
    let work: ShellWork
    let task: Task<Void, Never>
  }

  /// A throttle's open window: the work waiting to run when it closes, if any.
  struct ThrottleWindow {
    var pending: (@MainActor () -> Void)?
  }

  private var live: [UInt64: Entry] = [:]
  private var byKey: [Key: [UInt64]] = [:]
  /// Work cancelled but not yet returned. It can no longer deliver; ``idle()`` still waits for
  /// it, so a test knows that whatever it produced has been dropped.
  private var stopping: [UInt64: Entry] = [:]
  private var scopeLiveness: [WorkScope: @MainActor () -> Bool] = [:]
  private var scopedCount = 0 {
    didSet { if (oldValue > 0) != (scopedCount > 0) { onScopedWork?(scopedCount > 0) } }
  }
  /// Told whether any child scope has work running, when that changes.
  var onScopedWork: (@MainActor (Bool) -> Void)?
  var throttles: [Key: ThrottleWindow] = [:]
  private var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  /// Waiters for given pieces of work: the tokens still running, and who to wake.
  private var workWaiters:
    [UInt64: (tokens: Set<UInt64>, continuation: CheckedContinuation<Void, Never>)] = [:]
  /// The work started since ``collectStarts()``, when collecting.
  private var collected: [ShellWork]?
  private var lastToken: UInt64 = 0
  /// The work whose event is being delivered right now, so that work started by that event's
  /// commands knows what caused it.
  private var delivering: ShellWork?
  private(set) var isEnded = false
  /// Called after work starts, is cancelled or finishes.
  var onChange: (@MainActor () -> Void)?

  /// The number of pieces of work still running (not counting cancelled work winding down).
  var count: Int { live.count }

  /// Whether any running work belongs to a child scope (only then is a sweep needed).
  var hasScopedWork: Bool { scopedCount > 0 }

  /// The handles of the work still running, oldest first.
  var running: [ShellWork] { live.values.sorted { $0.work.token < $1.work.token }.map(\.work) }

  /// Starts `operation` under `key`. With `replacing`, work already running under the same key
  /// is cancelled first; otherwise the new work joins it.
  @discardableResult
  func start(
    _ name: Key.Name?, in scope: WorkScope, replacing: Bool,
    _ operation: @escaping @MainActor (ShellWork) async -> Void
  ) -> ShellWork? {
    guard !isEnded else { return nil }
    // Work started by cancelled work (through a captured `effects`) is refused.
    if let caller = ShellWork.current, caller.isCancelled { return nil }
    lastToken &+= 1
    let token = lastToken
    let key = Key(scope: scope, id: name ?? .anonymous(token))
    if replacing { cancelWork(under: key) }
    let work = ShellWork(id: Self.describe(key), token: token)
    (delivering ?? ShellWork.current)?.adopt(work)
    let task = Task { @MainActor [weak self] in
      await CurrentWork.$work.withValue(work) {
        await operation(work)
      }
      if let self {
        self.finish(token)
      } else {
        // The shell is gone (its release cancelled this task): nothing can deliver any more.
        work.cancel()
        work.finish()
      }
    }
    live[token] = Entry(key: key, work: work, task: task)
    byKey[key, default: []].append(token)
    collected?.append(work)
    if !scope.isRoot { scopedCount += 1 }
    onChange?()
    return work
  }

  /// Delivers `event` from `work` unless the work was cancelled. Returns whether it delivered.
  @discardableResult
  func deliver<Event>(
    _ event: Event, from work: ShellWork, to sink: @MainActor (Event) -> Void
  ) -> Bool {
    guard !work.isCancelled, !isEnded else { return false }
    let outer = delivering
    delivering = work
    // Inside the delivery the shell handles the event synchronously: what its commands send
    // comes from the command handler, not from the work.
    CurrentWork.$work.withValue(nil) { sink(event) }
    delivering = outer
    return true
  }

  /// Whether `work` (the work sending, if any) may still deliver.
  func accepts(from work: ShellWork?) -> Bool {
    !isEnded && !(work?.isCancelled ?? false)
  }

  /// Cancels every piece of work running under `key`, and a throttle's window and waiting
  /// request under it.
  func cancel(_ key: Key) {
    cancelWork(under: key)
    if case .named(let id) = key.id {
      let window = Key(scope: key.scope, id: .throttleWindow(id))
      throttles.removeValue(forKey: window)
      cancelWork(under: window)
    }
  }

  /// Cancels every piece of work running under `key`.
  private func cancelWork(under key: Key) {
    for token in byKey.removeValue(forKey: key) ?? [] {
      if let entry = live.removeValue(forKey: token) { stop(entry) }
    }
  }

  /// Remembers how to tell whether the child at `scope` still exists.
  func register(_ scope: WorkScope, isAlive: @escaping @MainActor () -> Bool) {
    if scopeLiveness[scope] == nil { scopeLiveness[scope] = isAlive }
  }

  /// Cancels the work of every child scope whose child is gone.
  func sweep() {
    var verdicts: [WorkScope: Bool] = [:]
    for entry in Array(live.values) where !entry.key.scope.isRoot {
      let scope = entry.key.scope
      let alive: Bool
      if let known = verdicts[scope] {
        alive = known
      } else {
        alive = scope.prefixes.allSatisfy { scopeLiveness[$0]?() ?? true }
        verdicts[scope] = alive
      }
      if !alive { cancel(entry.key) }
    }
    for (scope, alive) in verdicts where !alive { scopeLiveness.removeValue(forKey: scope) }
    if scopedCount == 0 { scopeLiveness.removeAll() }
  }

  /// Cancels every piece of work commands started (and throttles' windows), keeping the
  /// shell's event sources: what a jump back in time does (see `Shell.travel(to:)`). Returns how
  /// many pieces were cancelled.
  @discardableResult
  func cancelCommandWork() -> Int {
    var cancelled = 0
    for entry in Array(live.values) {
      if case .eventSource = entry.key.id { continue }
      if live.removeValue(forKey: entry.work.token) != nil {
        stop(entry)
        cancelled += 1
      }
    }
    throttles.removeAll()
    return cancelled
  }

  /// Cancels everything and refuses new work: the shell has ended.
  func end() {
    isEnded = true
    let entries = live.values
    live.removeAll()
    byKey.removeAll()
    throttles.removeAll()
    for entry in entries { stop(entry) }
  }

  /// Suspends until no work is running or stopping (including work started by work that
  /// finished meanwhile), or until the waiting task is cancelled.
  func idle() async {
    lastToken &+= 1
    let waiter = lastToken
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        if (live.isEmpty && stopping.isEmpty) || Task.isCancelled {
          continuation.resume()
        } else {
          idleWaiters[waiter] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.idleWaiters.removeValue(forKey: waiter)?.resume() }
    }
  }

  private func stop(_ entry: Entry) {
    if !entry.key.scope.isRoot { scopedCount -= 1 }
    if var tokens = byKey[entry.key] {
      tokens.removeAll { $0 == entry.work.token }
      byKey[entry.key] = tokens.isEmpty ? nil : tokens
    }
    entry.work.cancel()
    stopping[entry.work.token] = entry
    entry.task.cancel()
    onChange?()
  }

  private func finish(_ token: UInt64) {
    if let entry = live.removeValue(forKey: token) {
      if !entry.key.scope.isRoot { scopedCount -= 1 }
      if var tokens = byKey[entry.key] {
        tokens.removeAll { $0 == token }
        byKey[entry.key] = tokens.isEmpty ? nil : tokens
      }
      entry.work.finish()
    }
    stopping.removeValue(forKey: token)?.work.finish()
    onChange?()
    for (id, waiter) in workWaiters where waiter.tokens.contains(token) {
      let left = waiter.tokens.subtracting([token])
      if left.isEmpty {
        workWaiters.removeValue(forKey: id)
        waiter.continuation.resume()
      } else {
        workWaiters[id] = (left, waiter.continuation)
      }
    }
    if live.isEmpty && stopping.isEmpty && !idleWaiters.isEmpty {
      let waiters = idleWaiters.values
      idleWaiters.removeAll()
      for waiter in waiters { waiter.resume() }
    }
  }

  /// Starts collecting the work started from now on (nested collections share one list).
  func collectStarts() -> Bool {
    guard collected == nil else { return false }
    collected = []
    return true
  }

  /// Stops collecting and returns the work started since ``collectStarts()``.
  func collectedStarts() -> [ShellWork] {
    defer { collected = nil }
    return collected ?? []
  }

  /// Suspends until every piece of `works` has finished, or the waiting task is cancelled.
  func wait(for works: [ShellWork]) async {
    let tokens = Set(works.filter { !$0.isFinished }.map(\.token))
      .filter { live[$0] != nil || stopping[$0] != nil }
    guard !tokens.isEmpty else { return }
    lastToken &+= 1
    let waiter = lastToken
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        if Task.isCancelled {
          continuation.resume()
        } else {
          workWaiters[waiter] = (tokens, continuation)
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in
        self?.workWaiters.removeValue(forKey: waiter)?.continuation.resume()
      }
    }
  }

  func nextToken() -> UInt64 {
    lastToken &+= 1
    return lastToken
  }

  private static func describe(_ key: Key) -> String {
    let name: String
    switch key.id {
    case .named(let id): name = "\(id)"
    case .anonymous(let token): name = "anonymous #\(token)"
    case .eventSource(let index): name = "event source #\(index)"
    case .throttleWindow(let id): name = "throttle window of \(id)"
    }
    return key.scope.isRoot ? name : "\(key.scope) / \(name)"
  }

  deinit {
    for entry in live.values { entry.task.cancel() }
  }
}

/// The id a feature gives a piece of work.
///
/// `AnyHashable` is not `Sendable` in general, but a `WorkID` can only be made from a value
/// that is both `Hashable` and `Sendable`, or from a key path (immutable once made), and
/// `AnyHashable` only ever reads the value it boxes. proven: sharing it across tasks is safe.
struct WorkID: Hashable, @unchecked Sendable, CustomStringConvertible {
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }

  init(keyPath: AnyKeyPath) {
    self.value = AnyHashable(keyPath)
  }

  var description: String {
    if let string = value.base as? String { return "\"\(string)\"" }
    if let keyPath = value.base as? AnyKeyPath { return "\(keyPath)" }
    return "\(value.base)"
  }
}

/// The child a piece of work belongs to: the path of key paths and ids from the shell's state
/// down to the child state. Work ids are unique within a scope, so two rows of a list can each
/// run work named "load" without cancelling each other.
struct WorkScope: Hashable, Sendable, CustomStringConvertible {
  var path: [WorkID] = []

  static let root = WorkScope()
  var isRoot: Bool { path.isEmpty }

  func appending(_ step: WorkID) -> WorkScope {
    WorkScope(path: path + [step])
  }

  /// This scope and every scope above it, outermost first (without the root).
  var prefixes: [WorkScope] {
    (1...max(path.count, 1)).map { WorkScope(path: Array(path.prefix($0))) }
  }

  var description: String { path.map(\.description).joined(separator: " / ") }
}
