/// Log lines waiting to be written, bounded in lines and bytes: what a server adds while
/// nobody reads its output is dropped and counted, never waited for.
///
/// A server that wrote each request's line itself stopped answering once its standard output
/// filled (a pipe holds about 64 KB): a test runner or IDE task that started
/// `yaia mock-server` and never read it hung at request ~1,300. With a backlog the server only
/// adds; a writer of its own takes the lines, and is the only one that waits.
struct LogBacklog: Sendable {
  /// The most lines waiting.
  static let mostLines = 10_000
  /// The most bytes waiting.
  static let mostBytes = 1 << 20

  private(set) var lines: [String] = []
  private var bytes = 0
  /// Lines dropped since the last ``take()``.
  private(set) var dropped = 0

  /// Adds `line`; `false` when the backlog is full and the line was dropped (and counted).
  mutating func add(_ line: String) -> Bool {
    let size = line.utf8.count + 1
    guard lines.count < Self.mostLines, bytes + size <= Self.mostBytes else {
      dropped += 1
      return false
    }
    lines.append(line)
    bytes += size
    return true
  }

  /// Every line waiting, oldest first, after a line saying how many were dropped (when any
  /// were); the backlog is empty after.
  mutating func take() -> [String] {
    var taken = lines
    if dropped > 0 {
      taken.insert(
        "(\(dropped) log line\(dropped == 1 ? " was" : "s were") dropped: nobody read the output)",
        at: 0)
    }
    lines = []
    bytes = 0
    dropped = 0
    return taken
  }

  /// Whether nothing waits.
  var isEmpty: Bool { lines.isEmpty && dropped == 0 }
}
