import Testing
import Yaia
import YaiaTesting

struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var title: String
  var description: String { "\(id):\(title)" }
}

private func rows(_ spec: String) -> [Row] {
  // "a b c*" : ids a, b, c; a star marks changed content.
  spec.split(separator: " ").map { token in
    Row(id: Int(token.first!.asciiValue!), title: token.hasSuffix("*") ? "changed" : "same")
  }
}

@Suite("RowAnimations: list diffing for table updates")
struct RowAnimationsTests {
  @Test("equal lists need no animation")
  func equalLists() {
    let list = rows("a b c")
    #expect(RowAnimations(from: list, to: list).isEmpty)
    #expect(RowAnimations(from: [Row](), to: []).isEmpty)
  }

  @Test("inserts use new indexes, deletes old indexes")
  func insertsAndDeletes() {
    let animations = RowAnimations(from: rows("a b c d"), to: rows("x a c d y"))
    #expect(animations == RowAnimations(deletes: [1], inserts: [0, 4]))
  }

  @Test("a changed row in place is reloaded at its old index")
  func reload() {
    let animations = RowAnimations(from: rows("a b c"), to: rows("z a b* c"))
    #expect(animations == RowAnimations(inserts: [0], reloads: [1]))
  }

  @Test("one row moved to the front is one move, not a move of every row")
  func minimalMove() {
    let animations = RowAnimations(from: rows("a b c d e"), to: rows("e a b c d"))
    #expect(animations == RowAnimations(moves: [.init(from: 4, to: 0)]))
  }

  @Test("two blocks swapped: the larger block stays, the smaller moves")
  func blockSwap() {
    let animations = RowAnimations(from: rows("a b c d e"), to: rows("d e a b c"))
    #expect(animations.moves == [.init(from: 3, to: 0), .init(from: 4, to: 1)])
  }

  @Test(
    "a row that moved and changed is deleted and inserted (UIKit cannot move and reload one row)")
  func movedAndChanged() {
    let animations = RowAnimations(from: rows("a b c"), to: rows("c* a b"))
    #expect(animations == RowAnimations(deletes: [2], inserts: [0]))
  }

  @Test("duplicate ids do not crash and the result still turns old into new")
  func duplicateIDs() {
    let old = rows("a a b")
    let new = rows("b a a a")
    let animations = RowAnimations(from: old, to: new)
    #expect(animations.applied(to: old, new: new) == new)
  }

  @Test("everything replaced: all deleted, all inserted")
  func allReplaced() {
    let animations = RowAnimations(from: rows("a b"), to: rows("c d e"))
    #expect(animations == RowAnimations(deletes: [0, 1], inserts: [0, 1, 2]))
  }

  @Test("rows can be matched by any id and compared by any rule")
  func customIdentity() {
    let animations = RowAnimations(
      from: ["apple", "banana"], to: ["Banana", "apple"], id: { $0.lowercased() },
      isUnchanged: { $0 == $1 })
    #expect(animations == RowAnimations(deletes: [1], inserts: [0]))
  }

  @Test("animations that do not fit the lists apply to nothing")
  func misfitApply() {
    let old = rows("a b")
    #expect(RowAnimations(deletes: [5]).applied(to: old, new: rows("a")) == nil)
    #expect(RowAnimations(inserts: [0]).applied(to: old, new: old) == nil)
    #expect(
      RowAnimations(moves: [.init(from: 0, to: 0), .init(from: 1, to: 0)]).applied(
        to: old, new: old) == nil)
  }

  @Test(
    "property: UIKit's batch rules hold, applying the result gives the new list, with the fewest moves",
    arguments: 0..<40)
  func property(batch: Int) {
    // 1,000 cases here; `yaia-bench diff` checks 20,000 more in a release build (in a debug
    // build on two loaded cores they took 26 s and starved other suites' servers).
    var generator = SeededGenerator(seed: UInt64(batch) &* 0x1234_5678 &+ 1)
    // Each batch: many small lists and one large one, up to 3,000 rows (10,000 held a pool
    // thread for 5 s on a busy machine; the bench's release build takes the large lists).
    for round in 0..<25 {
      let maxCount = round == 0 ? 3_000 : 200
      let (old, new) = randomEdit(
        count: Int.random(in: 0...maxCount, using: &generator), using: &generator)
      let animations = RowAnimations(from: old, to: new)
      let context = "batch \(batch), round \(round), \(old.count) -> \(new.count) rows"

      #expect(animations.applied(to: old, new: new) == new, "\(context)")
      #expect(isStrictlyAscending(animations.deletes), "\(context)")
      #expect(isStrictlyAscending(animations.inserts), "\(context)")
      #expect(isStrictlyAscending(animations.reloads), "\(context)")
      #expect(isStrictlyAscending(animations.moves.map(\.from)), "\(context)")
      // UIKit refuses a row that is both moved and reloaded, deleted and reloaded, or moved
      // and deleted; and an index inserted that is also a move's destination.
      let moved = Set(animations.moves.map(\.from))
      let reloaded = Set(animations.reloads)
      let deleted = Set(animations.deletes)
      #expect(moved.isDisjoint(with: reloaded) && moved.isDisjoint(with: deleted), "\(context)")
      #expect(reloaded.isDisjoint(with: deleted), "\(context)")
      #expect(Set(animations.moves.map(\.to)).isDisjoint(with: animations.inserts), "\(context)")

      // Rows present in both lists and unchanged are never deleted or inserted.
      let newByID = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
      for index in animations.deletes {
        if let newIndex = newByID[old[index].id] {
          #expect(new[newIndex] != old[index], "\(context)")
        }
      }
      // The fewest moves: the rows left in place are a longest common ordering.
      let matchedInOldOrder = old.compactMap { newByID[$0.id] }
      let leftInPlace = longestIncreasingCount(matchedInOldOrder)
      let relocated =
        animations.moves.count + animations.deletes.filter { newByID[old[$0].id] != nil }.count
      #expect(relocated == matchedInOldOrder.count - leftInPlace, "\(context)")
    }
  }
}

/// A random list and an edited copy: rows deleted, changed, moved and inserted.
private func randomEdit(count: Int, using generator: inout SeededGenerator) -> ([Row], [Row]) {
  var nextID = 0
  func makeRow() -> Row {
    nextID += 1
    return Row(id: nextID, title: "v0")
  }
  let old = (0..<count).map { _ in makeRow() }
  var new = old.filter { _ in Int.random(in: 0..<100, using: &generator) >= 10 }
  for index in new.indices where Int.random(in: 0..<100, using: &generator) < 10 {
    new[index].title = "v1"
  }
  for _ in 0..<(new.count / 20) where !new.isEmpty {
    let row = new.remove(at: Int.random(in: new.indices, using: &generator))
    new.insert(row, at: Int.random(in: 0...new.count, using: &generator))
  }
  for _ in 0..<(count / 10 + Int.random(in: 0...2, using: &generator)) {
    new.insert(makeRow(), at: Int.random(in: 0...new.count, using: &generator))
  }
  if Int.random(in: 0..<10, using: &generator) == 0 { new.shuffle(using: &generator) }
  return (old, new)
}

private func isStrictlyAscending(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}

/// Length of the longest strictly increasing subsequence (patience sorting): an oracle
/// written independently of the implementation.
private func longestIncreasingCount(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}
