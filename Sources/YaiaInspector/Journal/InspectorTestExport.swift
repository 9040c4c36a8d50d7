import Foundation

/// A recorded session written as a Swift Testing test: the events the app handled, each in
/// its own `Codable` encoding, and after each asserted step what changed on screen, with
/// YaiaTesting's `Given`/`when` and YaiaInspectorTesting's `step`. It passes as recorded; a
/// developer edits the one expectation that is wrong and has a failing test for the bug: the
/// way to report one.
///
/// ```swift
/// var export = InspectorTestExport(journal: journal, state: "LoginState()")
/// export.firstAsserted = 3                     // steps 1–2 are replayed, not asserted
/// let source = try export.swiftSource()        // what `yaia inspect export-test` writes
/// ```
///
/// `yaia inspect export-test JOURNAL` and the page's "Make a test" write the same file.
public struct InspectorTestExport: Sendable {
  /// The most steps asserted one by one: a longer chain is slow to compile and to read.
  /// Export a range instead (the steps before it are replayed without assertions).
  public static let mostAssertedSteps = 500
  /// The most steps a test replays in all.
  public static let mostSteps = 20_000

  /// The recorded session.
  public var journal: InspectorJournal
  /// The Swift expression of the state the shell started from: `LoginState()`.
  public var state: String
  /// The Swift name of the shell's event type; by default the state's type's `Event`.
  public var eventType: String?
  /// A Swift expression of the app's `ScreenTypes`, when its events carry screen events.
  public var screenTypes: String?
  /// Modules the test imports with `@testable` (the app's).
  public var testableImports: [String] = []
  /// The test function's name.
  public var testName = "recordedSession"
  /// The first step whose changes are asserted; the steps before it are replayed.
  public var firstAsserted = 1
  /// The last step of the test; by default the journal's last.
  public var lastStep: Int?

  /// A test of `journal`, from the state `state`.
  public init(journal: InspectorJournal, state: String) {
    self.journal = journal
    self.state = state
  }

  /// What the export cannot write, and why.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The journal does not rebuild the states (a hole, a jump, an event with no encoding).
    case notReplayable(InspectorJournalError)
    /// A setting is not usable in Swift source; which and why.
    case setting(String)

