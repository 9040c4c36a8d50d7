/// A small, fast, seedable random number generator (SplitMix64): the standard library's
/// generator cannot be seeded, and whatever must be the same on every machine (a simulated
/// radio's schedule, a mock server's generated ids, a property test's inputs) draws from this.
///
/// Package-internal: YaiaTesting's `SeededGenerator` is its public face.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0).
  package mutating func next(upTo bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
