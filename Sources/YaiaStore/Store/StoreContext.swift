#if Store  // the trait; without it, TraitRequirement.swift names it
  /// What every operation of one store needs to report an error: the file, and whether the
  /// statement's arguments may appear in it.
  struct StoreContext: Sendable {
    /// The database file (`:memory:` for an in-memory one).
    let path: String
    /// Whether errors keep the statement's arguments (off by default: they may hold personal
    /// data).
    let revealsArguments: Bool

    /// `error` as a ``StoreError``, for a statement on `table` if known.
    func error(_ error: any Error, table: String? = nil) -> StoreError {
      StoreError.from(error, path: path, table: table, revealArguments: revealsArguments)
    }
  }
#endif
