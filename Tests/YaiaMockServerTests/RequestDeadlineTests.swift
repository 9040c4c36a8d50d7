import Foundation
import Testing

@testable import YaiaMockServer

// The request's deadline as a value: the moments are made up, so nothing here waits.
@Suite("RequestDeadline: useful bytes earn time, one read past the deadline, late bytes buy none")
struct RequestDeadlineTests {
  let zero = ContinuousClock.now

  func at(_ milliseconds: Int) -> ContinuousClock.Instant {
    zero.advanced(by: .milliseconds(milliseconds))
  }

  /// A deadline of one second started at `zero`.
  func started() -> RequestDeadline {
    var deadline = RequestDeadline(timeout: .seconds(1))
    deadline.start(at: zero)
    return deadline
  }

  @Test("before the first byte nothing runs out; starting twice keeps the first start")
  func notStarted() {
    var deadline = RequestDeadline(timeout: .seconds(1))
    #expect(!deadline.isRunning)
    #expect(deadline.read(at: at(60_000)) == .inTime)
    deadline.start(at: zero)
    deadline.start(at: at(500))
    #expect(deadline.instant == at(1_000))
  }

  @Test("in time, 16 KiB earn a timeout from now; framing earns nothing")
  func earnsInTime() {
    var deadline = started()
    deadline.earn(RequestDeadline.bytesPerTimeout, at: at(400))
    #expect(deadline.instant == at(1_400))
    deadline.earn(0, at: at(500))
    #expect(deadline.instant == at(1_400))
    deadline.earn(1, at: at(500))
    #expect(deadline.instant == at(1_400), "a byte earns less than the time already left")
  }

  @Test("past the deadline: one grace read, then 408")
  func oneGrace() {
    var deadline = started()
    #expect(deadline.read(at: at(999)) == .inTime)
    #expect(deadline.read(at: at(3_000)) == .grace)
    #expect(deadline.read(at: at(3_001)) == .expired)
    #expect(deadline.read(at: at(9_000)) == .expired)
  }

  @Test("late bytes are credited from the deadline: a byte per late wake buys no new grace")
  func lateBytesBuyNoGrace() {
    // A server woken 150 ms late each time, finding one body byte behind 4 KiB of framing.
    var deadline = started()
    #expect(deadline.read(at: at(1_150)) == .grace)
    deadline.earn(1, at: at(1_150))
    #expect(deadline.instant! < at(1_001), "credited from the deadline, not from the late read")
    #expect(deadline.read(at: at(1_300)) == .expired)
  }

  @Test("a late read that earns enough to catch up gives back the grace")
  func catchingUp() {
    var deadline = started()
    #expect(deadline.read(at: at(3_000)) == .grace)
    // 64 KiB waited in the socket: four timeouts, counted from the deadline.
    deadline.earn(4 * RequestDeadline.bytesPerTimeout, at: at(3_000))
    #expect(deadline.instant == at(5_000))
    #expect(deadline.read(at: at(3_100)) == .inTime)
    #expect(deadline.read(at: at(6_000)) == .grace, "behind again: one more grace")
  }
}