    /// The problem in a sentence.
    public var description: String {
      switch self {
      case .notReplayable(let error): "Cannot make a test: \(error.description)"
      case .setting(let reason): "Cannot make a test: \(reason)."
      }
    }
  }

  /// The test file's text.
  ///
  /// - Throws: ``Problem`` when the steps do not replay, or a setting is empty, spans lines or
  ///   is not a Swift name where one is needed.
  public func swiftSource() throws(Problem) -> String {
    let eventType = try checkedSettings()
    let newest = journal.steps.last?.index ?? 0
    guard newest >= 1 else { throw .setting("the journal has no steps") }
    let last = lastStep ?? newest
    guard (1...newest).contains(last) else {
      throw .setting(
        "the last step asked for is \(last), but the journal's steps are 1–\(newest): choose one of them"
      )
    }
    guard last <= Self.mostSteps else {
      throw .setting(
        "step \(last) is past the \(Self.mostSteps) steps a test replays: replay a range that ends sooner (a test through step \(Self.mostSteps) at most)"
      )
    }
    guard (1...last).contains(firstAsserted) else {
      throw .setting("the first step asserted (\(firstAsserted)) is not within steps 1–\(last)")
    }
    guard last - firstAsserted < Self.mostAssertedSteps else {
      throw .setting(
        "steps \(firstAsserted)–\(last) are \(last - firstAsserted + 1), more than the \(Self.mostAssertedSteps) a test asserts one by one: choose a shorter range"
      )
    }
    let steps: [(step: InspectedStep, json: String)]
    do {
      steps = try journal.replayableSteps(through: last)
    } catch {
      throw .notReplayable(error)
    }
    var source = header(last: last)
    let userInfo = screenTypes.map { ", userInfo: [ScreenTypes.userInfoKey: \($0)]" } ?? ""
    source += "  let event = RecordedEvents(\(eventType).self\(userInfo))\n"
    source += "  let replayed = try Given(\(state))\n"
    var viewModel = journal.initialViewModel
    var replayed = steps[...]
    if firstAsserted > 1 {
      source += "    .when([\n"
      for (step, json) in replayed.prefix(firstAsserted - 1) {
        source +=
          "      event(\(SwiftLiteral.raw(json))),  // \(step.index) \(Self.casePath(step.event))\n"
        viewModel = Self.viewModel(after: step, from: viewModel)
      }
      source += "    ])\n    .given\n"
      replayed = replayed.dropFirst(firstAsserted - 1)
    }
    for (step, json) in replayed {
      let after = Self.viewModel(after: step, from: viewModel)
      let changes = InspectedChange.between(viewModel, after)
      viewModel = after
      source += "    .step(\n"
      source +=
        "      event(\(SwiftLiteral.raw(json))),  // \(step.index) \(Self.casePath(step.event))\n"
      if changes.isEmpty {
        source += "      changes: [:])\n"
        continue
      }
      // An event that held a secret replays with the secret's placeholder: what it shows may
      // differ in value (a typed name as dots), not in place.
      if step.event.holdsSecret {
        source +=
          "      // It held a secret, replayed as its placeholder: only the places checked.\n"
        source += "      changedPaths: [\n"
        for change in changes { source += "        \(SwiftLiteral.string(change.path)),\n" }
        source += "      ])\n"
        continue
      }
      source += "      changes: [\n"
      for change in changes {
        let value = change.after?.oneLine ?? "<removed>"
        source += "        \(SwiftLiteral.string(change.path)): \(SwiftLiteral.string(value)),\n"
      }
      source += "      ])\n"
    }
    // Each step above records its own failures; this says the chain ran them all.
    source += "  #expect(replayed.stepsTaken == \(last), \"every recorded step replayed\")\n"
    source += "}\n"
    return source
  }

  /// The settings, checked; the event type's name.
  private func checkedSettings() throws(Problem) -> String {
    func oneLine(_ value: String, _ name: String) throws(Problem) {
      guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw .setting("the \(name) is empty")
      }
      guard !value.unicodeScalars.contains(where: SwiftLiteral.needsEscape) else {
        throw .setting("the \(name) holds a line break or a control character")
      }
    }
    try oneLine(state, "state")
    let eventType = eventType ?? Self.typeName(of: state).map { $0 + ".Event" }
    guard let eventType else {
      throw .setting(
        "the event type cannot be told from the state \"\(state)\": give it (--event-type)")
    }
    try oneLine(eventType, "event type")
    if let screenTypes { try oneLine(screenTypes, "screen types") }
    guard Self.isIdentifier(testName) else {
      throw .setting("the test's name \"\(testName)\" is not a Swift name")
    }
    for module in testableImports where !Self.isIdentifier(module) {
      throw .setting("the module \"\(module)\" is not a Swift name")
    }
    return eventType
  }

  private func header(last: Int) -> String {
    let app = Self.comment(journal.app)
    let shell = Self.comment(journal.shell)
    var text = """
      // swift-format-ignore-file
      // (Made by `yaia inspect export-test`: its lines are recorded events, as long as they are.)
      // A session of \(app) (its shell \(shell)), recorded by Yaia Inspector: steps 1–\(last),
      // what changed on screen checked from step \(firstAsserted). Each step is the event the
      // app handled, in its own encoding, and the view model's paths that changed, as the
      // inspector showed them. It passes as recorded. To report a bug, change the expectation
      // that is wrong to what it should be: the test then fails on the bug.

      import Testing
      import Yaia
      import YaiaInspectorTesting
      import YaiaTesting

      """
    for module in testableImports { text += "\n@testable import \(module)\n" }
    text +=
      "\n@Test(\(SwiftLiteral.string("\(journal.app), \(journal.shell): steps \(firstAsserted)–\(last) as recorded")))\n"
    text += "func \(testName)() throws {\n"
    return text
  }

  /// The view model after `step`: the one it carries, the one before with its changes, or
  /// the one before when nothing changed.
  static func viewModel(after step: InspectedStep, from before: InspectedValue) -> InspectedValue {
    guard step.changed else { return before }
    if let whole = step.viewModel { return whole }
    if let changes = step.viewModelChanges, let applied = before.applying(changes) {
      return applied
    }
    return before
  }

  /// `onTop › PairingState › pick`: the cases an event is made of, outermost first.
  static func casePath(_ event: InspectedValue) -> String {
    var names: [String] = []
    var value = event
    while case .enumCase(_, let name, let values) = value, names.count < 12 {
      names.append(name)
      guard let inner = values.last(where: { if case .enumCase = $0.value { true } else { false } })
      else { break }
      value = inner.value
    }
    return comment(names.joined(separator: " › "))
  }

  /// `text` safe in a line comment: no line break, no control or direction character.
  static func comment(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { SwiftLiteral.needsEscape($0) ? "�" : $0 }.prefix(120)))
  }

  /// `LoginState` for `LoginState()` or `Shop.Cart(items: [])`.
  static func typeName(of expression: String) -> String? {
    let name = expression.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.allSatisfy({ isIdentifier(String($0)) }) else { return nil }
    return name
  }

  /// Whether `text` is a plain Swift identifier.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}
