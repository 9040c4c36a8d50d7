/// Which matched rows can stay in place: the heaviest subsequence of rows whose order is the
/// same in both lists.
///
/// Rows that follow each other in both lists form a block; a block moves as one or stays as
/// one. Among the blocks, the ones kept are the heaviest (most rows) increasing subsequence
/// by new position, found with a Fenwick tree of prefix maxima in `k log k` for `k` blocks.
@usableFromInline
enum RowOrder {
  /// For each old row, whether it stays in place.
  ///
  /// `rankOfOld` gives, for each old row, its position among the matched rows in the new
  /// list (`0..<matchedCount`), or `-1` for a deleted row, which is never kept.
  @usableFromInline
  static func rowsKeptInPlace(rankOfOld: [Int], matchedCount: Int) -> [Bool] {
    var keep = [Bool](repeating: false, count: rankOfOld.count)
    guard matchedCount > 0 else { return keep }

    // Blocks: runs of matched rows, in old order, whose ranks go up by one.
    var blockStarts: [Int] = []  // first rank of each block, in old order
    var blockLengths: [Int] = []
    var blockOfOld = [Int](repeating: -1, count: rankOfOld.count)
    var previousRank = -2
    for (oldIndex, rank) in rankOfOld.enumerated() where rank >= 0 {
      if rank == previousRank + 1 {
        blockLengths[blockLengths.count - 1] += 1
      } else {
        blockStarts.append(rank)
        blockLengths.append(1)
      }
      blockOfOld[oldIndex] = blockStarts.count - 1
      previousRank = rank
    }
    if blockStarts.count == 1 {
      for oldIndex in rankOfOld.indices where rankOfOld[oldIndex] >= 0 { keep[oldIndex] = true }
      return keep
    }

    let keptBlocks = heaviestIncreasing(
      starts: blockStarts, weights: blockLengths, rankCount: matchedCount)
    for oldIndex in rankOfOld.indices where blockOfOld[oldIndex] >= 0 {
      keep[oldIndex] = keptBlocks[blockOfOld[oldIndex]]
    }
    return keep
  }

  /// The heaviest subsequence of blocks with increasing start ranks.
  static func heaviestIncreasing(starts: [Int], weights: [Int], rankCount: Int) -> [Bool] {
    let count = starts.count
    if count == 1 { return [true] }

    // Block starts are distinct ranks; number them 1...count by rank for the Fenwick tree.
    var positionOfRank = [Int](repeating: 0, count: rankCount)
    for start in starts { positionOfRank[start] = 1 }
    var position = 0
    for rank in 0..<rankCount where positionOfRank[rank] == 1 {
      position += 1
      positionOfRank[rank] = position
    }

    // tree[i] holds the best (total weight, block) over a range of positions.
    var treeWeight = [Int](repeating: 0, count: count + 1)
    var treeBlock = [Int](repeating: -1, count: count + 1)
    var previous = [Int](repeating: -1, count: count)
    var bestWeight = 0
    var bestBlock = -1
    for block in 0..<count {
      let position = positionOfRank[starts[block]]
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
