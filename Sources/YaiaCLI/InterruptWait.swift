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

  /// Starts watching, and returns once the watch is registered (at most 10 s).
  ///
  /// libdispatch registers a signal source after `resume()`, on its own thread, and on Linux
  /// the registration makes a descriptor (a `signalfd`). A server that the next moment holds
  /// every descriptor the process may open (as a mock server out of descriptors does) would
  /// leave it unregistered, and Ctrl-C would be lost: so the line that says the server is
  /// ready waits for the registration.
  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    self.stream = stream
    let registered = DispatchSemaphore(value: 0)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { continuation.yield() }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      sources.append(source)
    }
    for _ in sources { _ = registered.wait(timeout: .now() + .seconds(10)) }
  }

  /// Suspends until the first signal since this was made, then stops watching.
  func wait() async {
    for await _ in stream { break }
    for source in sources { source.cancel() }
    sources = []
  }
}
