import Foundation
import GRDB

/// A value in a filter: text, a number, a boolean, a date or null. Literals work:
/// `.equals("room", "kitchen")`, `.greaterThan("signal", -60)`.
public enum StoreValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  /// `NULL`.
  case null
  /// An integer.
  case integer(Int64)
  /// A floating-point number.
  case real(Double)
  /// Text.
  case text(String)
  /// A date, compared in the format dates are stored in.
  case date(Date)

  /// A string literal is text.
  public init(stringLiteral value: String) { self = .text(value) }
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// A float literal.
  public init(floatLiteral value: Double) { self = .real(value) }
  /// A boolean is stored as 0 or 1.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
  /// `nil` is `NULL`.
  public init(nilLiteral: ()) { self = .null }

  var databaseValue: DatabaseValue {
    switch self {
    case .null: return .null
    case .integer(let value): return value.databaseValue
    case .real(let value): return value.databaseValue
    case .text(let value): return value.databaseValue
    case .date(let value): return value.databaseValue
    }
  }
}
