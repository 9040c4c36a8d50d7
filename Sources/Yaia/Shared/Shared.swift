/// One value that several states show, with one source of truth: the speaker every screen
/// names, the language the whole app speaks.
///
/// States are values and cannot hold a reference, so no state holds a `Shared`. Each shell
/// whose state shows the value follows it (``Shell/follow(_:as:)``): its state hears the value
/// at once and after every change, as an event of its own. Nothing is copied by hand, and no
/// copy can go stale: a change is handed to every follower before ``set(_:)`` returns, so two
/// shells (or two screens of one shell) never show different values once a `send` is done.
///
/// A state changes the value the way it does any I/O: it returns a command, and its shell sets
/// the value.
///
/// ```swift
/// let language = Shared("en")                            // a test: a plain value
/// let status = Shell(StatusState()) { _, _ in }
/// status.follow(language, as: StatusState.Event.languageChanged)
/// let settings = Shell(SettingsState()) { command, _ in
///   switch command {
///   case .choose(let code): language.set(code)          // every follower hears it now
///   }
/// }
/// settings.follow(language, as: SettingsState.Event.languageChanged)
/// ```
///
/// With a ``SharedPersistence``, every change is saved, off the main actor, with writes
/// coalesced: while one write runs, later changes wait, and only the newest is written next.
@MainActor
public final class Shared<Value: Equatable & Sendable> {
  /// The value now.
  public private(set) var value: Value
  /// The value for readers in states (``reader``).
  private let box: SharedBox<Value>
  /// Changes so far: lets a follower tell whether it heard the newest one.
  private var version = 0
  private var followers: [Follower] = []
  private var isNotifying = false
  private var changedWhileNotifying = false
  private let persistence: SharedPersistence<Value>?
  private var unsaved: Value?
  private var writing: Task<Void, Never>?

  /// Called with each save that failed (the value stays changed in memory; the next change
  /// tries again). Without it, failures are only kept in ``lastSaveError``.
  public var onSaveError: ((SharedSaveError) -> Void)?
  /// The newest save failure, or `nil` once a save succeeded after it.
  public private(set) var lastSaveError: SharedSaveError?

  private struct Follower {
    var heard: Int
    /// Hands the value on; whether the follower is still there.
    let hear: @MainActor (Value) -> Bool
  }

  /// A value that lives in memory: for tests, and for state that need not outlive the app.
  public init(_ value: Value) {
    self.value = value
    self.box = SharedBox(value)
    self.persistence = nil
  }

  /// A value already read from `persistence` (or a default), saved there after each change.
  /// ``load(from:default:)`` reads and makes one in a single step.
  public init(_ value: Value, savingTo persistence: SharedPersistence<Value>) {
    self.value = value
    self.box = SharedBox(value)
    self.persistence = persistence
  }

  /// The value as a state reads it: give it to each state that shows the value, once, when the
  /// state is made; the state reads the newest value with `reader.value`, and every shell
  /// publishes its view model again after each change. See ``SharedReader``.
  public nonisolated var reader: SharedReader<Value> { SharedReader(box: box) }

  /// Reads the value from `persistence` (`initial` when nothing was saved yet) and returns it
  /// shared, saved there after each change. Throws ``SharedSaveError`` when the saved value
  /// cannot be read: a damaged file is reported, never replaced by the default silently.
  public static func load(
    from persistence: SharedPersistence<Value>, default initial: Value
  ) async throws(SharedSaveError) -> Shared<Value> {
    let loaded: Value?
    do {
      loaded = try await persistence.load()
    } catch {
      throw SharedSaveError(operation: .load, where: persistence.location, error: error)
    }
    return Shared(loaded ?? initial, savingTo: persistence)
  }

  /// Sets the value. If it changed, every follower hears it before this returns, and it is
  /// saved (when persisted).
  public func set(_ newValue: Value) {
    guard newValue != value else { return }
    value = newValue
    box.value.withLock { $0 = newValue }
    version += 1
    if persistence != nil { save(newValue) }
    notify()
    LiveShells.refreshAll(changed: ObjectIdentifier(box))
  }

  /// Changes the value in place: `shared.update { $0.speakers[id]?.name = name }`.
  public func update(_ change: (inout Value) -> Void) {
    var copy = value
    change(&copy)
    set(copy)
  }

  /// Waits until every change so far is written (or has failed): before the app exits, and
  /// in tests of persistence.
  public func saved() async {
    while let writing {
      await writing.value
    }
  }

  /// Waits like ``saved()``, but at most `limit`: before the app exits, a write that hangs (a
  /// locked database, a full disk that never answers) cannot hold the quit. Whether every
  /// write finished in time; one still running goes on.
  public func saved(within limit: Duration) async -> Bool {
    guard writing != nil else { return true }
    let (outcome, report) = AsyncStream.makeStream(of: Bool.self)
    let waiter = Task {
      await self.saved()
      report.yield(true)
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      report.yield(false)
    }
    defer {
      waiter.cancel()
      timer.cancel()
    }
    for await finished in outcome { return finished }
    return false
  }

  /// `hear` is called with the value now and after every change, until it returns `false`.
  func addFollower(_ hear: @escaping @MainActor (Value) -> Bool) {
    guard hear(value) else { return }
    followers.append(Follower(heard: version, hear: hear))
  }

  /// Hands the newest value to every follower that has not heard it. A follower that changes
  /// the value while hearing it starts a new round, so nobody is left with an older value than
  /// another.
  private func notify() {
    if isNotifying {
      changedWhileNotifying = true
      return
    }
    isNotifying = true
    defer { isNotifying = false }
    repeat {
      changedWhileNotifying = false
      var index = 0
      while index < followers.count, !changedWhileNotifying {
        if followers[index].heard == version {
          index += 1
          continue
        }
        followers[index].heard = version
        if followers[index].hear(value) {
          index += 1
        } else {
          followers.remove(at: index)
        }
      }
    } while changedWhileNotifying
  }

  /// Writes `newValue` after the write in progress; changes meanwhile replace it, so only the
  /// newest is written next.
  private func save(_ newValue: Value) {
    unsaved = newValue
    guard writing == nil, let persistence else { return }
    writing = Task { [weak self] in
      while let next = self?.takeUnsaved() {
        let failure: (any Error)?
        do {
          try await persistence.save(next)
          failure = nil
        } catch {
          failure = error
        }
        self?.record(failure, location: persistence.location)
      }
      self?.writing = nil
    }
  }

  private func takeUnsaved() -> Value? {
    defer { unsaved = nil }
    return unsaved
  }

  private func record(_ failure: (any Error)?, location: String) {
    guard let failure else {
      lastSaveError = nil
      return
    }
    let error = SharedSaveError(operation: .save, where: location, error: failure)
    lastSaveError = error
    onSaveError?(error)
  }
}

extension Shell {
  /// Makes the state hear `shared`'s value now and after every change, as `event(value)`, for
  /// as long as this shell lives and has not ended.
  ///
  /// ```swift
  /// shell.follow(language, as: StatusState.Event.languageChanged)
  /// ```
  public func follow<Value>(
    _ shared: Shared<Value>, as event: @escaping @MainActor (Value) -> State.Event
  ) {
    shared.addFollower { [weak self] value in
      guard let self, !self.isEnded else { return false }
      self.send(event(value))
      return true
    }
  }
}
