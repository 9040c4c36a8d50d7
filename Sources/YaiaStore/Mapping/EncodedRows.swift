#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

  /// Values encoded into rows of database values, in a table's column order, each with its
  /// statement arguments built once.
  struct EncodedRows<M: StoreMapping>: Sendable {
    /// One value, encoded: its column values, and the same as statement arguments (building
    /// those is costly, so it happens here too, outside the write lock).
    struct EncodedRow: Sendable {
      let values: [DatabaseValue]
      let arguments: StatementArguments
    }

    let columns: [String]
    /// The rows, in the order of the values.
    let rows: [EncodedRow]

    /// Encodes `values` for `columns`, or throws the first encoding error (a value with a field
    /// the table lacks).
    init(_ values: some Collection<M.Value>, columns: [String]) throws(StoreError) {
      self.columns = columns
      self.rows = try Self.encode(values, columns: columns)
    }

    private static func encode(_ values: some Collection<M.Value>, columns: [String])
      throws(StoreError) -> [EncodedRow]
    {
      let encoder = RowEncoding(layout: ColumnLayout(columns))
      let keyIndex = columns.firstIndex(of: M.primaryKey)
      var rows: [EncodedRow] = []
      rows.reserveCapacity(values.count)
      for value in values {
        encoder.reset()
        do {
          try value.encode(to: encoder)
        } catch {
          throw .encoding(table: M.table, detail: "\(error)")
        }
        if let unknown = encoder.unknownField {
          throw .unknownColumn(table: M.table, column: unknown, sqlite: nil)
        }
        let row = encoder.values
        try TextWithNUL.refuse(row, table: M.table) { "the field `\(columns[$0])`" }
        if let keyIndex { try Self.checkID(of: value, encoded: row[keyIndex]) }
        rows.append(EncodedRow(values: row, arguments: StatementArguments(row)))
      }
      return rows
    }

    /// Refuses a value whose `id(of:)` is not what its primary key column holds: every later
    /// delete or fetch by that id would silently find nothing.
    private static func checkID(of value: M.Value, encoded: DatabaseValue) throws(StoreError) {
      let id = M.id(of: value).storeValue.databaseValue
      guard id != encoded else { return }
      throw .idMismatch(
        table: M.table, primaryKey: M.primaryKey, encoded: StoreValue(encoded),
        idOf: StoreValue(id))
    }
  }
#endif
