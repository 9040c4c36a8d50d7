import Dispatch
import Testing

@testable import Yaia

@Suite("Blocking calls run away from the cooperative pool")
struct BlockingCallsTests {
  struct Failure: Error, Equatable {}

  @Test("the operation's value and typed error come back")
  func valueAndError() async {
    #expect(await awayFromCooperativePool { 42 } == 42)
    await #expect(throws: Failure()) {
      try await awayFromCooperativePool { () async throws(Failure) -> Int in throw Failure() }
    }
  }

  #if canImport(FoundationNetworking)
    @Test("on Linux the operation runs on the executor, and the caller goes on where it was")
    func runsOnTheQueue() async {
      #expect(!BlockingCallExecutor.isCurrent)
      let inside = await awayFromCooperativePool { BlockingCallExecutor.isCurrent }
      #expect(inside)
      #expect(!BlockingCallExecutor.isCurrent)
    }

    @Test("operations run one at a time: those queued behind a blocked one run once it returns")
    func queuedBehindBlocked() async {
      // Each operation blocks until the test lets one go. They run one at a time on the
      // executor's thread, never on the pool's: the test itself goes on to let them go.
      let count = 8
      let go = DispatchSemaphore(value: 0)
      let done = Locked(0)
      await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<count {
          group.addTask {
            await awayFromCooperativePool {
              defer { done.withLock { $0 += 1 } }
              // The point of the test: it blocks the executor's thread, at most 30 s.
              return go.wait(timeout: .now() + 30) == .success  // blocks: see above
            }
          }
        }
        for _ in 0..<count { go.signal() }
        for await passed in group { #expect(passed) }
      }
      #expect(done.withLock { $0 } == count)
    }
  #endif
}
