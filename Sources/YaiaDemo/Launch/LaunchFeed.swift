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

  /// An empty feed.
  init() {
    (messages, sink) = AsyncStream.makeStream(of: Message.self)
  }

  /// A step's note, passed on in order.
  func note(_ note: LaunchNote) {
    sink.yield(.note(note))
  }

  /// Runs `launch`, passing on each of its events, then its report; cancelling the caller
  /// cancels the launch.
  func run(_ launch: Launch<DemoStep>) async {
    async let report = launch.run()
    for await event in launch.events { sink.yield(.event(event)) }
    sink.yield(.ended(await report))
    sink.finish()
  }
}
