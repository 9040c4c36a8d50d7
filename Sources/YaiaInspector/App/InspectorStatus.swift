import Foundation

/// What the main actor and the sender share about a connection: whether it is still open, why
/// it closed, the ids handed out, and the counts the app can read.
///
/// `@unchecked Sendable`, proven: every stored property except `lock` is read and written only
/// inside `lock.withLock`.
final class InspectorStatus: @unchecked Sendable {
  private let lock = NSLock()
  private var connected = true
  private var reachable = true
  private var why: String?
  private var shells = 0
  private var launches = 0
  private var droppedCount = 0
  private var deliveredCount = 0
  private var sending = false
  private var timeTravel = false

  /// Whether shells still record: until the app disconnects or the inspector refuses it.
  var isOpen: Bool { lock.withLock { connected } }
  /// Whether the inspector is answering now: open, and not between a lost connection and its
  /// return.
  var isConnected: Bool { lock.withLock { connected && reachable } }
  var problem: String? { lock.withLock { why } }
  var dropped: Int { lock.withLock { droppedCount } }
  var delivered: Int { lock.withLock { deliveredCount } }
  var isSending: Bool { lock.withLock { sending } }
  /// Whether a shell travels in time: the sender then asks for news more often.
  var travelsInTime: Bool { lock.withLock { timeTravel } }

  func setTravelsInTime() { lock.withLock { timeTravel = true } }

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

  /// Notes that the inspector stopped answering; `true` if it was answering until now.
  func lose(problem: String) -> Bool {
    lock.withLock {
      guard reachable else { return false }
      reachable = false
      why = problem
      return true
    }
  }

  /// Notes that the inspector answers again; `true` if it was lost until now.
  func regain() -> Bool {
    lock.withLock {
      guard !reachable else { return false }
      reachable = true
      why = nil
      return true
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
