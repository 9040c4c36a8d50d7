/// A stream of events bound to a shell's lifetime: notifications, a location feed, the
/// changes a database reports.
///
/// Hand sources to ``Shell/init(_:initial:sources:commands:)`` (or ``Shell/bind(_:)``): the
/// shell starts following each one when it starts, and cancels it when it ends or is released.
/// The source's task holds the shell weakly, so a source never keeps its shell alive.
///
/// ```swift
/// let shell = Shell(
///   InboxState(),
///   sources: [EventSource(mailbox.arrivals) { .arrived($0) }]
/// ) { command, effects in InboxShell.run(command, effects, services: services) }
/// shell.start()
/// ```
public struct EventSource<Event: Sendable>: Sendable {
  /// Follows the stream, sending each event through `send`, until it ends or is cancelled.
  let follow: @Sendable (Send<Event>) async -> Void

  /// A source that sends one event per element of `sequence` (none where `transform` returns
  /// `nil`), and, when the sequence ends, the event `finished` makes of its end (`nil` when it
  /// finished, the error when it threw).
  public init<S: AsyncSequence & Sendable>(
    _ sequence: S,
    _ transform: @escaping @MainActor (S.Element) -> Event?,
    finished: @escaping @MainActor ((any Error)?) -> Event? = { _ in nil }
  ) where S.Element: Sendable {
    follow = { send in
      await followSequence(sequence, send: send, transform: transform, finished: finished)
    }
  }

  /// A source whose elements are the events themselves.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Event {
    self.init(sequence, { $0 })
  }
}

/// Sends one event per element of `sequence` while `send`'s work is current, then the event
/// for its end.
func followSequence<S: AsyncSequence & Sendable, Event: Sendable>(
  _ sequence: S, send: Send<Event>,
  transform: @escaping @MainActor (S.Element) -> Event?,
  finished: @escaping @MainActor ((any Error)?) -> Event?
) async where S.Element: Sendable {
  var failure: (any Error)?
  do {
    for try await element in sequence {
      let stop = await MainActor.run { () -> Bool in
        guard !send.isCancelled else { return true }
        if let event = transform(element) { send(event) }
        return false
      }
      if stop { return }
    }
  } catch {
    failure = error
  }
  let ending = failure
  await MainActor.run {
    if !send.isCancelled, let event = finished(ending) { send(event) }
  }
}
