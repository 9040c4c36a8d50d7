extension RowAnimations {
  /// Performs the animations on `old` the way a table view does, taking the content of
  /// inserted and reloaded rows from `new`; `nil` if they do not fit the two lists.
  ///
  /// Deleted rows leave; inserted rows and moved rows take their new indexes; every other row
  /// keeps its relative order in the remaining places, with reloaded rows taking their new
  /// content. A list UI that is not a table view (a terminal, a custom layout) can use it to
  /// follow the same rules, and tests use it to prove the animations are right: applying
  /// them to the old list must give the new one.
  public func applied<Row>(to old: [Row], new: [Row]) -> [Row]? {
    guard old.count - deletes.count + inserts.count == new.count else { return nil }
    var result = [Row?](repeating: nil, count: new.count)
    var leavesItsPlace = [Bool](repeating: false, count: old.count)
    for index in deletes {
      guard old.indices.contains(index), !leavesItsPlace[index] else { return nil }
      leavesItsPlace[index] = true
    }
    for index in inserts {
      guard new.indices.contains(index), result[index] == nil else { return nil }
      result[index] = new[index]
    }
    for move in moves {
      guard old.indices.contains(move.from), new.indices.contains(move.to),
        !leavesItsPlace[move.from], result[move.to] == nil
      else { return nil }
      leavesItsPlace[move.from] = true
      result[move.to] = old[move.from]
    }
    var isReloaded = [Bool](repeating: false, count: old.count)
    for index in reloads {
      guard old.indices.contains(index), !leavesItsPlace[index] else { return nil }
      isReloaded[index] = true
    }
    var slot = 0
    for index in old.indices where !leavesItsPlace[index] {
      while slot < result.count, result[slot] != nil { slot += 1 }
      guard slot < result.count else { return nil }
      result[slot] = isReloaded[index] ? new[slot] : old[index]
    }
    var rows: [Row] = []
    rows.reserveCapacity(result.count)
    for row in result {
      guard let row else { return nil }
      rows.append(row)
    }
    return rows
  }
}
