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
    var blockStarts: [Int] = []  // first rank of each block, in old order
    var blockLengths: [Int] = []
    var previousRank = -2
    for rank in rankOfOld where rank >= 0 {
      if rank == previousRank + 1 {
        blockLengths[blockLengths.count - 1] += 1
      } else {
        blockStarts.append(rank)
        blockLengths.append(1)
      }
      previousRank = rank
    }
    if blockStarts.count == 1 { return [] }
    return heaviestIncreasing(starts: blockStarts, weights: blockLengths, rankCount: matchedCount)
  }

  /// The heaviest subsequence of blocks with increasing start ranks.
  static func heaviestIncreasing(starts: [Int], weights: [Int], rankCount: Int) -> [Bool] {
    let count = starts.count
    if count == 1 { return [true] }

    // A Fenwick tree of prefix maxima over ranks (1-based): block starts are distinct ranks,
    // so no renumbering is needed. tree[i] holds the best (total weight, block) over a range.
    var treeWeight = [Int](repeating: 0, count: rankCount + 1)
    var treeBlock = [Int](repeating: -1, count: rankCount + 1)
    var previous = [Int](repeating: -1, count: count)
    var bestWeight = 0
    var bestBlock = -1
    for block in 0..<count {
      let position = starts[block] + 1
      var weightBefore = 0
      var blockBefore = -1
      var i = position - 1
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
      i = position
      while i <= rankCount {
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
