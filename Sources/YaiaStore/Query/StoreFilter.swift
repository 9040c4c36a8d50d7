#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

  /// Which rows a fetch, count, delete or observation applies to, by column.
  ///
  /// ```swift
  /// .and([.equals("room", "kitchen"), .greaterThan("lastSignal", -70)])
  /// ```
  ///
  /// A column the table does not have is a ``StoreError/unknownColumn(table:column:sqlite:)``.
  public indirect enum StoreFilter: Hashable, Sendable {
    /// `column = value` (`IS NULL` for a null value).
    case equals(String, StoreValue)
    /// `column <> value` (`IS NOT NULL` for a null value).
    case notEquals(String, StoreValue)
    /// `column < value`.
    case lessThan(String, StoreValue)
    /// `column <= value`.
    case lessThanOrEqual(String, StoreValue)
    /// `column > value`.
    case greaterThan(String, StoreValue)
    /// `column >= value`.
    case greaterThanOrEqual(String, StoreValue)
    /// `column LIKE pattern` (`%` any run, `_` one character; case-insensitive for ASCII).
    case like(String, String)
    /// `column IN (values)`.
    case isIn(String, [StoreValue])
    /// All of these.
    case and([StoreFilter])
    /// Any of these.
    case or([StoreFilter])
    /// Not this.
    case not(StoreFilter)

    /// The SQL condition with `?` placeholders, and its arguments.
    func sql() -> (String, [DatabaseValue]) {
      switch self {
      case .equals(let column, .null): return ("\(quoted(column)) IS NULL", [])
      case .notEquals(let column, .null): return ("\(quoted(column)) IS NOT NULL", [])
      case .equals(let column, let value): return ("\(quoted(column)) = ?", [value.databaseValue])
      case .notEquals(let column, let value):
        return ("\(quoted(column)) <> ?", [value.databaseValue])
      case .lessThan(let column, let value): return ("\(quoted(column)) < ?", [value.databaseValue])
      case .lessThanOrEqual(let column, let value):
        return ("\(quoted(column)) <= ?", [value.databaseValue])
      case .greaterThan(let column, let value):
        return ("\(quoted(column)) > ?", [value.databaseValue])
      case .greaterThanOrEqual(let column, let value):
        return ("\(quoted(column)) >= ?", [value.databaseValue])
      case .like(let column, let pattern):
        return ("\(quoted(column)) LIKE ?", [pattern.databaseValue])
      case .isIn(let column, let values):
        guard !values.isEmpty else { return ("0", []) }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return ("\(quoted(column)) IN (\(marks))", values.map(\.databaseValue))
      case .and(let filters): return Self.join(filters, with: "AND", empty: "1")
      case .or(let filters): return Self.join(filters, with: "OR", empty: "0")
      case .not(let filter):
        let (condition, arguments) = filter.sql()
        return ("NOT (\(condition))", arguments)
      }
    }

    private static func join(_ filters: [StoreFilter], with keyword: String, empty: String) -> (
      String, [DatabaseValue]
    ) {
      guard !filters.isEmpty else { return (empty, []) }
      let parts = filters.map { $0.sql() }
      return (parts.map { "(\($0.0))" }.joined(separator: " \(keyword) "), parts.flatMap(\.1))
    }
  }
#endif
