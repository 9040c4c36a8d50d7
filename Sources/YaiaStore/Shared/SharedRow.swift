#if Store  // the trait; without it, TraitRequirement.swift names it
  public import Yaia

  /// Keeps a `Shared` value in the app's ``DataStore``: as one whole row, or as one field of a
  /// row that holds other things too (an "app memory" row with the language, the last tab, …).
  ///
  /// ```swift
  /// let memory = SharedRow.field(
  ///   \.language, of: DemoSchema.Memory.self, id: "app", in: library.store,
  ///   newRow: AppMemory.init)
  /// language = try await Shared.load(from: memory, default: nil)
  /// ```
  ///
  /// Each coalesced write is one transaction, so a field's write never loses a change another
  /// part of the app made to the same row in between; and it goes through the store, so the
  /// store's observers see it like any other change. A row that cannot be read (a store error, a
  /// column that no longer decodes) is a `SharedSaveError` at load, never the default in its
  /// place.
  public enum SharedRow {
    /// The row `id` of `mapping` is the shared value: read at load (`nil`, so the default, when
    /// there is no such row), upserted at each write.
    ///
    /// - Throws: at save, ``SharedRowError/idChanged(table:expected:found:)`` when the value
    ///   written has another id: the shared value is one row, and would otherwise start writing
    ///   another.
    public static func value<M: StoreMapping>(_ mapping: M.Type, id: M.ID, in store: DataStore)
      -> SharedPersistence<M.Value>
    {
      SharedPersistence(
        location: location(M.self, id: id, in: store),
        load: { try await store.fetch(M.self, id: id) },
        save: { value in
          let found = M.id(of: value)
          guard found == id else {
            throw SharedRowError.idChanged(table: M.table, expected: "\(id)", found: "\(found)")
          }
          try await store.upsert([value], as: M.self)
        })
    }

    /// The field at `field` of the row `id` of `mapping` is the shared value: read at load
    /// (`nil`, so the default, when there is no such row), and written by reading the row,
    /// changing that field and writing the row back, in one transaction; a missing row is made
    /// with `newRow` first.
    public static func field<M: StoreMapping, Value: Sendable>(
      _ field: any WritableKeyPath<M.Value, Value> & Sendable, of mapping: M.Type, id: M.ID,
      in store: DataStore, newRow: @escaping @Sendable () -> M.Value
    ) -> SharedPersistence<Value> {
      SharedPersistence(
        location: location(M.self, id: id, in: store),
        load: { try await store.fetch(M.self, id: id).map { $0[keyPath: field] } },
        save: { value in
          try await store.transaction { transaction in
            var row = try transaction.fetch(M.self, id: id) ?? newRow()
            let found = M.id(of: row)
            guard found == id else {
              throw SharedRowError.idChanged(table: M.table, expected: "\(id)", found: "\(found)")
            }
            row[keyPath: field] = value
            try transaction.upsert([row], as: M.self)
          }
        })
    }

    private static func location<M: StoreMapping>(_ mapping: M.Type, id: M.ID, in store: DataStore)
      -> String
    {
      "row \(id) of table \(M.table) in \(store.path)"
    }
  }

  /// A shared value kept in a store row could not be written: which row, and why.
  public enum SharedRowError: Error, Equatable, CustomStringConvertible {
    /// The value to write (or the row `newRow` made) has the id `found`, not the shared row's
    /// `expected`: it would be written to another row.
    case idChanged(table: String, expected: String, found: String)

    /// What went wrong, naming the table and both ids.
    public var description: String {
      switch self {
      case .idChanged(let table, let expected, let found):
        "The shared value is row \(expected) of table \(table), but the value to write has id "
          + "\(found); nothing was written."
      }
    }
  }
#endif
