import YaiaHTTP

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

  /// About how many bytes the value holds in memory: what the inspector counts to keep its log
  /// within a budget of bytes, not only of entries (a step's worth varies a thousandfold). The
  /// constants are the allocations a node costs (its box, its array, its strings' storage),
  /// measured against the inspector's resident memory, not the value's size as JSON.
  package var weight: Int {
    switch self {
    case .text(let text), .scalar(let text): 80 + text.utf8.count
    case .record(let type, let fields):
      96 + type.utf8.count + fields.reduce(0) { $0 + 48 + $1.label.utf8.count + $1.value.weight }
    case .enumCase(let type, let name, let values):
      112 + type.utf8.count + name.utf8.count
        + values.reduce(0) { $0 + 48 + $1.label.utf8.count + $1.value.weight }
    case .collection(let type, let elements, _):
      96 + type.utf8.count + elements.reduce(0) { $0 + 16 + $1.weight }
    case .none, .redacted, .tooDeep: 32
    }
  }

  /// A named part of a record or an enum case.
  public struct Field: Hashable, Sendable {
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
    var reader = Reader(limits: limits)
    self = reader.read(value)
  }

  /// Reads values as the inspector shows them, remembering for each type what it is and its
  /// name: asking the runtime whether a type is a secret, a number or a string, and spelling
  /// its name, cost more than reading the value itself, and an app sends the same few types
  /// over and over. One reader serves one thread.
  package struct Reader {
    private enum Kind {
      case secret, text, character, scalar
      /// An `Optional`: read through ``OptionalBox`` rather than a mirror.
      case optional
      /// An array or a set: read through ``ElementsBox`` rather than a mirror. A set is
      /// `unordered`: its elements are shown in a canonical order.
      case elements(name: String, unordered: Bool)
      /// Any other type, read through a mirror. An `Identifiable` one shows its id as a field
      /// `id` even when it is computed, so that lists of it are matched by id in a diff.
      case reflected(name: String, identifiable: Bool)
    }

    /// How much of each value is read.
    package let limits: Limits
    private var kinds: [ObjectIdentifier: Kind] = [:]
    /// The most types remembered; past it the memory starts again (an app has far fewer).
    private static let mostTypes = 4_096

    /// A reader with no types remembered yet.
    package init(limits: Limits) {
      self.limits = limits
    }

    /// `value` as the inspector shows it.
    package mutating func read(_ value: Any) -> InspectedValue {
      read(value, depth: 0)
    }

    /// A value as it was read: the value, its fields when it is a record (kept so that the next
    /// read need not reflect the old value again), and how it was shown.
    package struct Remembered {
      let raw: Any
      let children: [Mirror.Child]?
      /// How it was shown.
      package let shown: InspectedValue
    }

    /// `value` read from scratch, remembered for the next read of the same place.
    package mutating func remember(_ value: Any) -> Remembered {
      Remembered(raw: value, children: nil, shown: read(value))
    }

    /// `value` as the inspector shows it, given the last value of the same place: the parts
    /// that are equal (`Equatable` and `==`) are not read again. A view model usually changes
    /// in one place per event, and reading costs a microsecond or two per field.
    package mutating func read(_ value: Any, after previous: Remembered) -> Remembered {
      guard case .record(let type, let shownFields) = previous.shown,
        case .reflected(let name, let identifiable) = kind(of: value), name == type
      else { return Remembered(raw: value, children: nil, shown: read(value)) }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
        return Remembered(raw: value, children: nil, shown: read(value))
      }
      let children = Array(mirror.children)
      let before = previous.children ?? Array(Mirror(reflecting: previous.raw).children)
      var fields = fields(children, before: before, shown: shownFields, depth: 0)
      if identifiable { addID(of: value, to: &fields, depth: 0) }
      return Remembered(raw: value, children: children, shown: .record(type: type, fields: fields))
    }

    /// The fields of a record, reusing the old ones where the values are equal.
    private mutating func fields(
      _ children: [Mirror.Child], before: [Mirror.Child], shown: [Field], depth: Int
    ) -> [Field] {
      var fields: [Field] = []
      fields.reserveCapacity(children.count)
      for (index, child) in children.enumerated() {
        let label = child.label ?? "_\(index)"
        if index < before.count, index < shown.count, before[index].label == child.label,
          shown[index].label == label
        {
          fields.append(
            Field(
              label,
              read(
                child.value, depth: depth + 1, previous: (before[index].value, shown[index].value)))
          )
        } else {
          fields.append(Field(label, read(child.value, depth: depth + 1)))
        }
      }
      return fields
    }

    /// Whether two values are equal, when their type says how.
    private func same(_ value: Any, _ other: Any) -> Bool {
      guard let value = value as? any Equatable else { return false }
      return value.isEqual(to: other)
    }

    /// Reads `value`, reusing what `previous` showed where the two are equal.
    private mutating func read(
      _ value: Any, depth: Int, previous: (raw: Any, shown: InspectedValue)
    ) -> InspectedValue {
      if same(value, previous.raw) { return previous.shown }
      // Field by field, when both are records of the same shape.
      guard case .record(let type, let shownFields) = previous.shown,
        case .reflected(let name, let identifiable) = kind(of: value), name == type,
        depth < limits.depth
      else { return read(value, depth: depth) }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
        return read(value, depth: depth)
      }
      var fields = fields(
        Array(mirror.children), before: Array(Mirror(reflecting: previous.raw).children),
        shown: shownFields, depth: depth)
      if identifiable { addID(of: value, to: &fields, depth: depth) }
      return .record(type: type, fields: fields)
    }

    /// Adds an `Identifiable` value's id as the field `id`, unless a stored field has that name
    /// (then it is the id, or the type's own business).
    private mutating func addID(of value: Any, to fields: inout [Field], depth: Int) {
      guard !fields.contains(where: { $0.label == "id" }),
        let identifiable = value as? any Identifiable
      else { return }
      fields.append(Field("id", read(Self.id(of: identifiable), depth: depth + 1)))
    }

    private static func id<Value: Identifiable>(of value: Value) -> Any { value.id }

    private mutating func kind(of value: Any) -> Kind {
      let type = Swift.type(of: value)
      let id = ObjectIdentifier(type)
      if let known = kinds[id] { return known }
      let kind: Kind
      if type is any InspectorSecret.Type {
        kind = .secret
      } else if type == String.self {
        kind = .text
      } else if type == Character.self {
        kind = .character
      } else if type == Bool.self || type is any BinaryInteger.Type || type == Double.self
        || type == Float.self || type == Duration.self
      {
        kind = .scalar
      } else if type is any OptionalBox.Type {
        kind = .optional
      } else if let elements = type as? any ElementsBox.Type {
        kind = .elements(name: String(describing: type), unordered: elements.isUnordered)
      } else {
        kind = .reflected(
          name: String(describing: type), identifiable: type is any Identifiable.Type)
      }
      if kinds.count >= Self.mostTypes { kinds.removeAll(keepingCapacity: true) }
      kinds[id] = kind
      return kind
    }

    private mutating func read(_ value: Any, depth: Int) -> InspectedValue {
      let type: String
      let isIdentifiable: Bool
      switch kind(of: value) {
      case .secret: return .redacted
      case _ where depth >= limits.depth: return .tooDeep
      case .text: return .text(String(((value as? String) ?? "").prefix(limits.text)))
      case .character: return .text(String(describing: value))
      case .scalar: return .scalar(String(describing: value))
      case .optional:
        guard let wrapped = (value as? any OptionalBox)?.wrappedValueAsAny else { return .none }
        return read(wrapped, depth: depth)
      case .elements(let name, let unordered):
        guard let box = value as? any ElementsBox else { return .text(name) }
        let (elements, count) = box.elementsAsAny(upTo: limits.elements)
        var shown: [InspectedValue] = []
        shown.reserveCapacity(elements.count)
        for element in elements { shown.append(read(element, depth: depth + 1)) }
        // Two equal sets can iterate in different orders; shown in one canonical order, they
        // show equal and a diff reports only real changes. A set larger than the limit shows
        // the elements it happened to give first.
        if unordered, count <= limits.elements { shown = Self.canonical(shown) }
        return .collection(type: name, elements: shown, omitted: count - shown.count)
      case .reflected(let name, let identifiable):
        type = name
        isIdentifiable = identifiable
      }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .optional:
        guard let wrapped = mirror.children.first else { return .none }
        return read(wrapped.value, depth: depth)
      case .enum:
        // A case with associated values has one child, labelled with the case, holding them.
        guard let payload = mirror.children.first, let name = payload.label else {
          return .enumCase(
            type: type, name: String(String(describing: value).prefix(limits.text)), values: [])
        }
        // One associated value is the payload itself; several are a tuple (only then is a
        // second mirror needed).
        let values: [Field]
        if case .reflected = kind(of: payload.value),
          case let inner = Mirror(reflecting: payload.value), inner.displayStyle == .tuple
        {
          values = fields(inner.children, depth: depth)
        } else {
          values = [Field("_0", read(payload.value, depth: depth + 1))]
        }
        return .enumCase(type: type, name: name, values: values)
      case .struct, .class:
        var fields = fields(mirror.children, depth: depth)
        if isIdentifiable { addID(of: value, to: &fields, depth: depth) }
        return .record(type: type, fields: fields)
      case .dictionary:
        // Entries by key, in the keys' order: a dictionary's own order changes as it grows,
        // and a diff by position would report entries that did not change.
        var entries: [Field] = []
        for child in mirror.children {
          let pair = Array(Mirror(reflecting: child.value).children)
          let key = pair.first.map { String(describing: $0.value) } ?? "?"
          let value = pair.count > 1 ? pair[1].value : child.value
          entries.append(Field(String(key.prefix(limits.text)), read(value, depth: depth + 1)))
        }
        entries.sort { $0.label < $1.label }
        let kept = Array(entries.prefix(limits.elements))
        return .record(
          type: type,
          fields: kept
            + (entries.count > kept.count
              ? [Field("…", .scalar("\(entries.count - kept.count) more"))] : []))
      case .collection, .set, .tuple:
        var elements: [InspectedValue] = []
        var count = 0
        for child in mirror.children {
          if count < limits.elements { elements.append(read(child.value, depth: depth + 1)) }
          count += 1
        }
        return .collection(type: type, elements: elements, omitted: count - elements.count)
      default:
        return .text(String(String(describing: value).prefix(limits.text)))
      }
    }

    /// `values` in the order of their wire encodings' bytes: any total order that depends
    /// only on the values would do, and this one needs nothing of the elements' type.
    private static func canonical(_ values: [InspectedValue]) -> [InspectedValue] {
      guard values.count > 1 else { return values }
      let keyed = values.map { value -> ([UInt8], InspectedValue) in
        var json = JSONWriter(capacity: 64)
        value.write(to: &json)
        return (json.bytes, value)
      }
      return keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    private mutating func fields(_ children: Mirror.Children, depth: Int) -> [Field] {
      var fields: [Field] = []
      var index = 0
      for child in children {
        fields.append(Field(child.label ?? "_\(index)", read(child.value, depth: depth + 1)))
        index += 1
      }
      return fields
    }
  }
}

