/// The selected row of a list, kept by id: it follows its row when the list is re-sorted, and
/// passes to the row that takes its place when its row goes away. Pairing and Home share it.
struct Selection: Equatable, Sendable {
  /// The selected row's id; `nil` only while the list is empty.
  private(set) var id: String?

  /// Follows the list as it goes from `old` to `new`: the same row if it is still there, else
  /// the row now at its old place (or the last row), else the first row.
  mutating func follow<Row: Identifiable>(from old: [Row], to new: [Row]) where Row.ID == String {
    if let id, new.contains(where: { $0.id == id }) { return }
    let place = old.firstIndex { $0.id == id } ?? 0
    id = new.isEmpty ? nil : new[min(place, new.count - 1)].id
  }

  /// Moves up (negative `offset`) or down, stopping at the ends of `rows`.
  mutating func move<Row: Identifiable>(by offset: Int, in rows: [Row]) where Row.ID == String {
    guard !rows.isEmpty else { return }
    let place = rows.firstIndex { $0.id == id } ?? 0
    id = rows[min(max(place + offset, 0), rows.count - 1)].id
  }

  /// Selects the row `id`.
  mutating func select(_ id: String) {
    self.id = id
  }

  /// The selected row of `rows`, if any.
  func row<Row: Identifiable>(in rows: [Row]) -> Row? where Row.ID == String {
    rows.first { $0.id == id }
  }
}
