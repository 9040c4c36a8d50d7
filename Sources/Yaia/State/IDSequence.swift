/// Fresh ids made inside `handle` without randomness: a namespace and a counter, kept in the
/// state as a plain value.
///
/// A state that creates things (a new meeting, an attendee) keeps an `IDSequence` and calls
/// ``next()``: the id is new because the counter moves on, not because anything random
/// happened, so `handle` stays pure and a test that starts from `IDSequence()` sees `#1`,
/// `#2`, `#3` every run. The app starts the sequence once, at its composition root, with
/// ``random()``: a random 64-bit namespace per launch keeps ids of different launches (and
/// devices) apart.
///
/// ```swift
/// struct AttendeesState: ShellState {
///   var ids: IDSequence                     // IDSequence() in tests, .random() in the app
///   var attendees: [Attendee] = []
///   mutating func handle(_ event: Event) -> [Command] {
///     switch event {
///     case .addTapped(let name):
///       attendees.append(Attendee(id: ids.next(), name: name)); return []
///     }
///   }
/// }
/// ```
///
/// Keep the sequence in the state that creates, and persist it with the state if ids must stay
/// unique across a restore of the same namespace. A state made inside `handle` (an edit form,
/// a recording) gets a sequence of its own with ``split()``: never `IDSequence()`, whose test
/// namespace every such state would share.
public struct IDSequence: Hashable, Sendable, Codable {
  /// The namespace every id of this sequence carries.
  public let namespace: UInt64
  /// How many ids it has issued: the next one is numbered one more.
  public private(set) var issued: UInt64

  /// A sequence in `namespace` (0, the default, is the test namespace: ids print as `#1`,
  /// `#2`), continuing after `issued` ids.
  /// The namespace's bits 15-12 are cleared: they hold the UUID version of every id (see
  /// ``GeneratedID/uuid``), so ids read back from their UUIDs.
  public init(namespace: UInt64 = 0, issued: UInt64 = 0) {
    self.namespace = namespace & GeneratedID.namespaceBits
    self.issued = issued
  }

  /// A sequence in a random namespace, for the app: call it where the app is put together,
  /// never inside `handle` (that would read randomness, which `yaia lint` reports).
  public static func random() -> IDSequence {
    var generator = SystemRandomNumberGenerator()
    var namespace: UInt64 = 0
    // Bits 15-12 hold the UUID version (see GeneratedID.uuid): keep them 0, so that no two
    // namespaces give the same UUIDs.
    while namespace == 0 { namespace = generator.next() & ~0xF000 }
    return IDSequence(namespace: namespace)
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
