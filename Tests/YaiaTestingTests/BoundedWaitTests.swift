import Foundation
import Testing
import YaiaTesting

@Suite("Bounded waits on tasks")
struct BoundedWaitTests {
  @Test("value(of:) returns at its timeout even when the task ignores cancellation")
  func taskIgnoringCancellation() async {
    // Waits on a continuation no cancellation resumes: it can only end when released, so
    // value(of:) returning at all proves it stopped at its own bound (no wall-clock bound
    // needed, which a loaded machine could break).
    let gate = Gate()
    let stubborn = Task { () -> Int in
      await withCheckedContinuation { gate.hold($0) }
      return 1
    }
    // Should value(of:) ignore its bound, the test still ends: the gate opens after 20 s and
    // the task's value makes the expectation fail.
    let watchdog = Task {
      try? await Task.sleep(for: .seconds(20))
      gate.release()
    }
    await withKnownIssue {
      // short bound: the bound running out is what this test checks
      #expect(await value(of: stubborn, timeout: .milliseconds(200)) == nil)
    }
    watchdog.cancel()
    gate.release()
    #expect(await stubborn.value == 1)
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

/// Holds a task's continuation until the test releases it.
private final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Never>?
  private var released = false

  /// Keeps `continuation`, or resumes it at once if already released.
  func hold(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = lock.withLock { () -> Bool in
      if released { return true }
      self.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }

  /// Resumes the held continuation, or the next one held.
  func release() {
    let held = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      released = true
      defer { continuation = nil }
      return continuation
    }
    held?.resume()
  }
}

@Suite("Bounded reads of streams")
struct FirstElementsTests {
  @Test("firstElements(_:of:) returns the first matching elements as soon as they arrived")
  func arrives() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for number in 1...10 { continuation.yield(number) }
    #expect(await firstElements(3, of: stream, where: { $0.isMultiple(of: 2) }) == [2, 4, 6])
    // The stream stays open: returning did not wait for its end.
    continuation.finish()
  }

  @Test("too few elements within the bound is a failure that says how many came")
  func timesOut() async {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    continuation.yield("only one")
    await withKnownIssue {
      // short bound: the bound running out is what this test checks
      let got = await firstElements(2, of: stream, timeout: .milliseconds(100))
      #expect(got == ["only one"])
    } matching: { issue in
      "\(issue)".contains("2 element(s) of a sequence and 1 arrived: none more within 100 ms")
    }
    continuation.finish()
  }

  @Test("a sequence that ends or throws before enough arrived fails, saying so")
  func endsEarly() async {
    await withKnownIssue {
      #expect(
        await firstElements(
          2,
          of: AsyncStream<Int> {
            $0.yield(1)
            $0.finish()
          }) == [1])
    } matching: {
      "\($0)".contains("the sequence ended")
    }
    struct Broken: Error {}
    let throwing = AsyncThrowingStream<Int, any Error> { $0.finish(throwing: Broken()) }
    await withKnownIssue {
      #expect(await firstElements(1, of: throwing).isEmpty)
    } matching: {
      "\($0)".contains("the sequence threw Broken()")
    }
    #expect(await firstElements(0, of: AsyncStream<Int> { _ in }).isEmpty)
  }
}
