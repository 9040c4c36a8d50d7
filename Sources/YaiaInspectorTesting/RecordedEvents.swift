import Foundation
public import Testing
public import Yaia
import YaiaInspector
public import YaiaTesting

/// Reads the events of a test exported from Yaia Inspector (`yaia inspect export-test`, or
/// "Make a test" on its page): each event is written in the app's own `Codable` encoding, as
/// the app sent it, so the test rebuilds exactly the events the app handled.
///
/// ```swift
/// let event = RecordedEvents(LoginState.Event.self)
/// try Given(LoginState())
///   .step(event(#"{"submit":{}}"#), changes: ["isLoading": "true"])
/// ```
public struct RecordedEvents<Event: Decodable>: Sendable {
  private let userInfo: [CodingUserInfoKey: any Sendable]

  /// Reads `Event`s, its decoder given `userInfo` (a stack of screens needs the app's
  /// `ScreenTypes` under `ScreenTypes.userInfoKey`).
  public init(_ type: Event.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    self.userInfo = userInfo
  }

  /// The event written as `json`.
  ///
  /// - Throws: ``RecordedEventError`` saying what in `json` did not decode (an event type
  ///   changed since the recording: edit the JSON, or record again).
  public func callAsFunction(_ json: String) throws(RecordedEventError) -> Event {
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    do {
      return try decoder.decode(Event.self, from: Data(json.utf8))
    } catch {
      throw RecordedEventError(
        description:
          "A recorded event does not read as \(Event.self): \(InspectorJournal.describe(error)). Its JSON: \(json.prefix(300))"
      )
    }
  }
}

/// A recorded event that does not read as the test's event type: what did not decode, and the
/// event's JSON.
public struct RecordedEventError: Error, Sendable, CustomStringConvertible {
  /// What was wrong and where.
  public let description: String
}

extension Given {
  /// Handles `event` and checks what changed in the view model, as Yaia Inspector shows it:
  /// each path that changed and its new value on one line (`InspectedValue.oneLine`), exactly
  /// these and no others. What an exported test asserts at each step:
  ///
  /// ```swift
  /// .step(event(…), changes: ["rows[0].title": #""Kitchen""#, "isLoading": "false"])
  /// .step(event(…), changes: [:])           // nothing shown changed
  /// ```
  ///
  /// A path that was removed reads `<removed>`. On failure the test names the step and each
  /// path whose value differs, is missing or is extra.
  @discardableResult
  public func step(
    _ event: State.Event, changes expected: KeyValuePairs<String, String>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Given {
    var next = state
    _ = next.handle(event)
    let actual = Self.shownChanges(from: state.viewModel, to: next.viewModel)
    var wanted: [String: String] = [:]
    var lines: [String] = []
    for (path, value) in expected {
      if wanted.updateValue(value, forKey: path) != nil {
        lines.append("  \(Self.name(path)): expected twice")
      }
    }
    for (path, value) in wanted.sorted(by: { $0.key < $1.key }) {
      switch actual[path] {
      case nil: lines.append("  \(Self.name(path)): expected \(value), did not change")
      case value?: break
      case let shown?: lines.append("  \(Self.name(path)): expected \(value), is \(shown)")
      }
    }
    for (path, shown) in actual.sorted(by: { $0.key < $1.key }) where wanted[path] == nil {
      lines.append("  \(Self.name(path)): changed to \(shown), not expected")
    }
    if !lines.isEmpty {
      reportFailure(
        (["View model changes differ at step \(stepsTaken + 1), \(dumped(event)):"] + lines)
          .joined(separator: "\n"), at: sourceLocation)
    }
    return Given(next, stepsTaken: stepsTaken + 1)
  }

  /// Handles `event` and checks which paths of the view model changed, whatever their values:
  /// what an exported test asserts at a step whose event held a secret, since it replays with
  /// the secret's placeholder (a typed name shows as dots), so the values may differ from what
  /// the app showed while the places that change do not.
  @discardableResult
  public func step(
    _ event: State.Event, changedPaths expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Given {
    var next = state
    _ = next.handle(event)
    let actual = Set(Self.shownChanges(from: state.viewModel, to: next.viewModel).keys)
    let wanted = Set(expected)
    let lines =
      wanted.subtracting(actual).sorted().map { "  \(Self.name($0)): expected to change, did not" }
      + actual.subtracting(wanted).sorted().map { "  \(Self.name($0)): changed, not expected" }
    if !lines.isEmpty {
      reportFailure(
        (["View model changes differ at step \(stepsTaken + 1), \(dumped(event)):"] + lines)
          .joined(separator: "\n"), at: sourceLocation)
    }
    return Given(next, stepsTaken: stepsTaken + 1)
  }

  /// Each changed path and its value after, as the inspector shows them.
  static func shownChanges(from before: State.ViewModel, to after: State.ViewModel)
    -> [String: String]
  {
    var changes: [String: String] = [:]
    for change in InspectedChange.between(InspectedValue(before), InspectedValue(after)) {
      changes[change.path] = change.after?.oneLine ?? "<removed>"
    }
    return changes
  }

  private static func name(_ path: String) -> String {
    path.isEmpty ? "(the whole view model)" : path
  }
}
