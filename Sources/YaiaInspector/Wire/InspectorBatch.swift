/// What an app posts to its inspector: a numbered batch of messages from one connection.
///
/// Batches of one connection (`session`) are numbered from 1 and sent one at a time, so the
/// inspector can check that none is missing or out of order. The first batch has no messages:
/// it says the app is there. A batch marked `ended` is the connection's last.
public struct InspectorBatch: Sendable, Equatable {
  /// The version of this format; the inspector refuses others with a message saying which
  /// it speaks.
  public static let currentVersion = 1

  /// The format's version.
  public var version: Int
  /// The app's name.
  public var app: String
  /// A random id of the connection.
  public var session: String
  /// The batch's number within the connection, from 1.
  public var sequence: Int
  /// The messages, in the order they happened.
  public var messages: [InspectorMessage]
  /// Whether the app disconnects after this batch.
  public var ended: Bool
  /// Whether the inspector wrote this batch into its history, not an app: the app's shells as
  /// they were when the file was rotated, so that a restart can show an app whose first
  /// batches were rotated out. No app sends one; the inspector refuses it from the network.
  package var isCheckpoint = false

  /// A batch in the current version.
  public init(
    app: String, session: String, sequence: Int, messages: [InspectorMessage],
    ended: Bool = false
  ) {
    self.version = Self.currentVersion
    self.app = app
    self.session = session
    self.sequence = sequence
    self.messages = messages
    self.ended = ended
  }
}
