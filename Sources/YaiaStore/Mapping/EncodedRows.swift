import GRDB

/// Values encoded into rows of database values, in a table's column order.
///
/// Encoding needs no database, so ``DataStore/upsert(_:as:)`` does it before taking the write
/// lock, split across the machine's cores: the lock is held only to execute statements.
struct EncodedRows<M: StoreMapping>: Sendable {
  /// One value, encoded: its column values, and the same as statement arguments (building
  /// those is costly, so it happens here too, outside the write lock).
  struct EncodedRow: Sendable {
    let values: [DatabaseValue]
    let arguments: StatementArguments
  }

  let columns: [String]
  private let encoded: Result<[EncodedRow], StoreError>

  /// Encodes `values` for `columns`, on the calling thread.
  init(_ values: some Collection<M.Value>, columns: [String]) {
    self.columns = columns
    self.encoded = Result { () throws(StoreError) in try Self.encode(values, columns: columns) }
  }

  private init(columns: [String], encoded: Result<[EncodedRow], StoreError>) {
    self.columns = columns
    self.encoded = encoded
  }

  /// The rows, or the first encoding error (a value with a field the table lacks).
  func rows() throws(StoreError) -> [EncodedRow] {
    try encoded.get()
  }

  /// Encodes `values` in up to `parts` slices concurrently.
  static func encodeConcurrently(_ values: [M.Value], columns: [String], parts: Int) async
    -> EncodedRows<M>
  {
    let parts = max(1, min(parts, values.count / 2_000))  // small batches are not worth a task
    guard parts > 1 else { return EncodedRows(values, columns: columns) }
    let size = (values.count + parts - 1) / parts
    let slices = await withTaskGroup(of: (Int, EncodedRows<M>).self) { group in
      for part in 0..<parts {
        let slice = values[min(values.count, part * size)..<min(values.count, (part + 1) * size)]
        group.addTask { (part, EncodedRows(slice, columns: columns)) }
      }
      return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    var all: [EncodedRow] = []
    all.reserveCapacity(values.count)
    for part in 0..<parts {
      guard let slice = slices[part] else { continue }
      switch slice.encoded {
      case .success(let rows): all += rows
      case .failure(let error): return EncodedRows(columns: columns, encoded: .failure(error))
      }
    }
    return EncodedRows(columns: columns, encoded: .success(all))
  }

  private static func encode(_ values: some Collection<M.Value>, columns: [String])
    throws(StoreError) -> [EncodedRow]
  {
    let known = Set(columns)
    var checkedFieldCounts: Set<Int> = []
    var rows: [EncodedRow] = []
    rows.reserveCapacity(values.count)
    for value in values {
      let fields: [String: DatabaseValue]
      do {
        fields = try Stored<M>(value).databaseDictionary
      } catch {
        throw .encoding(table: M.table, detail: "\(error)")
      }
      // Every value of a type encodes the same keys, less the nil optionals: check each
      // distinct key count once.
      if checkedFieldCounts.insert(fields.count).inserted,
        let unknown = fields.keys.first(where: { !known.contains($0) })
      {
        throw .unknownColumn(table: M.table, column: unknown)
      }
      let row = columns.map { fields[$0] ?? .null }
      rows.append(EncodedRow(values: row, arguments: StatementArguments(row)))
    }
    return rows
  }
}
