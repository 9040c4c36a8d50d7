/// Holds a test's injected services until the test opens it: the test decides exactly when
/// each piece of work finishes, and in which order, without sleeping.
///
/// A service that waits on a gate stands for a slow network call or disk write. Open it by
/// name to finish one call, or all at once:
///
/// ```swift
/// let gate = TestGate()
/// let shell = Shell(Worker()) { command, effects in
///   guard case .work(let name) = command else { return }
///   effects.run(id: name) {
///     await gate.wait(name)
///     return .got(name)
///   }
/// }
/// shell.send(.start("b"))
/// shell.send(.start("a"))
/// await gate.open("a")  // "a" finishes first, though it started second
/// ```
///
/// A wait ends when its task is cancelled, as a real call does when the shell cancels the work
/// that made it; the cancelled work's result is then dropped by the shell. A gate opened before
/// anyone waits lets every later wait through at once, so the order of `open` and `wait` does
/// not make a test flaky.
public actor TestGate {
  private var isOpen = false
  private var openNames: Set<String> = []
  private var waiters: [UInt64: Waiter] = [:]
  /// Waits whose token is taken but whose continuation is not yet kept, and those of them
  /// whose task was cancelled in between.
  private var starting: Set<UInt64> = []
  private var cancelledBeforeWaiting: Set<UInt64> = []
  private var nextToken: UInt64 = 0

  private struct Waiter {
    var name: String?
    var continuation: CheckedContinuation<Void, Never>
  }

  /// A closed gate.
  public init() {}

  /// Waits until the gate is opened with ``open()``, or the task is cancelled.
  public func wait() async {
    await hold(name: nil)
  }

  /// Waits until `name` is opened with ``open(_:)`` (or everything with ``open()``), or the
  /// task is cancelled.
  public func wait(_ name: String) async {
    await hold(name: name)
  }

  /// Lets every wait through, now and later.
  public func open() {
    isOpen = true
    let released = waiters.values
    waiters.removeAll()
    for waiter in released { waiter.continuation.resume() }
  }

  /// Lets the waits for `name` through, now and later.
  public func open(_ name: String) {
    openNames.insert(name)
    for (token, waiter) in waiters where waiter.name == name {
      waiters[token] = nil
      waiter.continuation.resume()
    }
  }

  /// How many waits are held: lets a test check that a service was called before opening.
  public var waitingCount: Int { waiters.count }

  private func hold(name: String?) async {
    if isOpen || name.map(openNames.contains) == true || Task.isCancelled { return }
    let token = nextToken
    nextToken += 1
    starting.insert(token)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        starting.remove(token)
        if cancelledBeforeWaiting.remove(token) != nil {
          continuation.resume()
        } else {
          waiters[token] = Waiter(name: name, continuation: continuation)
        }
      }
    } onCancel: {
      Task { await self.release(token) }
    }
  }

  /// Ends one wait, on its task's cancellation; remembers a token whose wait has not yet
  /// started, so that it ends as soon as it does.
  private func release(_ token: UInt64) {
    if let waiter = waiters.removeValue(forKey: token) {
      waiter.continuation.resume()
    } else if starting.contains(token) {
      cancelledBeforeWaiting.insert(token)
    }
  }
}
