import Foundation
import Yaia

/// A shell's session as the inspector exports it: every step with its event, commands and view
/// model as the page showed them, and each event in the app's own encoding. Import it in the
/// page to look at it offline, or replay it in a test to turn a session into a regression test:
///
/// ```swift
/// let journal = try InspectorJournal(contentsOf: url)        // exported from the page
/// try expectReplay(journal, into: LoginState())               // YaiaTesting
/// ```
public struct InspectorJournal: Codable, Sendable, Equatable {
  /// The marker every journal file starts with (its `format` field).
  public static let formatName = "yaia-inspector-journal"
  /// The version this library writes and reads.
  public static let currentVersion = 1
  /// The largest file read: a journal keeps at most 50,000 steps, far below it.
  public static let largestFile = 256 << 20

  /// Always ``formatName``.
  public var format: String
  /// The format's version.
  public var version: Int
  /// The app's name.
  public var app: String
  /// The shell's name.
  public var shell: String
  /// The shell's view model when it was connected.
  public var initialViewModel: InspectedValue
  /// The steps, in order.
  public var steps: [InspectedStep]
  /// How many steps before the first were let go (a journal keeps the newest 50,000).
  public var droppedSteps: Int

  /// A journal in the current version.
  public init(
    app: String, shell: String, initialViewModel: InspectedValue, steps: [InspectedStep],
    droppedSteps: Int = 0
  ) {
    format = Self.formatName
    version = Self.currentVersion
    self.app = app
    self.shell = shell
    self.initialViewModel = initialViewModel
    self.steps = steps
    self.droppedSteps = droppedSteps
  }

  /// Reads a journal file.
  ///
  /// - Throws: ``InspectorJournalError`` when the file cannot be read, is larger than
  ///   ``largestFile``, or is not a journal.
  public init(contentsOf url: URL) throws(InspectorJournalError) {
    let size: Int
    do {
      size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
    } catch {
      throw .unreadable(url.path, reason: error.localizedDescription)
    }
    guard size <= Self.largestFile else {
      throw .notAJournal(
        "\(url.path) holds \(size) bytes; a journal is at most \(Self.largestFile)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(url.path, reason: error.localizedDescription)
    }
    try self.init(data: data)
  }

  /// Reads a journal from the bytes of its file.
  ///
  /// - Throws: ``InspectorJournalError/notAJournal(_:)`` with what was wrong and where.
  public init(data: Data) throws(InspectorJournalError) {
    guard data.count <= Self.largestFile else {
      throw .notAJournal("\(data.count) bytes; a journal is at most \(Self.largestFile)")
    }
    struct Header: Decodable {
      var format: String?
      var version: Int?
    }
    let decoder = JSONDecoder()
    guard let header = try? decoder.decode(Header.self, from: data) else {
      throw .notAJournal("not JSON, or not a JSON object")
    }
    guard header.format == Self.formatName else {
      throw .notAJournal("its \"format\" is not \"\(Self.formatName)\"")
    }
    guard header.version == Self.currentVersion else {
      throw .unsupportedVersion(header.version ?? 0, supported: Self.currentVersion)
    }
    do {
      self = try decoder.decode(Self.self, from: data)
    } catch {
      throw .notAJournal(Self.describe(error))
    }
    guard droppedSteps >= 0 else { throw .notAJournal("\"droppedSteps\" is negative") }
    var previous = 0
    for (position, step) in steps.enumerated() {
      guard step.index >= 1 else {
        throw .notAJournal(
          "step \(position + 1) has index \(step.index); a shell's steps count from 1")
      }
      guard step.index > previous else {
        throw .notAJournal(
          "step \(position + 1) has index \(step.index), not after \(previous): steps are in order")
      }
      previous = step.index
    }
  }

  /// The file's bytes.
  public func fileData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(self)) ?? Data()
  }

  /// The events, decoded from the app's own encoding, to replay into a state.
  ///
  /// - Throws: ``InspectorJournalError/notReplayable(_:)`` when the journal lost its first
  ///   steps, a step has no encoding (the shell's events are not `Codable`) or is a jump back
  ///   in time, and
  ///   ``InspectorJournalError/eventUnreadable(step:reason:)`` when an event does not decode
  ///   as `Event`.
  public func journal<Event: Decodable>(of type: Event.Type) throws(InspectorJournalError)
    -> Journal<Event>
  {
    guard droppedSteps == 0 else {
      throw .notReplayable(
        "the journal lost its first \(droppedSteps) steps, so its state cannot be rebuilt")
    }
    var events: [Event] = []
    events.reserveCapacity(steps.count)
    let decoder = JSONDecoder()
    for step in steps {
      if let back = step.jumpedTo {
        throw .notReplayable(
          "step \(step.index) is a jump back in time to the state after step \(back), which replaying the events in order does not make; replay the steps before it"
        )
      }
      guard let json = step.eventJSON else {
        throw .notReplayable(
          "step \(step.index) carries no encoded event: either it holds a secret (InspectorSecret), which is never sent, or the shell's Event type is not Codable"
        )
      }
      do {
        events.append(try decoder.decode(Event.self, from: Data(json.utf8)))
      } catch {
        throw .eventUnreadable(step: step.index, reason: Self.describe(error))
      }
    }
    return Journal(events)
  }

  package static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      guard !parts.isEmpty else { return "at the top" }
      // A path hundreds of levels deep (a value nested past the limit) is shown by its ends.
      guard parts.count > 12 else { return "at \(parts.joined())" }
      return
        "at \(parts.prefix(6).joined())…(\(parts.count - 10) levels)…\(parts.suffix(4).joined())"
    }
    switch error {
    case .dataCorrupted(let context): return "\(context.debugDescription) \(path(context))"
    case .keyNotFound(let key, let context):
      return "\"\(key.stringValue)\" is missing \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(context.debugDescription) \(path(context))"
    @unknown default: return "\(error)"
    }
  }
}

/// Why a journal file could not be read or replayed.
public enum InspectorJournalError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(String, reason: String)
  /// The file is not an inspector journal.
  case notAJournal(String)
  /// The file is a journal of another version.
  case unsupportedVersion(Int, supported: Int)
  /// The journal cannot be replayed.
  case notReplayable(String)
  /// A step's event does not decode as the state's event type.
  case eventUnreadable(step: Int, reason: String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "Cannot read journal \(path): \(reason)."
    case .notAJournal(let reason): "Not a Yaia Inspector journal: \(reason)."
    case .unsupportedVersion(let version, let supported):
      "Journal version \(version) is not supported; this library reads version \(supported)."
    case .notReplayable(let reason): "The journal cannot be replayed: \(reason)."
    case .eventUnreadable(let step, let reason):
      "The event of step \(step) does not decode: \(reason)."
    }
  }
}
