/// A value as the inspector shows it: built from the value itself, as a dump is (fields, enum
/// cases, collections, scalars), so an app's events, commands and view models need no
/// `Codable` to be inspected. Values marked ``InspectorSecret`` are never read: they become
/// ``redacted``.
///
/// ```swift
/// let shown = InspectedValue(LoginState.ViewModel(user: "ada", password: Secret("pw")))
/// // .record(type: "ViewModel", fields: [("user", .text("ada")), ("password", .redacted)])
/// ```
public indirect enum InspectedValue: Hashable, Sendable {
  /// Text (a `String`, a `Character`, or a value's description).
  case text(String)
  /// A number or a Boolean, as written.
  case scalar(String)
  /// A struct or class: its type and its fields in declaration order; or a dictionary: its
  /// entries labelled by their keys, in the keys' order.
  case record(type: String, fields: [Field])
  /// An enum case: its type, its case, and its associated values (labelled or not).
  case enumCase(type: String, name: String, values: [Field])
  /// An array, a set, a dictionary's entries, or a tuple's elements.
  case collection(type: String, elements: [InspectedValue], omitted: Int)
  /// `nil`.
  case none
  /// A value marked secret: never read, never sent.
  case redacted
  /// Deeper than ``Limits/depth``: not read further.
  case tooDeep

  /// A named part of a record or an enum case.
  public struct Field: Hashable, Sendable, Codable {
    /// Its label (`_0` for an unlabelled associated value).
    public var label: String
    /// Its value.
    public var value: InspectedValue

    /// A field.
    public init(_ label: String, _ value: InspectedValue) {
      self.label = label
      self.value = value
    }
  }

  /// How much of a value is read: an app's state can be large, and the inspector must not cost
  /// the app more than a bounded amount per event.
  public struct Limits: Hashable, Sendable {
    /// The deepest nesting read.
    public var depth: Int
    /// The most elements read of one collection (the rest are counted as omitted).
    public var elements: Int
    /// The longest text kept, in characters.
    public var text: Int

    /// The defaults: 12 levels, 200 elements, 4,096 characters.
    public static let standard = Limits(depth: 12, elements: 200, text: 4_096)

    /// Limits.
    public init(depth: Int, elements: Int, text: Int) {
      self.depth = max(1, depth)
      self.elements = max(0, elements)
      self.text = max(1, text)
    }
  }

  /// Whether a part of the value is ``redacted``: a value that holds a secret.
  public var holdsSecret: Bool {
    switch self {
    case .redacted: true
    case .record(_, let fields), .enumCase(_, _, let fields):
      fields.contains { $0.value.holdsSecret }
    case .collection(_, let elements, _): elements.contains { $0.holdsSecret }
    case .text, .scalar, .none, .tooDeep: false
    }
  }

  /// `value` as the inspector shows it, read within `limits`.
  public init(_ value: Any, limits: Limits = .standard) {
    self = Self.read(value, depth: 0, limits: limits)
  }

  private static func read(_ value: Any, depth: Int, limits: Limits) -> InspectedValue {
    if value is any InspectorSecret { return .redacted }
    guard depth < limits.depth else { return .tooDeep }
    switch value {
    case let text as String: return .text(String(text.prefix(limits.text)))
    case let character as Character: return .text(String(character))
    case let flag as Bool: return .scalar(flag ? "true" : "false")
    case let number as any BinaryInteger: return .scalar("\(number)")
    case let number as Double: return .scalar("\(number)")
    case let number as Float: return .scalar("\(number)")
    case let duration as Duration: return .scalar("\(duration)")
    default: break
    }
    let mirror = Mirror(reflecting: value)
    let type = String(describing: mirror.subjectType)
    func children(_ children: Mirror.Children) -> [Field] {
      children.enumerated().map { index, child in
        Field(child.label ?? "_\(index)", read(child.value, depth: depth + 1, limits: limits))
      }
    }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .none }
      return read(wrapped.value, depth: depth, limits: limits)
    case .enum:
      // A case with associated values has one child, labelled with the case, holding them.
      guard let payload = mirror.children.first, let name = payload.label else {
        return .enumCase(
          type: type, name: String(String(describing: value).prefix(limits.text)), values: [])
      }
      let inner = Mirror(reflecting: payload.value)
      let values =
        inner.displayStyle == .tuple
        ? children(inner.children)
        : [Field("_0", read(payload.value, depth: depth + 1, limits: limits))]
      return .enumCase(type: type, name: name, values: values)
    case .struct, .class:
      return .record(type: type, fields: children(mirror.children))
    case .dictionary:
      // Entries by key, in the keys' order: a dictionary's own order changes as it grows, and
      // a diff by position would report entries that did not change.
      let entries = mirror.children.map { child -> Field in
        let pair = Array(Mirror(reflecting: child.value).children)
        let key = pair.first.map { String(describing: $0.value) } ?? "?"
        let value = pair.count > 1 ? pair[1].value : child.value
        return Field(String(key.prefix(limits.text)), read(value, depth: depth + 1, limits: limits))
      }
      .sorted { $0.label < $1.label }
      let kept = Array(entries.prefix(limits.elements))
      return .record(
        type: type,
        fields: kept
          + (entries.count > kept.count
            ? [Field("…", .scalar("\(entries.count - kept.count) more"))] : []))
    case .collection, .set, .tuple:
      let all = Array(mirror.children)
      let kept = all.prefix(limits.elements).map {
        read($0.value, depth: depth + 1, limits: limits)
      }
      return .collection(type: type, elements: kept, omitted: all.count - kept.count)
    default:
      return .text(String(String(describing: value).prefix(limits.text)))
    }
  }
}

/// A value the inspector never reads nor sends (a login token, a password): it is shown as
/// `<redacted>`. Conform an app type to it, and every value of it stays in the app.
public protocol InspectorSecret {}
