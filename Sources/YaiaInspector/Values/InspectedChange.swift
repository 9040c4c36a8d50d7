/// One field-level difference between two values: where (a path such as `rows[2].title`),
/// and what it was and is. The inspector's page shows a view model's changes as these, and an
/// app sends them instead of the whole view model when only part of it changed.
public struct InspectedChange: Hashable, Sendable {
  /// One step of a path: a field (or an enum case's value) by label, or an element by index.
  public enum Key: Hashable, Sendable {
    /// A field of a record, or a value of an enum case, by its label.
    case field(String)
    /// An element of a collection, by its position.
    case index(Int)

    /// A label is a JSON string, a position a JSON number.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let index = try? container.decode(Int.self) {
        self = .index(index)
      } else {
        self = .field(try container.decode(String.self))
      }
    }

    /// A label as a JSON string, a position as a JSON number.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .field(let label): try container.encode(label)
      case .index(let index): try container.encode(index)
      }
    }
  }

  /// The path from the value's root, for people (empty for the root itself).
  public var path: String
  /// The same path, step by step, for ``InspectedValue/applying(_:)`` (labels may hold dots).
  public var keys: [Key]
  /// The value before, `nil` when it was added.
  public var before: InspectedValue?
  /// The value after, `nil` when it was removed.
  public var after: InspectedValue?

  /// A change at `keys`; `path` is spelled from them.
  public init(keys: [Key], before: InspectedValue?, after: InspectedValue?) {
    self.keys = keys
    self.path = Self.spell(keys)
    self.before = before
    self.after = after
  }

  /// A change at the path `path` (its keys are the path's dot-separated labels; use
  /// ``init(keys:before:after:)`` for changes to be applied).
  public init(path: String, before: InspectedValue?, after: InspectedValue?) {
    self.init(
      keys: path.isEmpty ? [] : path.split(separator: ".").map { .field(String($0)) },
      before: before, after: after)
    self.path = path
  }

  /// `rows[2].title` for `[.field("rows"), .index(2), .field("title")]`.
  static func spell(_ keys: [Key]) -> String {
    var text = ""
    for key in keys {
      switch key {
      case .field(let label): text += text.isEmpty ? label : ".\(label)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The changes from `old` to `new`, deepest first where a record, a case or a collection
  /// keeps its shape, whole where it does not. Applying them to `old`
  /// (``InspectedValue/applying(_:)``) gives `new`.
  public static func between(_ old: InspectedValue, _ new: InspectedValue) -> [InspectedChange] {
    var changes: [InspectedChange] = []
    var keys: [Key] = []
    compare(old, new, keys: &keys, into: &changes)
    return changes
  }

  private static func compare(
    _ old: InspectedValue, _ new: InspectedValue, keys: inout [Key],
    into changes: inout [InspectedChange]
  ) {
    guard old != new else { return }
    switch (old, new) {
    case (.record(let oldType, let oldFields), .record(let newType, let newFields))
    where oldType == newType:
      compareFields(oldFields, newFields, keys: &keys, into: &changes)
    case (
      .enumCase(let oldType, let oldName, let oldValues),
      .enumCase(let newType, let newName, let newValues)
    )
    where oldType == newType && oldName == newName:
      compareFields(oldValues, newValues, keys: &keys, into: &changes)
    case (
      .collection(let oldType, let oldElements, let oldOmitted),
      .collection(let newType, let newElements, let newOmitted)
    )
    where oldType == newType && oldOmitted == newOmitted:
      for index in 0..<max(oldElements.count, newElements.count) {
        keys.append(.index(index))
        switch (index < oldElements.count, index < newElements.count) {
        case (true, true):
          compare(oldElements[index], newElements[index], keys: &keys, into: &changes)
        case (true, false):
          changes.append(InspectedChange(keys: keys, before: oldElements[index], after: nil))
        default:
          changes.append(InspectedChange(keys: keys, before: nil, after: newElements[index]))
        }
        keys.removeLast()
      }
    default:
      changes.append(InspectedChange(keys: keys, before: old, after: new))
    }
  }

  private static func compareFields(
    _ old: [InspectedValue.Field], _ new: [InspectedValue.Field], keys: inout [Key],
    into changes: inout [InspectedChange]
  ) {
    // The same labels in the same order (the usual case): field by field.
    if old.count == new.count, zip(old, new).allSatisfy({ $0.label == $1.label }) {
      for (before, after) in zip(old, new) where before.value != after.value {
        keys.append(.field(before.label))
        compare(before.value, after.value, keys: &keys, into: &changes)
        keys.removeLast()
      }
      return
    }
    let newByLabel = Dictionary(new.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    let oldLabels = Set(old.map(\.label))
    for field in old {
      keys.append(.field(field.label))
      if let value = newByLabel[field.label] {
        compare(field.value, value, keys: &keys, into: &changes)
      } else {
        changes.append(InspectedChange(keys: keys, before: field.value, after: nil))
      }
      keys.removeLast()
    }
    for field in new where !oldLabels.contains(field.label) {
      keys.append(.field(field.label))
      changes.append(InspectedChange(keys: keys, before: nil, after: field.value))
      keys.removeLast()
    }
  }
}

extension InspectedValue {
  /// The value with `changes` (from ``InspectedChange/between(_:_:)``) applied, or `nil` when
  /// one of them does not fit (its path leads nowhere).
  public func applying(_ changes: [InspectedChange]) -> InspectedValue? {
    var value = self
    for change in changes {
      guard let changed = value.applying(change, at: change.keys[...]) else { return nil }
      value = changed
    }
    return value
  }

  private func applying(_ change: InspectedChange, at keys: ArraySlice<InspectedChange.Key>)
    -> InspectedValue?
  {
    guard let key = keys.first else { return change.after }
    let rest = keys.dropFirst()
    switch (self, key) {
    case (.record(let type, var fields), .field(let label)):
      guard Self.apply(change, rest, to: &fields, label: label) != nil else { return nil }
      return .record(type: type, fields: fields)
    case (.enumCase(let type, let name, var values), .field(let label)):
      guard Self.apply(change, rest, to: &values, label: label) != nil else { return nil }
      return .enumCase(type: type, name: name, values: values)
    case (.collection(let type, var elements, let omitted), .index(let index)):
      if rest.isEmpty, change.after == nil {
        // Removals come last, in order, from the first removed: the collection ends before
        // the first, and the later ones are already gone.
        if index < elements.count { elements.removeSubrange(index...) }
      } else if rest.isEmpty, change.before == nil {
        guard index == elements.count, let added = change.after else { return nil }
        elements.append(added)
      } else {
        guard index < elements.count, let inner = elements[index].applying(change, at: rest)
        else { return nil }
        elements[index] = inner
      }
      return .collection(type: type, elements: elements, omitted: omitted)
    default:
      return nil
    }
  }

  /// Applies `change` to the field `label` of `fields`; `nil` when it does not fit.
  private static func apply(
    _ change: InspectedChange, _ rest: ArraySlice<InspectedChange.Key>, to fields: inout [Field],
    label: String
  ) -> Void? {
    let position = fields.firstIndex { $0.label == label }
    if rest.isEmpty, change.after == nil {
      guard let position else { return nil }
      fields.remove(at: position)
    } else if rest.isEmpty, change.before == nil, position == nil {
      guard let added = change.after else { return nil }
      fields.append(Field(label, added))
    } else {
      guard let position, let inner = fields[position].value.applying(change, at: rest) else {
        return nil
      }
      fields[position].value = inner
    }
    return ()
  }
}
