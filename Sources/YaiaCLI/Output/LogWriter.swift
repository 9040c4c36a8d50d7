import Dispatch
import Foundation
import Yaia

/// Writes log lines to standard output on a thread of its own, from a bounded ``LogBacklog``:
/// a server logging a line per request never waits for a reader.
final class LogWriter: Sendable {
  private struct State {
    var backlog = LogBacklog()
    /// Lines taken and not yet written.
    var writing = 0
  }

  private let state = Locked(State())
  /// Signalled once per line added; the writer wakes and takes everything waiting.
  private let waiting = DispatchSemaphore(value: 0)
  private let write: @Sendable (String) -> Void

  /// A writer handing each line to `write` (standard output, by default), on its own thread.
  init(write: @escaping @Sendable (String) -> Void = LogWriter.standardOutput) {
    self.write = write
    // A thread, not a task: writing blocks while nobody reads, and a blocked task would hold
    // one of the few threads of the cooperative pool the server runs on.
    Thread.detachNewThread { [self] in
      while true {
        waiting.wait()
        let lines = state.withLock { state in
          let lines = state.backlog.take()
          state.writing = lines.count
          return lines
        }
        for line in lines { self.write(line) }
        state.withLock { $0.writing = 0 }
      }
    }
  }

  /// Adds `line` and returns at once: when the backlog is full the line is dropped and
  /// counted, and the count is written when the reader catches up.
  func log(_ line: String) {
    state.withLock { _ = $0.backlog.add(line) }
    waiting.signal()
  }

  /// Waits until every line is written, up to `seconds`: before a last line or an exit.
  func flush(within seconds: Double = 2) {
    let deadline = Date().addingTimeInterval(seconds)
    while !state.withLock({ $0.backlog.isEmpty && $0.writing == 0 }), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  /// Standard output, one line at a time.
  static let standardOutput: @Sendable (String) -> Void = { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
