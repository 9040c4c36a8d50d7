/// The difference between two lists of rows, as the deletes, inserts, moves and reloads that
/// animate one into the other.
///
/// Indexes follow the rules of UIKit's batch updates (`performBatchUpdates`), so they can be
/// handed to a table or collection view as they are:
/// - ``deletes`` and ``reloads`` are indexes in the old list;
/// - ``inserts`` are indexes in the new list;
/// - each of ``moves`` goes from an index in the old list to one in the new list.
///
/// Rows are matched by id. A row whose id is only in the old list is deleted, one only in the
/// new list is inserted. A row present in both is reloaded if it changed, and moved if its
/// position relative to the other rows changed. The moves are as few as possible: the rows
/// kept in place are the largest set whose order did not change. UIKit refuses to move and
/// reload the same row in one batch, so a row that both moved and changed is deleted and
/// inserted instead.
///
/// The work is linear in the number of rows (Heckel's matching by id), plus `k log k` in the
/// number `k` of blocks of rows that moved relative to each other, which is zero or small
/// when lists change by a few edits.
///
/// ```swift
/// let animations = RowAnimations(from: oldSpeakers, to: newSpeakers)
/// tableView.performBatchUpdates {
///   tableView.deleteRows(at: animations.deletes.map { IndexPath(row: $0, section: 0) }, with: .fade)
///   // inserts, moves and reloads alike
/// }
/// ```
///
/// Duplicate ids are not an error: each row is matched at most once, the others are deleted
/// or inserted, and the result still turns the old list into the new one.
public struct RowAnimations: Hashable, Sendable {
  /// A row that moves from an index in the old list to an index in the new list.
  public struct Move: Hashable, Sendable {
    /// Its index in the old list.
    public var from: Int
    /// Its index in the new list.
    public var to: Int

    /// Creates a move from `from` (old list) to `to` (new list).
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// Indexes in the old list of the rows to delete, ascending.
  public var deletes: [Int]
  /// Indexes in the new list of the rows to insert, ascending.
  public var inserts: [Int]
  /// Rows that keep their content but change position, ascending by old index.
  public var moves: [Move]
  /// Indexes in the old list of rows that stay in place but whose content changed, ascending.
  public var reloads: [Int]

  /// Creates animations from explicit lists; `init(from:to:)` computes them from two lists.
  public init(deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = [], reloads: [Int] = []) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.reloads = reloads
  }

  /// Whether the two lists were the same: nothing to animate.
  public var isEmpty: Bool {
    deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty
  }

  /// The animations that turn `old` into `new`, matching rows by their `id`.
  @inlinable
  public init<Row: Identifiable & Equatable>(from old: [Row], to new: [Row]) {
    self = Self.compute(old, new, IdentifiableRows())
  }

  /// The animations that turn `old` into `new`, matching rows by the id that `id` reads.
  @inlinable
  public init<Row: Equatable, ID: Hashable>(from old: [Row], to new: [Row], id: (Row) -> ID) {
    self.init(from: old, to: new, id: id, isUnchanged: ==)
  }

  /// The animations that turn `old` into `new`, matching rows by `id` and deciding with
  /// `isUnchanged` whether a row present in both needs a reload.
  @inlinable
  public init<Row, ID: Hashable>(
    from old: [Row], to new: [Row], id: (Row) -> ID, isUnchanged: (Row, Row) -> Bool
  ) {
    self = withoutActuallyEscaping(id) { id in
      withoutActuallyEscaping(isUnchanged) { isUnchanged in
        Self.compute(old, new, ClosureRows(id: id, isUnchanged: isUnchanged))
      }
    }
  }

