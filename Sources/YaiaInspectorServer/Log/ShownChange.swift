import Yaia
import YaiaHTTP
import YaiaInspector

/// One difference between a step's view model before and after, as the page shows it.
///
/// Lists whose elements carry an `id` (every `Identifiable` value does: the reader adds the id
/// when it is not a stored field) are matched by it, as ``RowAnimations`` matches rows: one
/// speaker appearing at the top is one added row, not eight changed fields and an added row
/// at the end. Other lists are matched by position. An element matched by id is spelled
/// `speakers[id: 7]` in paths.
///
/// Computed on demand, when the page selects a step: the app sends positional changes (what
/// ``InspectedValue/applying(_:)`` needs), and matching by id costs time the app must not pay.
struct ShownChange: Equatable {
  /// What happened at the path.
  enum Kind: String {
    /// The value was replaced (`before` and `after`).
    case changed
    /// The element or field appeared (`after`).
    case added
    /// The element or field went (`before`).
    case removed
    /// The element moved, from its position in the old list to the one in the new (its
    /// content changes, if any, are changes of their own under the same path).
    case moved
  }

  var path: String
  var kind: Kind
  var before: InspectedValue?
  var after: InspectedValue?
  /// For a move: the element's position in the old list.
  var from: Int?
  /// For a move: the element's position in the new list.
  var to: Int?

  /// The changes from `old` to `new`, deepest first where a record, a case or a list keeps
  /// its shape, whole where it does not.
  static func between(_ old: InspectedValue, _ new: InspectedValue) -> [ShownChange] {
    var changes: [ShownChange] = []
    compare(old, new, path: "", into: &changes)
    return changes
  }

  private static func compare(
    _ old: InspectedValue, _ new: InspectedValue, path: String, into changes: inout [ShownChange]
  ) {
    guard old != new else { return }
    switch (old, new) {
    case (.record(let oldType, let oldFields), .record(let newType, let newFields))
    where oldType == newType:
      compareFields(oldFields, newFields, path: path, into: &changes)
    case (
      .enumCase(let oldType, let oldName, let oldValues),
      .enumCase(let newType, let newName, let newValues)
    )
    where oldType == newType && oldName == newName:
      compareFields(oldValues, newValues, path: path, into: &changes)
    case (
      .collection(let oldType, let oldElements, _), .collection(let newType, let newElements, _)
    )
    where oldType == newType:
      if let oldIDs = identities(oldElements), let newIDs = identities(newElements) {
        compareByIdentity(
          oldElements, oldIDs, newElements, newIDs, path: path, into: &changes)
      } else {
        compareByPosition(oldElements, newElements, path: path, into: &changes)
      }
      if case .collection(_, _, let before) = old, case .collection(_, _, let after) = new,
        before != after
      {
        changes.append(
          ShownChange(
            path: path + " (not read)", kind: .changed, before: .scalar("\(before) more"),
            after: .scalar("\(after) more")))
      }
    default:
      changes.append(ShownChange(path: path, kind: .changed, before: old, after: new))
    }
  }

