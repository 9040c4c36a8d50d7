/// Where a ``Shared`` value is kept between launches: a place named in errors (`location`) and
/// two functions, read and write.
///
/// It is a value of functions, so a test passes closures (or ``SharedMemory``) and the app
/// passes a file (YaiaFiles' `SharedFile`) or a store (YaiaStore's `SharedRow`). `save` runs
/// off the main actor, one write at a time, and receives only the newest value when changes
/// come faster than writes.
public struct SharedPersistence<Value: Sendable>: Sendable {
  /// Where the value lives, in words for error messages: a path, a table and key.
  public let location: String
  /// Reads the saved value, or `nil` when nothing was saved yet.
  public let load: @Sendable () async throws -> Value?
  /// Writes the value.
  public let save: @Sendable (Value) async throws -> Void

  /// A persistence made of two functions; `location` names it in errors.
  public init(
    location: String, load: @escaping @Sendable () async throws -> Value?,
    save: @escaping @Sendable (Value) async throws -> Void
  ) {
    self.location = location
    self.load = load
    self.save = save
  }

  /// Kept in `memory`, which outlives the ``Shared`` values made from it: a restart in a test.
  public static func memory(_ memory: SharedMemory<Value>) -> SharedPersistence {
    SharedPersistence(
      location: "memory", load: { await memory.saved }, save: { await memory.write($0) })
  }
}

/// A place in memory for a ``Shared`` value, for tests: it keeps what was saved across
/// "restarts" (new `Shared` values loaded from it) and counts the writes, so a test can check
/// that writes were coalesced.
public actor SharedMemory<Value: Sendable> {
  /// The value last written, or `nil`.
  public private(set) var saved: Value?
  /// How many writes happened.
  public private(set) var writes = 0

  /// Memory holding `saved`, as if a previous run had written it.
  public init(_ saved: Value? = nil) {
    self.saved = saved
  }

  func write(_ value: Value) {
    saved = value
    writes += 1
  }
}

/// A ``Shared`` value could not be read from or written to its persistence: where, which, and
/// the underlying error.
public struct SharedSaveError: Error, CustomStringConvertible {
  /// What failed.
  public enum Operation: Sendable {
    /// Reading the saved value at launch.
    case load
    /// Writing a change.
    case save
  }

  /// What failed.
  public let operation: Operation
  /// The persistence's ``SharedPersistence/location``.
  public let location: String
  /// The persistence's own error (a file system or database error).
  public let underlying: any Error

  /// An error of `operation` at `location`, caused by `error`.
  public init(operation: Operation, where location: String, error: any Error) {
    self.operation = operation
    self.location = location
    self.underlying = error
  }

  /// What failed, where, and why.
  public var description: String {
    switch operation {
    case .load:
      "Could not read the shared value saved at \(location): \(underlying). Fix or remove it."
    case .save:
      "Could not save the shared value to \(location): \(underlying). It is kept in memory; "
        + "the next change tries again."
    }
  }
}
