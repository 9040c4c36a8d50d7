import Synchronization

/// Holds asynchronous work until the test opens it: lets a test decide exactly when injected
/// work finishes, without sleeping.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Suspends until ``open()`` (returns at once if already open).
  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Releases every waiter, now and later.
  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }

  private var openNames: Set<String> = []
  private var named: [String: [CheckedContinuation<Void, Never>]] = [:]

  /// Suspends until ``open(_:)`` with the same name (at once if it was opened already).
  func wait(_ name: String) async {
    if isOpen || openNames.contains(name) { return }
    await withCheckedContinuation { named[name, default: []].append($0) }
  }

  /// Releases the waiters for `name`, now and later.
  func open(_ name: String) {
    openNames.insert(name)
    for waiter in named.removeValue(forKey: name) ?? [] { waiter.resume() }
  }
}

/// A value set from any task, read by the test.
final class Flag: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
