import Foundation
import Testing
import YaiaFuzzTargets
import YaiaTesting

/// Every fuzz target under `swift test`: its committed corpus and the inputs that once broke it
/// replayed, then thousands of seeded mutations of them. libFuzzer (`.ci/fuzz.sh`) explores far
/// more; this keeps each found bug fixed, and runs where libFuzzer cannot.
@Suite("Fuzz targets", .serialized)
struct FuzzTargetTests {
  /// `Fuzz/` at the top of the repository.
  static let fuzzFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fuzz")

  /// The committed inputs of `target`: its seed corpus and its regressions.
  static func inputs(of target: FuzzTarget) -> [URL] {
    FuzzInputs.files(in: [
      fuzzFolder.appending(path: "Corpus/\(target.name)"),
      fuzzFolder.appending(path: "Regressions/\(target.name)"),
    ])
  }

  /// How many mutations each target gets: linting a file costs far more than reading a head.
  /// The targets run one after another on one thread, so the suite never takes both cores
  /// from the tests beside it.
  static func mutations(of target: FuzzTarget) -> Int {
    target.name.hasPrefix("lint-source") ? 200 : 2_000
  }

  @Test("every target has a seed corpus, and its names are unique")
  func corpora() {
    #expect(Set(FuzzTarget.all.map(\.name)).count == FuzzTarget.all.count)
    for target in FuzzTarget.all {
      let seeds = FuzzInputs.files(in: [Self.fuzzFolder.appending(path: "Corpus/\(target.name)")])
      #expect(seeds.count >= 3, "\(target.name) has \(seeds.count) seeds")
    }
  }

  @Test(
    "corpus and regressions pass, then seeded mutations of them",
    arguments: FuzzTarget.all.map(\.name))
  func target(name: String) async throws {
    let target = try #require(FuzzTarget.named(name))
    let seeds = Self.inputs(of: target).compactMap { try? Array(Data(contentsOf: $0)) }
    // On a thread of its own: a target may wait for async work (the remote client), which must
    // not block one of the pool's threads.
    let failures = try await value(
      of: onThread { () -> [String] in
        var failures: [String] = []
        func run(_ bytes: [UInt8], _ what: String) {
          do {
            try target.run(bytes)
          } catch {
            failures.append("\(what): \(error.description) — input \(Array(bytes.prefix(64)))")
          }
        }
        for (index, seed) in seeds.enumerated() { run(seed, "committed input \(index)") }
        var generator = SeededGenerator(seed: 26)
        for round in 0..<Self.mutations(of: target) where failures.count < 5 {
          let input = Mutation.mutate(seeds, maxLength: target.maxLength, using: &generator)
          run(input, "mutation \(round)")
        }
        return failures
      }, timeout: .seconds(600))
    #expect(failures == [], "\(name)")
  }
}

/// libFuzzer's simplest mutations, seeded: a test's random inputs that look like the corpus.
enum Mutation {
  static func mutate(
    _ seeds: [[UInt8]], maxLength: Int, using generator: inout SeededGenerator
  ) -> [UInt8] {
    var bytes = seeds.randomElement(using: &generator) ?? []
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      switch Int.random(in: 0..<7, using: &generator) {
      case 0 where !bytes.isEmpty:  // change a byte
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      case 1:  // insert an interesting byte
        let interesting: [UInt8] = [0, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x3A, 0x5B, 0x7B, 0x7F, 0xFF]
        bytes.insert(
          interesting.randomElement(using: &generator) ?? 0,
          at: Int.random(in: 0...bytes.count, using: &generator))
      case 2 where !bytes.isEmpty:  // delete a range
        let start = Int.random(in: 0..<bytes.count, using: &generator)
        let end = min(bytes.count, start + Int.random(in: 1...16, using: &generator))
        bytes.removeSubrange(start..<end)
      case 3 where !bytes.isEmpty:  // repeat a range
        let start = Int.random(in: 0..<bytes.count, using: &generator)
        let end = min(bytes.count, start + Int.random(in: 1...8, using: &generator))
        let copies = Int.random(in: 2...64, using: &generator)
        bytes.insert(
          contentsOf: Array(repeating: bytes[start..<end], count: copies).joined(), at: end)
      case 4:  // splice with another seed
        let other = seeds.randomElement(using: &generator) ?? []
        let cut = Int.random(in: 0...bytes.count, using: &generator)
        let from = Int.random(in: 0...other.count, using: &generator)
        bytes = Array(bytes[..<cut] + other[from...])
      case 5 where !bytes.isEmpty:  // truncate
        bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
      default:  // a digit string: sizes and lengths are where bounds are tested
        let digits = Array(String(Int.random(in: 0...Int.max, using: &generator)).utf8)
        bytes.insert(contentsOf: digits, at: Int.random(in: 0...bytes.count, using: &generator))
      }
    }
    return Array(bytes.prefix(maxLength))
  }
}
