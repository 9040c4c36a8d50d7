import Yaia

/// How a row of a list changed in the last update, shown in the terminal the way a table view
/// would animate it: `+` inserted, `↕` moved, `~` updated.
enum RowMark: String, Hashable, Sendable {
  /// The row is new.
  case inserted = "+"
  /// The row moved to this place.
  case moved = "↕"
  /// The row is where it was, with new contents.
  case updated = "~"
}

/// The marks of one list update, computed with `RowAnimations`, the same diff a table view
/// would be given: which rows of the new list were inserted, moved or updated, and how many
/// rows were deleted.
struct RowMarks: Hashable, Sendable {
  /// The mark of each row of the new list that changed, by its index.
  var marks: [Int: RowMark]
  /// How many rows of the old list are gone.
  var deletedCount: Int

  /// No changes.
  init() {
    marks = [:]
    deletedCount = 0
  }

  /// The marks of going from `old` to `new`.
  init<Row: Identifiable & Equatable>(from old: [Row], to new: [Row]) {
    let animations = RowAnimations(from: old, to: new)
    var marks: [Int: RowMark] = [:]
    // Reloads are indexes in the old list (UIKit's rule): find each row in the new one.
    let newIndex = Dictionary(new.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    for index in animations.reloads {
      if let position = newIndex[old[index].id] { marks[position] = .updated }
    }
    for move in animations.moves { marks[move.to] = .moved }
    for index in animations.inserts { marks[index] = .inserted }
    self.marks = marks
    deletedCount = animations.deletes.count
  }

  /// The mark of row `index` of the new list, if it changed.
  subscript(index: Int) -> RowMark? { marks[index] }

  /// A line summing up the update, or `nil` when nothing changed: `+1 ↕1 ~0 −2`.
  var summary: String? {
    guard !marks.isEmpty || deletedCount > 0 else { return nil }
    func count(_ mark: RowMark) -> Int { marks.values.filter { $0 == mark }.count }
    return "changes: +\(count(.inserted)) inserted, ↕\(count(.moved)) moved, "
      + "~\(count(.updated)) updated, −\(deletedCount) removed"
  }
}
