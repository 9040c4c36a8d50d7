#if Store  // the trait; without it, TraitRequirement.swift names it
  /// The order of fetched rows, by column.
  public struct StoreSort: Hashable, Sendable {
    /// The column.
    public var column: String
    /// Whether smaller values come first.
    public var ascending: Bool

    /// Smallest first.
    public static func ascending(_ column: String) -> StoreSort {
      StoreSort(column: column, ascending: true)
    }
    /// Largest first.
    public static func descending(_ column: String) -> StoreSort {
      StoreSort(column: column, ascending: false)
    }

    var sql: String { "\(quoted(column)) \(ascending ? "ASC" : "DESC")" }
  }
#endif
