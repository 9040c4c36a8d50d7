/// A random number generator from a seed (SplitMix64): the same seed gives the same numbers on
/// every run and platform, so a property test that draws random inputs fails the same way each
/// time, and its failure can name the seed that reproduces it.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let edits = (0..<100).map { _ in Int.random(in: 0..<10, using: &random) }
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
