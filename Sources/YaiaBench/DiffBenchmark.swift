import Yaia
import YaiaBenchSupport

/// `RowAnimations` on 10,000 rows (10% deleted, 10% updated, 5% moved, 10% inserted) against
/// the standard library's `difference(from:).inferringMoves()` on the same data.
enum DiffBenchmark {
  struct Row: Identifiable, Hashable {
    var id: Int
    var title: String
  }

  static func run() throws -> [Figure] {
    let (old, new) = makeRows(count: 10_000)

    // RowAnimations and the floor (what any diff that matches rows by id must do: hash the old
    // ids, look up each new row, compare the matched ones, written by hand with nothing else),
    // timed in pairs a millisecond apart (in turn first), each pair giving one ratio, so that a
    // drift of the machine (frequency, caches, a neighbour) falls on both alike. A round is
    // the median of 51 pairs' ratios; rounds repeat until three in a row agree within ±2%.
    // Timing 51 of one and then 51 of the other swung the ratio by up to a quarter.
    var animations = RowAnimations()
    var floorChanges = 0
    var rounds: [(ratio: Double, ours: Double)] = []
    let clock = ContinuousClock()
    repeat {
      var ratios: [Double] = []
      var ours: [Double] = []
      for pair in 0..<51 {
        var oursTime = Duration.zero
        var floorTime = Duration.zero
        if pair.isMultiple(of: 2) {
          oursTime = clock.measure { animations = RowAnimations(from: old, to: new) }
          floorTime = clock.measure { floorChanges = idHashFloor(old, new) }
        } else {
          floorTime = clock.measure { floorChanges = idHashFloor(old, new) }
          oursTime = clock.measure { animations = RowAnimations(from: old, to: new) }
        }
        ratios.append(seconds(oursTime) / seconds(floorTime))
        ours.append(seconds(oursTime))
      }
      rounds.append((ratios.sorted()[25], ours.sorted()[25]))
    } while !FloorRatio.isStable(rounds.map(\.ratio)) && rounds.count < 15
    blackHole(floorChanges)
    guard animations.applied(to: old, new: new) == new else {
      throw BenchmarkFailed("RowAnimations did not turn the old rows into the new ones")
    }
    let ratio = FloorRatio(rounds.map(\.ratio))
    let oursSeconds = rounds.map(\.ours).sorted()[rounds.count / 2]

    let checked = try checkRandomCases(20_000)

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
        name: "diff.floor_ratio", value: ratio.value, unit: "x",
        label: "RowAnimations time / a hand-written id-hash diff's (no moves), same rounds",
        target: "<= 1.10"),
      Figure(
        name: "diff.floor_ratio_spread", value: ratio.spread * 100, unit: "%",
        label: "spread of the last three rounds' ratios, of their median", target: "<= 4"),
      Figure(
        name: "diff.floor_ratio_rounds", value: Double(ratio.rounds), unit: "rounds",
        label: "rounds of 51 timed pairs until the ratio held (at most 15)"),
      Figure(
        name: "diff.random_cases_checked", value: Double(checked), unit: "cases",
        label: "random edits whose animations keep UIKit's rules, apply, and move the fewest rows",
        target: ">= 20000"),
      Figure(
        name: "diff.moves", value: Double(animations.moves.count), unit: "moves",
        label: "moves emitted (500 rows were moved)"),
    ]
  }

  /// Checks RowAnimations on `count` random edits (lists of up to 200 rows, and one of 10,000
  /// in every 500): the result turns the old list into the new one, keeps UIKit's batch rules
  /// (no row both moved and reloaded, deleted and reloaded, moved and deleted; no insert at a
  /// move's destination; every list ascending), and moves no more rows than must move. Throws
  /// on the first case that does not; returns how many were checked.
  static func checkRandomCases(_ count: Int) throws -> Int {
    var seed: UInt64 = 20_000
    func random(_ upperBound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(max(1, upperBound)))
    }
    var nextID = 0
    for index in 0..<count {
      let size = index % 500 == 0 ? 10_000 : random(201)
      let old = (0..<size).map { _ in
        nextID += 1
        return Row(id: nextID, title: "r\(nextID)")
      }
      var new = old.filter { _ in random(100) >= 10 }
      for row in new.indices where random(100) < 10 { new[row].title += "!" }
      for _ in 0..<(new.count / 20 + random(3)) where !new.isEmpty {
        let row = new.remove(at: random(new.count))
        new.insert(row, at: random(new.count + 1))
      }
      for _ in 0..<(size / 10 + random(3)) {
        nextID += 1
        new.insert(Row(id: nextID, title: "n\(nextID)"), at: random(new.count + 1))
      }
      let animations = RowAnimations(from: old, to: new)
      let fail = { (what: String) in
        BenchmarkFailed("random case \(index) (\(old.count) -> \(new.count) rows): \(what)")
      }
      guard animations.applied(to: old, new: new) == new else { throw fail("does not apply") }
      let lists = [
        animations.deletes, animations.inserts, animations.reloads, animations.moves.map(\.from),
      ]
      guard lists.allSatisfy({ zip($0, $0.dropFirst()).allSatisfy { $0 < $1 } }) else {
        throw fail("a list is not strictly ascending")
      }
      let moved = Set(animations.moves.map(\.from))
      let reloaded = Set(animations.reloads)
      let deleted = Set(animations.deletes)
      guard moved.isDisjoint(with: reloaded), moved.isDisjoint(with: deleted),
        reloaded.isDisjoint(with: deleted),
        Set(animations.moves.map(\.to)).isDisjoint(with: animations.inserts)
      else { throw fail("breaks UIKit's batch rules") }
      // The fewest moves: rows relocated (moved, or deleted and inserted again) are the matched
      // rows outside a longest increasing run of new positions in old order.
      let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
      let matched = old.compactMap { newIndex[$0.id] }
      let relocated =
        animations.moves.count + animations.deletes.filter { newIndex[old[$0].id] != nil }.count
      guard relocated == matched.count - longestIncreasing(matched) else {
        throw fail(
          "moves \(relocated) rows where \(matched.count - longestIncreasing(matched)) must")
      }
    }
    return count
  }

  /// The length of the longest strictly increasing subsequence (patience sorting).
  static func longestIncreasing(_ values: [Int]) -> Int {
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

/// The ratio of RowAnimations' time to the floor's, from alternating rounds: stable when the
/// last three rounds agree within ±2% of their median.
struct FloorRatio {
  /// The median of the last three rounds' ratios (of all, when fewer).
  let value: Double
  /// Their spread, max minus min, as a fraction of ``value``.
  let spread: Double
  /// How many rounds were timed.
  let rounds: Int

  /// The ratio the rounds' `ratios` (in order) give.
  init(_ ratios: [Double]) {
    let last = Array(ratios.suffix(3)).sorted()
    value = last.isEmpty ? 0 : last[last.count / 2]
    spread = value > 0 ? ((last.last ?? 0) - (last.first ?? 0)) / value : 0
    rounds = ratios.count
  }

  /// Whether the last three of `ratios` lie within ±2% of their median.
  static func isStable(_ ratios: [Double]) -> Bool {
    guard ratios.count >= 3 else { return false }
    let ratio = FloorRatio(ratios)
    return ratios.suffix(3).allSatisfy { abs($0 - ratio.value) <= 0.02 * ratio.value }
  }
}
