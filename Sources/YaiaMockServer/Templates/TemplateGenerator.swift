#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia

  /// Where a template's generated values come from: random ids and numbers, and the current
  /// time. Seeded, it gives the same values in the same order on every run, and its clock
  /// stands still at a chosen instant, so a test can compare a generated answer with `==`.
  public struct TemplateGenerator: Sendable {
    private var random: SplitMix64
    private let now: Date?

    /// A generator drawing from `seed`, its clock standing at `now` (real time when `nil`).
    public init(seed: UInt64, now: Date? = nil) {
      random = SplitMix64(seed: seed)
      self.now = now
    }

    /// A generator that differs on every run: a random seed and real time.
    public static func unseeded() -> TemplateGenerator {
      TemplateGenerator(seed: UInt64.random(in: .min ... .max))
    }

    /// The generator for one request: drawn from this one, so each request's values are its own
    /// and the order of requests alone decides them.
    public mutating func forNextRequest() -> TemplateGenerator {
      TemplateGenerator(seed: random.next(), now: now)
    }

    /// A version 4 UUID, lower-case.
    public mutating func uuid() -> String {
      var bytes = [UInt8](repeating: 0, count: 16)
      for half in 0..<2 {
        let bits = random.next()
        for byte in 0..<8 { bytes[half * 8 + byte] = UInt8(truncatingIfNeeded: bits >> (byte * 8)) }
      }
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      return uuid.uuidString.lowercased()
    }

    /// A whole number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
      Int.random(in: range, using: &random)
    }

    /// The time, shifted by `offset` seconds, in ISO 8601 (`2026-01-01T00:00:00Z`).
    public func date(offsetBy offset: Int) -> String {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime]
      return formatter.string(from: (now ?? Date()).addingTimeInterval(TimeInterval(offset)))
    }

    /// Whole seconds since 1970.
    public func timestamp() -> Int {
      Int((now ?? Date()).timeIntervalSince1970)
    }
  }
#endif
