import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM, watched from the moment it is made, for a command that serves
/// until stopped.
///
/// Make it before printing the line that says the server is ready: whoever reads that line
/// (a person, a script, a test) may send the signal at once. Watching only afterwards would
/// lose it: before `signal(_, SIG_IGN)` the signal kills the process, and between that call and
/// the dispatch source it is dropped, so the command would serve on, unstoppable.
final class InterruptWait {
  private let stream: AsyncStream<Void>
  private var sources: [any DispatchSourceSignal] = []

  /// Starts watching.
  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    self.stream = stream
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { continuation.yield() }
      source.resume()
      sources.append(source)
    }
  }

  /// Suspends until the first signal since this was made, then stops watching.
  func wait() async {
    for await _ in stream { break }
    for source in sources { source.cancel() }
    sources = []
  }
}
