import Foundation

/// What the main actor and the sender share about a connection: whether it is still open, why
/// it closed, the ids handed out, and the counts the app can read.
///
/// `@unchecked Sendable`, proven: every stored property except `lock` is read and written only
/// inside `lock.withLock`.
final class InspectorStatus: @unchecked Sendable {
  private let lock = NSLock()
  private var connected = true
  private var why: String?
  private var shells = 0
  private var launches = 0
  private var droppedCount = 0
  private var deliveredCount = 0
  private var sending = false

  var isConnected: Bool { lock.withLock { connected } }
  var problem: String? { lock.withLock { why } }
  var dropped: Int { lock.withLock { droppedCount } }
  var delivered: Int { lock.withLock { deliveredCount } }
  var isSending: Bool { lock.withLock { sending } }

  func nextShell() -> Int {
    lock.withLock {
      shells += 1
      return shells
    }
  }
  func nextLaunch() -> Int {
    lock.withLock {
      launches += 1
      return launches
    }
  }

  func setSending(_ value: Bool) { lock.withLock { sending = value } }

  func sent(delivered: Int, dropped: Int) {
    lock.withLock {
      deliveredCount += delivered
      droppedCount += dropped
    }
  }

  /// Closes the connection, keeping the first reason given.
  func end(problem: String?) {
    lock.withLock {
      if connected, why == nil { why = problem }
      connected = false
    }
  }
}
