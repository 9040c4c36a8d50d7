import Yaia

/// `RowAnimations` on 10,000 rows (10% deleted, 10% updated, 5% moved, 10% inserted) against
/// the standard library's `difference(from:).inferringMoves()` on the same data.
enum DiffBenchmark {
  struct Row: Identifiable, Hashable {
    var id: Int
    var title: String
  }

  static func run() throws -> [Figure] {
    let (old, new) = makeRows(count: 10_000)

    var animations = RowAnimations()
    let oursSeconds = medianSeconds(repetitions: 201) {
      animations = RowAnimations(from: old, to: new)
    }
    guard animations.applied(to: old, new: new) == new else {
      throw BenchmarkFailed("RowAnimations did not turn the old rows into the new ones")
    }

    // The floor: what any diff that matches rows by id must do (hash the old ids, look up each
    // new row, compare the matched ones), written by hand with nothing else.
    var floorChanges = 0
    let floorSeconds = medianSeconds(repetitions: 201) {
      floorChanges = idHashFloor(old, new)
    }
    blackHole(floorChanges)

    var stdlibChanges = 0
    let stdlibSeconds = medianSeconds(repetitions: 3) {
      stdlibChanges = new.difference(from: old).inferringMoves().count
    }
    blackHole(stdlibChanges)

    return [
      Figure(
        name: "diff.rows10k_ms", value: oursSeconds * 1000, unit: "ms",
        label: "RowAnimations, 10k rows", target: "<= 2"),
      Figure(
        name: "diff.stdlib_rows10k_ms", value: stdlibSeconds * 1000, unit: "ms",
        label: "stdlib difference(from:).inferringMoves(), 10k rows"),
      Figure(
        name: "diff.speedup", value: stdlibSeconds / oursSeconds, unit: "x",
        label: "stdlib time / RowAnimations time", target: ">= 100"),
      Figure(
        name: "diff.floor_ratio", value: oursSeconds / floorSeconds, unit: "x",
        label: "RowAnimations time / a hand-written id-hash diff's (no moves), same run",
        target: "<= 1.10"),
      Figure(
        name: "diff.moves", value: Double(animations.moves.count), unit: "moves",
        label: "moves emitted (500 rows were moved)"),
    ]
  }

  /// The floor of a diff by id: the old rows' ids hashed, each new row looked up, matched rows
  /// compared; deletes, inserts and reloads listed. No moves: what RowAnimations adds on top is
  /// finding the rows that stay in place.
  static func idHashFloor(_ old: [Row], _ new: [Row]) -> Int {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        var indexByID: [Int: Int] = [:]
        indexByID.reserveCapacity(old.count)
        for index in old.indices.reversed() { indexByID[old[index].id] = index }
        var matched = [Bool](repeating: false, count: old.count)
        var inserts: [Int] = []
        var reloads: [Int] = []
        for newIndex in new.indices {
          if let oldIndex = indexByID[new[newIndex].id], !matched[oldIndex] {
            matched[oldIndex] = true
            if old[oldIndex] != new[newIndex] { reloads.append(oldIndex) }
          } else {
            inserts.append(newIndex)
          }
        }
        var deletes: [Int] = []
        for index in old.indices where !matched[index] { deletes.append(index) }
        reloads.sort()
        return deletes.count + inserts.count + reloads.count
      }
    }
  }

  /// 10,000 rows and an edited copy, the same every run (a fixed linear congruential
  /// sequence picks the rows).
  static func makeRows(count: Int) -> (old: [Row], new: [Row]) {
    var seed: UInt64 = 42
    func random(_ upperBound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(upperBound))
    }
    let old = (0..<count).map { Row(id: $0, title: "row \($0)") }
    var new = old
    for _ in 0..<(count / 10) { new.remove(at: random(new.count)) }  // 10% deleted
    for _ in 0..<(count / 10) {  // 10% updated
      let index = random(new.count)
      new[index].title += " (edited)"
    }
    for _ in 0..<(count / 20) {  // 5% moved
      let row = new.remove(at: random(new.count))
      new.insert(row, at: random(new.count + 1))
    }
    for offset in 0..<(count / 10) {  // 10% inserted
      new.insert(Row(id: count + offset, title: "new \(offset)"), at: random(new.count + 1))
    }
    return (old, new)
  }
}
