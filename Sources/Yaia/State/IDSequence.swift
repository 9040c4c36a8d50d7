/// Fresh ids made inside `handle` without randomness: a namespace and a counter, kept in the
/// state as a plain value.
///
/// A state that creates things (a new note, an attendee) keeps an `IDSequence` and calls
/// ``next()``: the id is new because the counter moves on, not because anything random
/// happened, so `handle` stays pure.
///
/// ```swift
/// struct NotesState: ShellState {
///   var ids = IDSequence()          // #1, #2, … in tests; a new namespace at each app launch
///   var notes: [Note] = []
///   mutating func handle(_ event: Event) -> [Command] {
///     switch event {
///     case .addTapped(let text):
///       notes.append(Note(id: ids.next(), text: text)); return []
///     }
///   }
/// }
/// ```
///
/// `IDSequence()` is safe in a persisted app, however the state is kept:
/// - **Kept with the state** (it is `Codable`), it goes on after the last id it issued.
/// - **Made fresh after a restart** (a state rebuilt from stored notes, with `ids` left at its
///   default), it takes the namespace of this launch: random once per run of the app, so it
///   never issues an id an earlier run issued (two runs meet with the odds of two random 60-bit
///   numbers).
/// - **In tests** its namespace is 0, so a test sees `#1`, `#2`, `#3` every run; a test that
///   models a restart runs the second launch in YaiaTesting's `withLaunch(2) { … }`.
///
/// A state made inside `handle` (an edit form, a recording) gets a sequence of its own with
/// ``split()``: never `IDSequence()` there, since every sequence made fresh in one launch shares
/// its namespace (`yaia lint` names it).
public struct IDSequence: Hashable, Sendable, Codable {
  /// The namespace every id of this sequence carries.
  public let namespace: UInt64
  /// How many ids it has issued: the next one is numbered one more.
  public private(set) var issued: UInt64

  /// A sequence in this launch's namespace (random once per run of an app, 0 in tests),
  /// continuing after `issued` ids: the default, safe however the state is kept (see above).
  public init(issued: UInt64 = 0) {
    self.init(namespace: LaunchNamespace.current, issued: issued)
  }

  /// A sequence in `namespace` (0 is the test namespace: ids print as `#1`, `#2`), continuing
  /// after `issued` ids: for a sequence read back from where the app keeps it.
  /// The namespace's bits 15-12 are cleared: they hold the UUID version of every id (see
  /// ``GeneratedID/uuid``), so ids read back from their UUIDs.
  public init(namespace: UInt64, issued: UInt64 = 0) {
    self.namespace = namespace & GeneratedID.namespaceBits
    self.issued = issued
  }

  /// A sequence in a random namespace of its own, also in tests: call it where the app is put
  /// together, never inside `handle` (that would read randomness, which `yaia lint` reports).
  /// `IDSequence()` already differs from launch to launch; this differs from sequence to
  /// sequence.
  public static func random() -> IDSequence {
    IDSequence(namespace: randomNamespace())
  }

  /// A random namespace that is not the test namespace.
  static func randomNamespace() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    var namespace: UInt64 = 0
    // Bits 15-12 hold the UUID version (see GeneratedID.uuid): keep them 0, so that no two
    // namespaces give the same UUIDs.
    while namespace == 0 { namespace = generator.next() & GeneratedID.namespaceBits }
    return namespace
  }

  /// A new id: the next number in this namespace.
  public mutating func next() -> GeneratedID {
    issued &+= 1
    return GeneratedID(namespace: namespace, number: issued)
  }

  /// A sequence of its own for a state made inside `handle`: two edit forms of one record, each
  /// given `ids.split()`, never issue the same id, and neither collides with this sequence.
  ///
  /// ```swift
  /// case .editTapped(let meeting):
  ///   destination = .edit(EditState(meeting, ids: ids.split()))
  /// ```
  ///
  /// The split uses up one number of this sequence (the next ``next()`` is one further on) and
  /// its namespace is that id, mixed into 60 bits: splits of one sequence are named by ids it
  /// issued once each, so they are apart by construction, and a split's namespace meets another
  /// sequence's only with the odds of two random namespaces (2^-60). Pure: the same sequence
  /// splits the same way on every run, so a test can write `IDSequence().split()` in the
  /// state it expects.
  public mutating func split() -> IDSequence {
    issued &+= 1
    var mixer = SplitMix64(seed: namespace ^ (issued &* 0xD6E8_FEB8_6659_FD93))
    var child: UInt64 = 0
    while child == 0 || child == namespace { child = mixer.next() & GeneratedID.namespaceBits }
    return IDSequence(namespace: child)
  }
}
