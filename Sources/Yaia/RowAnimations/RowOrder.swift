/// Which matched rows can stay in place: the heaviest subsequence of rows whose order is the
/// same in both lists.
///
/// Rows that follow each other in both lists form a block; a block moves as one or stays as
/// one. Among the blocks, the ones kept are the heaviest (most rows) increasing subsequence
/// by new position, found with a Fenwick tree of prefix maxima in `k log k` for `k` blocks.
@usableFromInline
enum RowOrder {
  /// For each block of matched rows, in old order, whether it stays in place; empty when
  /// there is at most one block (then every matched row stays).
  ///
  /// `rankOfOld` gives, for each old row, its position among the matched rows in the new
  /// list (`0..<matchedCount`), or `-1` for a deleted row. A block is a run of matched rows, in
  /// old order, whose ranks go up by one: a caller walking the old rows in order finds the
  /// same blocks by the same rule.
  @usableFromInline
  static func blocksKeptInPlace(rankOfOld: UnsafeBufferPointer<Int>, matchedCount: Int) -> [Bool] {
    guard matchedCount > 0 else { return [] }
    // At most one block per matched row: the blocks' starts and lengths in one allocation,
    // written without bounds or uniqueness checks (this loop visits every old row).
    let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * matchedCount)
    defer { scratch.deallocate() }
    var blockCount = 0
    var previousRank = -2
    for rank in rankOfOld where rank >= 0 {
      if rank == previousRank + 1 {
        scratch[matchedCount + blockCount - 1] += 1
      } else {
        scratch[blockCount] = rank  // its first rank
        scratch[matchedCount + blockCount] = 1  // its length
        blockCount += 1
      }
      previousRank = rank
    }
    if blockCount == 1 { return [] }
    return heaviestIncreasing(
      starts: UnsafeBufferPointer(rebasing: scratch[0..<blockCount]),
      weights: UnsafeBufferPointer(rebasing: scratch[matchedCount..<(matchedCount + blockCount)]),
      rankCount: matchedCount)
  }

  /// The heaviest subsequence of blocks with increasing start ranks (`starts` distinct, each
  /// in `0..<rankCount`).
  static func heaviestIncreasing(
    starts: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Int>, rankCount: Int
  ) -> [Bool] {
    let count = starts.count
    if count == 1 { return [true] }

    // The starts renumbered 1...count in rank order, so that the tree spans the blocks rather
    // than the rows: one walk over the ranks, no sort.
    let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: rankCount + 3 * (count + 1))
    defer { scratch.deallocate() }
    let blockAtRank = UnsafeMutableBufferPointer(rebasing: scratch[0..<rankCount])
    blockAtRank.initialize(repeating: -1)
    for block in 0..<count { blockAtRank[starts[block]] = block }
    let position = UnsafeMutableBufferPointer(rebasing: scratch[rankCount..<(rankCount + count)])
    var next = 0
    for block in blockAtRank where block >= 0 {
      next += 1
      position[block] = next
    }

    // A Fenwick tree of prefix maxima over positions (1-based): tree[i] holds the best
    // (total weight, block) over a range of positions.
    let treeStart = rankCount + count
    let treeWeight = UnsafeMutableBufferPointer(
      rebasing: scratch[treeStart..<(treeStart + count + 1)])
    let treeBlock = UnsafeMutableBufferPointer(
      rebasing: scratch[(treeStart + count + 1)..<(treeStart + 2 * (count + 1))])
    treeWeight.initialize(repeating: 0)
    treeBlock.initialize(repeating: -1)
    var previous = [Int](repeating: -1, count: count)
    var bestWeight = 0
    var bestBlock = -1
    for block in 0..<count {
      var weightBefore = 0
      var blockBefore = -1
      var i = position[block] - 1
      while i > 0 {
        if treeWeight[i] > weightBefore {
          weightBefore = treeWeight[i]
          blockBefore = treeBlock[i]
        }
        i &= i - 1
      }
      let total = weightBefore + weights[block]
      previous[block] = blockBefore
      if total > bestWeight {
        bestWeight = total
        bestBlock = block
      }
      i = position[block]
      while i <= count {
        if total > treeWeight[i] {
          treeWeight[i] = total
          treeBlock[i] = block
        }
        i += i & -i
      }
    }

    var kept = [Bool](repeating: false, count: count)
    var block = bestBlock
    while block >= 0 {
      kept[block] = true
      block = previous[block]
    }
    return kept
  }
}