  private static func compareFields(
    _ old: [InspectedValue.Field], _ new: [InspectedValue.Field], path: String,
    into changes: inout [ShownChange]
  ) {
    let newByLabel = Dictionary(new.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    let oldLabels = Set(old.map(\.label))
    for field in old {
      let inner = join(path, field.label)
      if let value = newByLabel[field.label] {
        compare(field.value, value, path: inner, into: &changes)
      } else {
        changes.append(ShownChange(path: inner, kind: .removed, before: field.value))
      }
    }
    for field in new where !oldLabels.contains(field.label) {
      changes.append(ShownChange(path: join(path, field.label), kind: .added, after: field.value))
    }
  }

  private static func compareByPosition(
    _ old: [InspectedValue], _ new: [InspectedValue], path: String,
    into changes: inout [ShownChange]
  ) {
    for index in 0..<max(old.count, new.count) {
      let inner = "\(path)[\(index)]"
      switch (index < old.count, index < new.count) {
      case (true, true): compare(old[index], new[index], path: inner, into: &changes)
      case (true, false):
        changes.append(ShownChange(path: inner, kind: .removed, before: old[index]))
      default: changes.append(ShownChange(path: inner, kind: .added, after: new[index]))
      }
    }
  }

  /// Elements matched by id. ``RowAnimations`` turns a row that both moved and changed into a
  /// delete and an insert (as UIKit needs); here the two are paired again by id, so the page
  /// shows a move and the fields that changed.
  private static func compareByIdentity(
    _ old: [InspectedValue], _ oldIDs: [InspectedValue], _ new: [InspectedValue],
    _ newIDs: [InspectedValue], path: String, into changes: inout [ShownChange]
  ) {
    let matched = IdentityMatch(oldIDs: oldIDs, newIDs: newIDs)
    let moves = RowAnimations(
      from: matched.oldKeys, to: matched.newKeys, id: { $0 }, isUnchanged: { _, _ in true })
    let moved = Dictionary(
      moves.moves.map { (matched.oldKeys[$0.from], $0) }, uniquingKeysWith: { a, _ in a })
    for index in old.indices where matched.newPosition[index] == nil {
      changes.append(
        ShownChange(path: spell(path, oldIDs[index]), kind: .removed, before: old[index]))
    }
    for index in new.indices {
      let inner = spell(path, newIDs[index])
      guard let from = matched.oldPosition[index] else {
        changes.append(ShownChange(path: inner, kind: .added, after: new[index]))
        continue
      }
      if let move = moved[matched.newKeys[index]] {
        changes.append(
          ShownChange(path: inner, kind: .moved, from: move.from, to: move.to))
      }
      compare(old[from], new[index], path: inner, into: &changes)
    }
  }

  /// The ids of `elements` when every one is a record with an `id` field; else `nil`.
  static func identities(_ elements: [InspectedValue]) -> [InspectedValue]? {
    guard !elements.isEmpty else { return [] }
    var ids: [InspectedValue] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      guard case .record(_, let fields) = element,
        let id = fields.first(where: { $0.label == "id" })?.value
      else { return nil }
      ids.append(id)
    }
    return ids
  }

  private static func join(_ path: String, _ label: String) -> String {
    path.isEmpty ? label : "\(path).\(label)"
  }

  /// `speakers[id: 7]`, `rows[id: "a"]`.
  private static func spell(_ path: String, _ id: InspectedValue) -> String {
    let shown: String
    switch id {
    case .scalar(let text): shown = text
    case .text(let text): shown = "\"\(text.prefix(60))\(text.count > 60 ? "…" : "")\""
    default: shown = "…"
    }
    return "\(path)[id: \(shown)]"
  }

  private init(
    path: String, kind: Kind, before: InspectedValue? = nil, after: InspectedValue? = nil,
    from: Int? = nil, to: Int? = nil
  ) {
    self.path = path
    self.kind = kind
    self.before = before
    self.after = after
    self.from = from
    self.to = to
  }

  /// Writes the change as the page reads it.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("path")
      json.string(path.isEmpty ? "(whole value)" : path)
      json.key("kind")
      json.string(kind.rawValue)
      if let before {
        json.key("before")
        before.write(to: &json)
      }
      if let after {
        json.key("after")
        after.write(to: &json)
      }
      if let from, let to {
        json.key("from")
        json.int(from)
        json.key("to")
        json.int(to)
      }
    }
  }
}

/// Which old element each new element is, by id: each id matched at most once, in order (the
/// first old element with an id goes with the first new element with it), so that duplicate ids
/// still pair up sensibly.
private struct IdentityMatch {
  /// For each new position, the old position of the same element, if any.
  var oldPosition: [Int: Int] = [:]
  /// For each old position, the new position of the same element, if any.
  var newPosition: [Int: Int] = [:]
  /// A key per element, equal for matched elements and unique otherwise: what RowAnimations
  /// matches to find the moves.
  var oldKeys: [Int] = []
  var newKeys: [Int] = []

  init(oldIDs: [InspectedValue], newIDs: [InspectedValue]) {
    var waiting: [InspectedValue: [Int]] = [:]
    for (index, id) in oldIDs.enumerated() { waiting[id, default: []].append(index) }
    var heads: [InspectedValue: Int] = [:]
    for (index, id) in newIDs.enumerated() {
      let head = heads[id, default: 0]
      if let list = waiting[id], head < list.count {
        oldPosition[index] = list[head]
        newPosition[list[head]] = index
        heads[id] = head + 1
      }
    }
    // Matched elements share the old position as key; the others get keys no element of the
    // other list has.
    oldKeys = Array(oldIDs.indices)
    newKeys = newIDs.indices.map { oldPosition[$0] ?? (oldIDs.count + $0) }
  }
}
