#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB

  /// The changes one transaction made, per table, as raw primary-key values.
  struct TableChanges {
    var inserted: [DatabaseValue] = []
    var updated: [DatabaseValue] = []
    var deleted: [DatabaseValue] = []
  }

  /// Hands each committed transaction's changes to the subscribers of each table.
  ///
  /// Subscribers are added from any task and notified from the database's writer queue, so the
  /// list is behind a lock. proven: every access to `subscribers` and `lastID` happens inside
  /// `lock.withLock`, and the stored closures are `@Sendable`.
  final class ChangeHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [String: [Int: @Sendable (TableChanges) -> Void]] = [:]
    private var lastID = 0

    /// Registers `deliver` for changes to `table`; returns a token for ``remove(_:from:)``.
    func add(_ table: String, _ deliver: @escaping @Sendable (TableChanges) -> Void) -> Int {
      lock.withLock {
        lastID += 1
        subscribers[table, default: [:]][lastID] = deliver
        return lastID
      }
    }

    func remove(_ id: Int, from table: String) {
      lock.withLock { _ = subscribers[table]?.removeValue(forKey: id) }
    }

    func hasSubscribers(for table: String) -> Bool {
      lock.withLock { !(subscribers[table]?.isEmpty ?? true) }
    }

    /// Delivers committed changes, table by table.
    func publish(_ changes: [String: TableChanges]) {
      for (table, change) in changes {
        let deliveries = lock.withLock { Array(subscribers[table]?.values ?? [:].values) }
        for deliver in deliveries { deliver(change) }
      }
    }
  }
#endif
