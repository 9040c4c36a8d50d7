import YaiaInspector
import YaiaSequencer

/// Everything the launch tells the app, in the order it happened, on one stream: the steps'
/// progress, what the steps learn (``LaunchNote``), and the report at the end.
///
/// The app's shell follows ``messages`` as an event source; the launch runs as the shell's
/// work (``run(_:)``); the steps hand their notes to ``note(_:)``. Answers go back the other
/// way, as the app state's commands. One channel, no bridges.
struct LaunchFeed: Sendable {
  /// One thing the launch said.
  enum Message: Sendable {
    /// A step's progress.
    case event(LaunchEvent<DemoStep>)
    /// What a step learned.
    case note(LaunchNote)
    /// The launch is over.
    case ended(LaunchReport<DemoStep>)
  }

  /// What the launch says, in order; finishes after ``Message/ended(_:)``.
  let messages: AsyncStream<Message>
  private let sink: AsyncStream<Message>.Continuation
  /// Where the launch's events and report also go when an inspector is connected.
  private let inspector: Inspector?

  /// An empty feed; with an `inspector`, the launch is shown in it too.
  init(inspector: Inspector? = nil) {
    (messages, sink) = AsyncStream.makeStream(of: Message.self)
    self.inspector = inspector
  }

  /// A step's note, passed on in order.
  func note(_ note: LaunchNote) {
    sink.yield(.note(note))
  }

  /// Runs `launch`, passing on each of its events, then its report; cancelling the caller
  /// cancels the launch.
  func run(_ launch: Launch<DemoStep>) async {
    let inspection = inspector?.inspect(launch)
    async let report = launch.run()
    for await event in launch.events {
      inspection?.record(event)
      sink.yield(.event(event))
    }
    let ended = await report
    inspection?.finish(ended)
    sink.yield(.ended(ended))
    sink.finish()
  }
}
