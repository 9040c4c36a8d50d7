/// How `RowAnimations` tells rows apart and sees changes: a value rather than two closures,
/// so that for `Identifiable & Equatable` rows both checks specialize and inline into the
/// diff's loops.
@usableFromInline
protocol RowIdentity {
  associatedtype Row
  associatedtype ID: Hashable
  /// The id that matches a row in the old list with one in the new list.
  func id(of row: Row) -> ID
  /// Whether a row present in both lists kept its content (no reload needed).
  func isUnchanged(_ old: Row, _ new: Row) -> Bool
}

/// Rows matched by `Identifiable.id`, compared with `==`.
@usableFromInline
struct IdentifiableRows<Row: Identifiable & Equatable>: RowIdentity {
  @inlinable init() {}
  @inlinable func id(of row: Row) -> Row.ID { row.id }
  @inlinable func isUnchanged(_ old: Row, _ new: Row) -> Bool { old == new }
}

/// Rows matched and compared by closures the caller supplies.
@usableFromInline
struct ClosureRows<Row, ID: Hashable>: RowIdentity {
  @usableFromInline let readID: (Row) -> ID
  @usableFromInline let compare: (Row, Row) -> Bool

  @inlinable
  init(id: @escaping (Row) -> ID, isUnchanged: @escaping (Row, Row) -> Bool) {
    readID = id
    compare = isUnchanged
  }

  @inlinable func id(of row: Row) -> ID { readID(row) }
  @inlinable func isUnchanged(_ old: Row, _ new: Row) -> Bool { compare(old, new) }
}
