/// One field-level difference between two values: where (a path such as `rows[2].title`),
/// and what it was and is. The inspector's page shows a view model's changes as these.
public struct InspectedChange: Hashable, Sendable, Codable {
  /// The path from the value's root (empty for the root itself).
  public var path: String
  /// The value before, `nil` when it was added.
  public var before: InspectedValue?
  /// The value after, `nil` when it was removed.
  public var after: InspectedValue?

  /// A change.
  public init(path: String, before: InspectedValue?, after: InspectedValue?) {
    self.path = path
    self.before = before
    self.after = after
  }

  /// The changes from `old` to `new`, deepest first where a record, a case or a collection
  /// keeps its shape, whole where it does not.
  public static func between(_ old: InspectedValue, _ new: InspectedValue) -> [InspectedChange] {
    var changes: [InspectedChange] = []
    compare(old, new, path: "", into: &changes)
    return changes
  }

  private static func join(_ path: String, _ label: String) -> String {
    path.isEmpty ? label : "\(path).\(label)"
  }

  private static func compare(
    _ old: InspectedValue, _ new: InspectedValue, path: String,
    into changes: inout [InspectedChange]
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
    case (.collection(_, let oldElements, _), .collection(_, let newElements, _)):
      for index in 0..<max(oldElements.count, newElements.count) {
        let place = "\(path)[\(index)]"
        switch (index < oldElements.count, index < newElements.count) {
        case (true, true):
          compare(oldElements[index], newElements[index], path: place, into: &changes)
        case (true, false):
          changes.append(InspectedChange(path: place, before: oldElements[index], after: nil))
        default:
          changes.append(InspectedChange(path: place, before: nil, after: newElements[index]))
        }
      }
    default:
      changes.append(InspectedChange(path: path, before: old, after: new))
    }
  }

  private static func compareFields(
    _ old: [InspectedValue.Field], _ new: [InspectedValue.Field], path: String,
    into changes: inout [InspectedChange]
  ) {
    let newByLabel = Dictionary(new.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    let oldLabels = Set(old.map(\.label))
    for field in old {
      if let value = newByLabel[field.label] {
        compare(field.value, value, path: join(path, field.label), into: &changes)
      } else {
        changes.append(
          InspectedChange(path: join(path, field.label), before: field.value, after: nil))
      }
    }
    for field in new where !oldLabels.contains(field.label) {
      changes.append(
        InspectedChange(path: join(path, field.label), before: nil, after: field.value))
    }
  }
}
