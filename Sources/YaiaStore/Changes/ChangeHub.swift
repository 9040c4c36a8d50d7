#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB
  import Yaia

  /// The changes one transaction made, per table, as raw primary-key values.
  struct TableChanges {
    var inserted: [DatabaseValue] = []
    var updated: [DatabaseValue] = []
    var deleted: [DatabaseValue] = []
  }

  /// Hands each committed transaction's changes to the subscribers of each table.
  ///
  /// Subscribers are added from any task and notified from the database's writer queue, so the
  /// list is behind a lock.
  final class ChangeHub: Sendable {
    private struct Subscribers {
      var byTable: [String: [Int: @Sendable (TableChanges) -> Void]] = [:]
      var lastID = 0
    }
    private let subscribers = Locked(Subscribers())

    /// Registers `deliver` for changes to `table`; returns a token for ``remove(_:from:)``.
    func add(_ table: String, _ deliver: @escaping @Sendable (TableChanges) -> Void) -> Int {
      subscribers.withLock { subscribers in
        subscribers.lastID += 1
        subscribers.byTable[table, default: [:]][subscribers.lastID] = deliver
        return subscribers.lastID
      }
    }

    func remove(_ id: Int, from table: String) {
      subscribers.withLock { _ = $0.byTable[table]?.removeValue(forKey: id) }
    }

    func hasSubscribers(for table: String) -> Bool {
      subscribers.withLock { !($0.byTable[table]?.isEmpty ?? true) }
    }

    /// Delivers committed changes, table by table.
    func publish(_ changes: [String: TableChanges]) {
      for (table, change) in changes {
        let deliveries = subscribers.withLock { Array($0.byTable[table]?.values ?? [:].values) }
        for deliver in deliveries { deliver(change) }
      }
    }
  }
#endif
