import YaiaSupport

/// The identifier a UI test finds an element by: the screen, the element, and for a row of a
/// list the row's own identity: `pairing.speakerRow[A1B2]`.
///
/// A view model hands these out with the elements a user can act on, so ids are made in one
/// place, from values, and a test checks that they are unique on their screen and the same in
/// two runs (``AccessibilityAudit``). Deriving a row's id from its identity, never its index,
/// keeps a test pointing at the same speaker when the list reorders.
public struct AccessibilityID: Hashable, Sendable, CustomStringConvertible, Comparable {
  /// The screen: `pairing`.
  public var screen: String
  /// The element on it: `speakerRow`, `pairButton`.
  public var element: String
  /// The row's identity, for an element repeated in a list.
  public var row: String?

  /// The id of `element` on `screen`, for the row with identity `row` when it is one.
  public init(screen: String, element: String, row: String? = nil) {
    self.screen = screen
    self.element = element
    self.row = row
  }

  /// `screen.element` or `screen.element[row]`, the string UI tests query; characters a
  /// terminal or a test log would act on are escaped.
  public var description: String {
    VisibleText.escaped(screen + "." + element + (row.map { "[" + $0 + "]" } ?? ""))
  }

  /// By their strings.
  public static func < (lhs: AccessibilityID, rhs: AccessibilityID) -> Bool {
    lhs.description < rhs.description
  }
}

/// What a view model exposes to UI tests: the id of each element a user can act on.
public protocol AccessibilityIdentified {
  /// The ids of the interactive elements the model shows, in screen order.
  var accessibilityIDs: [AccessibilityID] { get }
}

/// The checks a test runs on a screen's ids: unique on the screen, and the same when the same
/// state is shown again.
///
/// ```swift
/// #expect(AccessibilityAudit.problems { PairingState.seeded().viewModel } == [])
/// ```
public enum AccessibilityAudit {
  /// What is wrong with the ids of the models `make` returns, called twice: ids shared by two
  /// elements, ids empty in a part, and ids that differ between the two calls (a row id made
  /// from an index or a random value). Empty when the ids can be relied on.
  public static func problems(_ make: () -> some AccessibilityIdentified) -> [String] {
    let first = make().accessibilityIDs
    let second = make().accessibilityIDs
    var problems = duplicates(in: first).map { "\($0) names more than one element" }
    problems += first.filter { $0.screen.isEmpty || $0.element.isEmpty || $0.row == "" }.map {
      "\($0) has an empty part"
    }
    if first != second {
      let changed = Set(first).symmetricDifference(second).sorted()
      problems.append(
        changed.isEmpty
          ? "the same state shows its ids in another order on a second run"
          : "the ids differ between two runs of the same state: \(changed.map(\.description).joined(separator: ", "))"
      )
    }
    return problems
  }

  /// The ids whose string occurs more than once in `ids`, each once, sorted. Strings are
  /// compared, not parts: a UI test queries the string, so `a.b` + `c` and `a` + `b.c` clash.
  public static func duplicates(in ids: [AccessibilityID]) -> [AccessibilityID] {
    var seen: Set<String> = []
    var repeated: [String: AccessibilityID] = [:]
    for id in ids where !seen.insert(id.description).inserted { repeated[id.description] = id }
    return repeated.values.sorted()
  }
}
