import Yaia

/// A random number generator from a seed (SplitMix64): the same seed gives the same numbers on
/// every run and platform, so a property test that draws random inputs fails the same way each
/// time, and its failure can name the seed that reproduces it.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let edits = (0..<100).map { _ in Int.random(in: 0..<10, using: &random) }
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var base: SplitMix64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { base = SplitMix64(seed: seed) }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { base.next() }
}