  /// The algorithm, over rows read in place (copying a row out of an array would retain and
  /// release its storage at every comparison).
  @inlinable
  static func compute<Identity: RowIdentity>(
    _ old: [Identity.Row], _ new: [Identity.Row], _ identity: Identity
  ) -> RowAnimations {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in compute(old, new, identity) }
    }
  }

  @inlinable
  static func compute<Identity: RowIdentity>(
    _ old: UnsafeBufferPointer<Identity.Row>, _ new: UnsafeBufferPointer<Identity.Row>,
    _ identity: Identity
  ) -> RowAnimations {
    // 1. Match rows by id (Heckel). A new row first tries the old row right after the
    //    previous match, which saves a hash lookup for every row that continues a run.
    var oldIndexByID: [Identity.ID: Int] = [:]
    oldIndexByID.reserveCapacity(old.count)
    for index in old.indices.reversed() { oldIndexByID[identity.id(of: old[index])] = index }

    // Working memory in one allocation, read and written without bounds or uniqueness checks
    // (every index below is within its list): the new index of each old row, the rank of each
    // matched old row among the matched rows in new order, and whether each new row is
    // inserted.
    let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * old.count + new.count)
    defer { scratch.deallocate() }
    scratch.initialize(repeating: -1)
    let newIndexOfOld = UnsafeMutableBufferPointer(rebasing: scratch[0..<old.count])
    // The rank of a matched row among the matched rows, in new order.
    let rankOfOld = UnsafeMutableBufferPointer(rebasing: scratch[old.count..<(2 * old.count)])
    let inserted = UnsafeMutableBufferPointer(rebasing: scratch[(2 * old.count)...])
    var matchedCount = 0
    var nextInRun = 0  // the old row after the last match: most rows continue a run
    for newIndex in new.indices {
      let newID = identity.id(of: new[newIndex])
      var match = -1
      if nextInRun < old.count, newIndexOfOld[nextInRun] < 0,
        identity.id(of: old[nextInRun]) == newID
      {
        match = nextInRun  // found without hashing
      } else if let oldIndex = oldIndexByID[newID], newIndexOfOld[oldIndex] < 0 {
        match = oldIndex
      }
      if match >= 0 {
        newIndexOfOld[match] = newIndex
        rankOfOld[match] = matchedCount
        matchedCount += 1
        nextInRun = match + 1
      } else {
        inserted[newIndex] = 1
      }
    }

    // 2. Keep in place the largest set of matched rows whose relative order did not change:
    //    the blocks (runs of rows that follow each other in both lists) chosen to stay.
    let keptBlocks = RowOrder.blocksKeptInPlace(
      rankOfOld: UnsafeBufferPointer(rankOfOld), matchedCount: matchedCount)

    // 3. Emit, in ascending order. A moved row that also changed becomes delete + insert. The
    //    blocks are found again on the way, in the same old order and by the same rule, so no
    //    array maps each row to its block.
    var deletes: [Int] = []
    var moves: [Move] = []
    var reloads: [Int] = []
    var block = -1
    var previousRank = -2
    for oldIndex in old.indices {
      let newIndex = newIndexOfOld[oldIndex]
      if newIndex < 0 {
        deletes.append(oldIndex)
        continue
      }
      let rank = rankOfOld[oldIndex]
      if rank != previousRank + 1 { block += 1 }
      previousRank = rank
      let unchanged = identity.isUnchanged(old[oldIndex], new[newIndex])
      if keptBlocks.isEmpty || keptBlocks[block] {
        if !unchanged { reloads.append(oldIndex) }
      } else if unchanged {
        moves.append(Move(from: oldIndex, to: newIndex))
      } else {
        deletes.append(oldIndex)
        inserted[newIndex] = 1
      }
    }
    var inserts: [Int] = []
    for newIndex in new.indices where inserted[newIndex] > 0 { inserts.append(newIndex) }
    // Deletes were appended in old order: ascending already.
    return RowAnimations(deletes: deletes, inserts: inserts, moves: moves, reloads: reloads)
  }
}

extension RowAnimations: CustomStringConvertible {
  public var description: String {
    let moveList = moves.map { "\($0.from)->\($0.to)" }.joined(separator: ", ")
    return
      "RowAnimations(deletes: \(deletes), inserts: \(inserts), moves: [\(moveList)], reloads: \(reloads))"
  }
}
