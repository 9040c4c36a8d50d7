import Foundation
import Testing
import YaiaTesting

@Suite("Bounded waits on tasks")
struct BoundedWaitTests {
  @Test("value(of:) returns at its timeout even when the task ignores cancellation")
  func taskIgnoringCancellation() async {
    // Sleeps three seconds in steps, and no cancellation stops it.
    let stubborn = Task { () -> Int in
      for _ in 0..<30 { try? await Task.sleep(for: .milliseconds(100)) }
      return 1
    }
    let clock = ContinuousClock()
    let start = clock.now
    await withKnownIssue {
      #expect(await value(of: stubborn, timeout: .milliseconds(200)) == nil)
    }
    // Far below the task's three seconds: the wait ended at its own bound.
    #expect(clock.now - start < .milliseconds(2500))
  }

  @Test("value(of:) for a throwing task rethrows its error, and gives its value")
  func throwingTask() async throws {
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await value(of: Task { () throws -> Int in throw Refused() })
    }
    #expect(try await value(of: Task { () throws -> Int in 7 }) == 7)
  }
}