/// A value the inspector never reads nor sends (a login token, a password): it is shown as
/// `<redacted>`. Conform an app type to it, and every value of it stays in the app.
public protocol InspectorSecret {}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// An `Optional`, whatever it wraps: reading one through this costs a cast, where a mirror
/// costs microseconds.
protocol OptionalBox {
  var wrappedValueAsAny: Any? { get }
}

extension Optional: OptionalBox {
  var wrappedValueAsAny: Any? { self.map { $0 as Any } }
}

/// An array or a set, whatever it holds: its first elements and its count, without a mirror.
protocol ElementsBox {
  /// Whether the order of the elements means nothing (a set).
  static var isUnordered: Bool { get }
  func elementsAsAny(upTo limit: Int) -> (elements: [Any], count: Int)
}

extension ElementsBox {
  static var isUnordered: Bool { false }
}

extension Array: ElementsBox {
  func elementsAsAny(upTo limit: Int) -> (elements: [Any], count: Int) {
    (prefix(limit).map { $0 as Any }, count)
  }
}

extension ContiguousArray: ElementsBox {
  func elementsAsAny(upTo limit: Int) -> (elements: [Any], count: Int) {
    (prefix(limit).map { $0 as Any }, count)
  }
}

extension Set: ElementsBox {
  static var isUnordered: Bool { true }
  func elementsAsAny(upTo limit: Int) -> (elements: [Any], count: Int) {
    (prefix(limit).map { $0 as Any }, count)
  }
}
