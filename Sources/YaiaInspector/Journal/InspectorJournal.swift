public import Foundation
public import Yaia
import YaiaHTTP

/// A shell's session as the inspector exports it: every step with its event, commands and view
/// model as the page showed them, and each event in the app's own encoding. Import it in the
/// page to look at it offline, or replay it in a test to turn a session into a regression test:
///
/// ```swift
/// let journal = try InspectorJournal(contentsOf: url)        // exported from the page
/// try expectReplay(journal, into: LoginState())               // YaiaInspectorTesting
/// ```
public struct InspectorJournal: Sendable, Equatable {
  /// The marker every journal file starts with (its `format` field).
  public static let formatName = "yaia-inspector-journal"
  /// The version this library writes. Version 2 writes a step's view model as its changes from
  /// the step before where they are shorter; version 1 (whole view models) is still read.
  public static let currentVersion = 2
  /// The versions this library reads.
  public static let readableVersions = 1...currentVersion
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
    let read: [UInt8]?
    do {
      read = try OutsideFile.read(url.path, atMost: Self.largestFile)
    } catch .tooLarge {
      throw .notAJournal(
        "\(url.path) holds more than \(Self.largestFile) bytes, the most a journal may")
    } catch {
      throw .unreadable(url.path, reason: error.description)
    }
    guard let read else { throw .unreadable(url.path, reason: "no such file") }
    let data = Data(read)
    try self.init(data: data)
  }

  /// Reads a journal from the bytes of its file.
  ///
  /// The file is read by the inspector's own JSON reader, the one that reads an app's batches:
  /// one format, one reader and one writer, whatever carries it.
  ///
  /// - Throws: ``InspectorJournalError/notAJournal(_:)`` with what was wrong and where.
  public init(data: Data) throws(InspectorJournalError) {
    guard data.count <= Self.largestFile else {
      throw .notAJournal("\(data.count) bytes; a journal is at most \(Self.largestFile)")
    }
    let value: JSONValue
    do {
      value = try JSONReader.parse(data, limits: Self.limits)
    } catch {
      throw .notAJournal(error.description)
    }
    guard let object = try? WireObject(value, at: .root) else {
      throw .notAJournal("not a JSON object")
    }
    guard case .string(Self.formatName)? = object["format"]?.kind else {
      throw .notAJournal("its \"format\" is not \"\(Self.formatName)\"")
    }
    let version = try? object.int("version", in: 0...Int(Int32.max))
    guard let version, Self.readableVersions.contains(version) else {
      throw .unsupportedVersion(version ?? 0, supported: Self.currentVersion)
    }
    do {
      self = try Self(wire: object)
    } catch {
      throw .notAJournal(error.description)
    }
    // A view model written as its changes is rebuilt from the one before it: in memory every
    // changed step holds its whole view model, as the inspector and the replay read it.
    var before = initialViewModel
    for position in steps.indices {
      if steps[position].viewModel == nil, let changes = steps[position].viewModelChanges {
        guard let after = before.applying(changes) else {
          throw .notAJournal(
            "the view-model changes of step \(steps[position].index) do not fit the view model before it"
          )
        }
        steps[position].viewModel = after
      }
      steps[position].viewModelChanges = nil
      if let after = steps[position].viewModel { before = after }
    }
    var previous = 0
    for (position, step) in steps.enumerated() {
      guard step.index > previous else {
        throw .notAJournal(
          "step \(position + 1) has index \(step.index), not after \(previous): steps are in order")
      }
      previous = step.index
    }
  }

  /// What one journal file may cost to read: its values are at least a few bytes each.
  private static let limits = InputBudget.Limits(
    depth: JSONReader.maximumDepth, bytes: .max, elements: largestFile / 8)

  private init(wire object: WireObject) throws(InspectorWireError) {
    let app = try object.string("app")
    let shell = try object.string("shell")
    let initialViewModel = try InspectedValue(
      wire: try object.object("initialViewModel").value, at: .key(.root, "initialViewModel"))
    var steps: [InspectedStep] = []
    for (element, at) in try object.array("steps") {
      steps.append(try InspectedStep(wire: try WireObject(element, at: at)))
    }
    self.init(
      app: app, shell: shell, initialViewModel: initialViewModel, steps: steps,
      droppedSteps: try object.int("droppedSteps", in: 0...Int.max >> 11))
  }

  /// The file's bytes: the format's members, then the app's, the shell's and the steps.
  public func fileData() -> Data {
    var json = JSONWriter(capacity: 4_096 + steps.count * 512)
    json.object { json in
      json.key("format")
      json.string(format)
      json.key("version")
      json.int(version)
      json.key("app")
      json.string(app)
      json.key("shell")
      json.string(shell)
      json.key("droppedSteps")
      json.int(droppedSteps)
      json.key("initialViewModel")
      initialViewModel.write(to: &json)
      json.key("steps")
      json.array { json in
        var before = initialViewModel
        for step in steps {
          let written = Self.shortest(step, after: before)
          if let after = step.viewModel { before = after }
          json.object { json in written.writeMembers(to: &json) }
        }
      }
    }
    return Data(json.bytes)
  }

  /// `step` as it is written: its view model as the changes from `before` when they are
  /// shorter and rebuild it exactly, else whole. A step that changes one field of a large view
  /// model costs that field, not the view model (a sample app's steps: about 16 KB each whole).
  static func shortest(_ step: InspectedStep, after before: InspectedValue) -> InspectedStep {
    guard let after = step.viewModel else { return step }
    let changes = InspectedChange.between(before, after)
    guard before.applying(changes) == after else { return step }
    var whole = JSONWriter(capacity: 1_024)
    after.write(to: &whole)
    var changed = JSONWriter(capacity: 256)
    changed.array { json in for change in changes { change.write(to: &json) } }
    guard changed.bytes.count < whole.bytes.count else { return step }
    var written = step
    written.viewModel = nil
    written.viewModelChanges = changes
    return written
  }

  /// The events, decoded from the app's own encoding, to replay into a state.
  ///
  /// - Throws: ``InspectorJournalError/notReplayable(_:)`` when the journal lost its first
  ///   steps or has a hole (steps dropped, or recorded while paused), a step has no encoding (the shell's events are not `Codable`) or is a jump back
  ///   in time, and
  ///   ``InspectorJournalError/eventUnreadable(step:reason:)`` when an event does not decode
  ///   as `Event`.
  ///
  /// - Parameters:
  ///   - type: The shell's event type.
  ///   - userInfo: What the decoder is given: an app whose events carry screen events gives its
  ///     `ScreenTypes` under `ScreenTypes.userInfoKey`.
  public func journal<Event: Decodable>(
    of type: Event.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws(InspectorJournalError) -> Journal<Event> {
    var events: [Event] = []
    events.reserveCapacity(steps.count)
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    for (step, json) in try replayableSteps(through: steps.last?.index ?? 0) {
      do {
        events.append(try decoder.decode(Event.self, from: Data(json.utf8)))
      } catch {
        throw .eventUnreadable(step: step.index, reason: Self.describe(error))
      }
    }
    return Journal(events)
  }

  /// The steps from the first through step `last`, each with its event's encoding, when they
  /// rebuild the app's states in order: none lost before them, no hole, no jump, every event
  /// encoded.
  ///
  /// - Throws: ``InspectorJournalError/notReplayable(_:)`` saying which step cannot be
  ///   replayed and why.
  package func replayableSteps(through last: Int) throws(InspectorJournalError) -> [(
    step: InspectedStep, json: String
  )] {
    guard droppedSteps == 0 else {
      throw .notReplayable(
        "the journal lost its first \(droppedSteps) steps, so its state cannot be rebuilt")
    }
    var replayable: [(step: InspectedStep, json: String)] = []
    // A shell's steps are numbered from 1: the first is after step 0, its first state.
    var previous = 0
    for step in steps where step.index <= last {
      // A hole in the indexes is events the journal never got (the app dropped them, or
      // recording was paused): replaying around it would rebuild states the app never had.
      if step.index != previous + 1 {
        throw .notReplayable(
          "steps \(previous + 1)–\(step.index - 1) are not in the journal (the app dropped them, or recording was paused), so the states after them cannot be rebuilt; replay the steps before step \(previous + 1)"
        )
      }
      previous = step.index
      if let back = step.jumpedTo {
        throw .notReplayable(
          "step \(step.index) is a jump back in time to the state after step \(back), which replaying the events in order does not make; replay the steps before it"
        )
      }
      if case .record(type: "TimeTravelSkip", _) = step.event {
        throw .notReplayable(
          "step \(step.index) put the app in a state recomputed without an earlier step (a skip from the page), which replaying the events in order does not make; replay the steps before it"
        )
      }
      guard let json = step.eventJSON else {
        throw .notReplayable(
          "step \(step.index) carries no encoded event: either it holds a secret (InspectorSecret) whose type writes no placeholder, or the shell's Event type is not Codable, or its encoding failed"
        )
      }
      replayable.append((step, json))
    }
    guard previous == last else {
      throw .notReplayable("the journal ends at step \(previous), before step \(last)")
    }
    return replayable
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
