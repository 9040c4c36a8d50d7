import Yaia
import YaiaResources

/// How a row of a list changed in the last update, shown in the terminal the way a table view
/// would animate it: `+` inserted, `↕` moved, `~` updated, `⇕` moved and updated.
enum RowMark: String, Hashable, Sendable {
  /// The row is new.
  case inserted = "+"
  /// The row moved to this place.
  case moved = "↕"
  /// The row is where it was, with new contents.
  case updated = "~"
  /// The row moved and has new contents. A table view cannot move and reload a row in one
  /// batch (UIKit's rule), so `RowAnimations` gives it as a deletion and an insertion; the
  /// screen shows it as the one speaker it is.
  case movedAndUpdated = "⇕"
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
    // An insertion of a row that was there is UIKit's spelling of "moved and changed".
    let oldIDs = Set(old.map(\.id))
    var movedAndUpdated = 0
    for index in animations.inserts {
      if oldIDs.contains(new[index].id) {
        marks[index] = .movedAndUpdated
        movedAndUpdated += 1
      } else {
        marks[index] = .inserted
      }
    }
    self.marks = marks
    deletedCount = animations.deletes.count - movedAndUpdated
  }

  /// The mark of row `index` of the new list, if it changed.
  subscript(index: Int) -> RowMark? { marks[index] }

  /// A line summing up the update, or `nil` when nothing changed: `+1 ↕1 ~0 −2`.
  var summary: LocalizedText? {
    guard !marks.isEmpty || deletedCount > 0 else { return nil }
    func count(_ mark: RowMark) -> Int { marks.values.filter { $0 == mark }.count }
    return .changesSummary(
      count(.inserted), count(.moved), count(.updated), count(.movedAndUpdated), deletedCount)
  }
}
