import Testing

@testable import YaiaInspector

@Suite("The sender's batches: large ones are split, in order, none lost")
struct InspectorSenderTests {
  static func step(_ index: Int, text: Int) -> InspectorMessage {
    .step(
      InspectedStep(
        shell: 1, index: index, time: 0, event: .text(String(repeating: "x", count: text)),
        commands: [], changed: false, viewModel: nil))
  }

  // The limit is small so that splitting writes kilobytes, not the 12 MiB of the real limit:
  // written in a debug build on a busy machine, those held a pool thread for 19 s.
  static let limit = 64 << 10

  @Test("a batch past the largest body is split into numbered bodies, the end flag on the last")
  func split() throws {
    let messages =
      [InspectorMessage.dropped(count: 3)] + (1...30).map { Self.step($0, text: 6_000) }
    let bodies = InspectorSender.bodies(
      of: messages[...], entries: 30, dropped: 3, limit: Self.limit
    ) {
      part, number, last in
      InspectorBatch(
        app: "a", session: "s", sequence: 10 + number, messages: Array(part), ended: last
      ).wireBytes()
    }
    #expect(bodies.count >= 2)
    #expect(bodies.allSatisfy { $0.bytes.count <= Self.limit })
    #expect(bodies.map(\.entries).reduce(0, +) == 30)
    #expect(bodies.map(\.dropped) == [3] + Array(repeating: 0, count: bodies.count - 1))
    let batches = try bodies.map { try InspectorBatch(wire: $0.bytes) }
    #expect(batches.map(\.sequence) == Array(10..<(10 + bodies.count)))
    #expect(batches.map(\.ended) == Array(repeating: false, count: bodies.count - 1) + [true])
    #expect(batches.flatMap(\.messages) == messages)
  }

  @Test("a batch within the limit is one body, written once")
  func whole() {
    var writes = 0
    let messages = (1...5).map { Self.step($0, text: 10) }
    let bodies = InspectorSender.bodies(of: messages[...], entries: 5, dropped: 0) {
      part, number, last in
      writes += 1
      return InspectorBatch(
        app: "a", session: "s", sequence: 1 + number, messages: Array(part), ended: last
      ).wireBytes()
    }
    #expect(bodies.count == 1 && bodies[0].entries == 5 && writes == 1)
  }
}
