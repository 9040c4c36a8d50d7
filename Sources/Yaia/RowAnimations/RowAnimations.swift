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

    var newIndexOfOld = [Int](repeating: -1, count: old.count)
    // The rank of a matched row among the matched rows, in new order.
    var rankOfOld = [Int](repeating: -1, count: old.count)
    var isInserted = [Bool](repeating: false, count: new.count)
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
        isInserted[newIndex] = true
      }
    }

    // 2. Keep in place the largest set of matched rows whose relative order did not change.
    let keep = RowOrder.rowsKeptInPlace(rankOfOld: rankOfOld, matchedCount: matchedCount)

    // 3. Emit, in ascending order. A moved row that also changed becomes delete + insert.
    var deletes: [Int] = []
    var moves: [Move] = []
    var reloads: [Int] = []
    for oldIndex in old.indices {
      let newIndex = newIndexOfOld[oldIndex]
      if newIndex < 0 {
        deletes.append(oldIndex)
        continue
      }
      let unchanged = identity.isUnchanged(old[oldIndex], new[newIndex])
      if keep[oldIndex] {
        if !unchanged { reloads.append(oldIndex) }
      } else if unchanged {
        moves.append(Move(from: oldIndex, to: newIndex))
      } else {
        deletes.append(oldIndex)
        isInserted[newIndex] = true
      }
    }
    var inserts: [Int] = []
    for newIndex in new.indices where isInserted[newIndex] { inserts.append(newIndex) }
    deletes.sort()
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
