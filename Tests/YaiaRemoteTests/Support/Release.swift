import Synchronization

/// Holds a server's handlers until the test opens it: a test that must show the client did not
/// wait for the server's answer keeps the answer back until the client has returned, instead of
/// asserting that the client returned within some seconds (which a busy machine can break).
final class Release: Sendable {
  private let opened = Mutex(false)

  /// Lets every handler waiting, and every later one, go on.
  func open() { opened.withLock { $0 = true } }

  /// Waits until the test opens it, at most `limit` (a bound far from any honest run: it only
  /// keeps a broken test from holding the server forever).
  func wait(atMost limit: Duration = .seconds(60)) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while !opened.withLock({ $0 }), clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}
