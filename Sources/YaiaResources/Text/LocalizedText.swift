public import Foundation

/// Which text a view model shows: a key of the app's string catalog and the arguments its
/// placeholders take, as a value.
///
/// A view model holds a `LocalizedText`, not the rendered string, so a test says which text a
/// screen shows with `==` and never depends on a language or on how a number is written:
///
/// ```swift
/// #expect(viewModel.title == LocalizedText("home.speakers", .int(3)))
/// ```
///
/// The edge renders it in the user's language (``StringCatalog/render(_:language:)``): the
/// terminal here, a SwiftUI or UIKit view on Apple platforms.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
  /// The catalog key.
  public var key: TextKey
  /// The values of the key's placeholders, in order.
  public var arguments: [TextArgument]

  /// The text of `key`, filled with `arguments` in order.
  public init(_ key: TextKey, _ arguments: TextArgument...) {
    self.key = key
    self.arguments = arguments
  }

  /// The text of `key`, filled with `arguments` in order.
  public init(_ key: TextKey, arguments: [TextArgument]) {
    self.key = key
    self.arguments = arguments
  }

  /// `home.speakers(3)`: the key and its arguments, as a test failure shows them.
  public var description: String {
    arguments.isEmpty
      ? key.name : key.name + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
  }
}

/// A key of the app's string catalog.
///
/// Generated accessors name each key once (`TextKey.homeTitle`), so a key the catalog does
/// not hold is a compile error; a literal works too, for tests and for keys made at run time.
public struct TextKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key as the catalog writes it.
  public var name: String

  /// The key `name`.
  public init(_ name: String) { self.name = name }

  /// The key written as a literal.
  public init(stringLiteral value: String) { name = value }

  /// The key as the catalog writes it.
  public var description: String { name }
}

/// One value for a placeholder of a localized text, typed as the placeholder is: `%d` takes an
/// integer, `%@` a string, `%f` a number.
public enum TextArgument: Hashable, Sendable, CustomStringConvertible {
  /// For `%d`, `%i`, `%ld`, `%lld`, `%u`: also what chooses a plural form.
  case int(Int)
  /// For `%f`, `%e`, `%g` and their precisions.
  case double(Double)
  /// For `%@` and `%s`.
  case string(String)
  /// For `%@`: another catalog text, rendered in the same language (a field's name inside a
  /// message about it).
  case text(LocalizedText)
  /// For `%@`: a moment, written as the language writes a date and time (`29 Nov 2026 at
  /// 14:05` in British English, `29.11.2026, 14:05` in German) in the device's time zone, as
  /// Foundation's date formatter does. A view model keeps the moment, not its text, so a test
  /// compares it with `==` in any language and zone.
  case date(Date)

  /// The value as a test failure shows it: `3`, `2.5`, `"Kitchen"`, a date in ISO 8601.
  public var description: String {
    switch self {
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .string(let value): "\"" + value + "\""
    case .text(let value): value.description
    case .date(let value): value.ISO8601Format()
    }
  }

  /// The kind of placeholder this argument fills.
  public var kind: FormatPlaceholder.Kind {
    switch self {
    case .int: .integer
    case .double: .floatingPoint
    case .string, .text, .date: .object
    }
  }
}

/// A value a `%@` placeholder takes in a generated accessor: a string as it is, or another
/// catalog text rendered in the same language.
public protocol TextValue {
  /// The value as a placeholder's argument.
  var textArgument: TextArgument { get }
}

extension String: TextValue {
  /// ``TextArgument/string(_:)``.
  public var textArgument: TextArgument { .string(self) }
}

extension Date: TextValue {
  /// ``TextArgument/date(_:)``.
  public var textArgument: TextArgument { .date(self) }
}

extension LocalizedText: TextValue {
  /// ``TextArgument/text(_:)``.
  public var textArgument: TextArgument { .text(self) }
}

/// A text is `Codable` (its key and arguments), so that an event carrying one can be: an
/// inspector's exported session replays it.
extension LocalizedText: Codable {}

/// `Codable`, for ``LocalizedText``.
extension TextKey: Codable {}

/// `Codable`, for ``LocalizedText``.
extension TextArgument: Codable {}
