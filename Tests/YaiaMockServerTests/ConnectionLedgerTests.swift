import Testing

@testable import YaiaMockServer

@Suite("Which connection the mock server closes to make room")
struct ConnectionLedgerTests {
  static let start = ContinuousClock.now
  static func at(_ seconds: Double) -> ContinuousClock.Instant {
    start.advanced(by: .milliseconds(Int(seconds * 1_000)))
  }

  static func ledger(_ activities: [UInt64: ConnectionActivity]) -> ConnectionLedger {
    var ledger = ConnectionLedger(stalledAfter: .seconds(1))
    for (id, activity) in activities { ledger.set(id, activity) }
    return ledger
  }

  @Test("a response blocked on a client that does not read goes first, the longest blocked")
  func slowReadersFirst() {
    let ledger = Self.ledger([
      1: .silent(since: Self.at(0)),
      2: .writing(blocked: .seconds(3), since: nil),
      3: .writing(blocked: .seconds(1), since: Self.at(5)),  // 1 s + 5 s in the current wait
      4: .writing(blocked: .milliseconds(200), since: nil),
    ])
    #expect(ledger.victim(at: Self.at(10)) == 3)
  }

  @Test("then silent connections, oldest first, before idle ones, pauses and stalled requests")
  func order() {
    var ledger = Self.ledger([
      1: .reading(since: Self.at(0)),
      2: .pausing(since: Self.at(1)),
      3: .idle(since: Self.at(2)),
      4: .silent(since: Self.at(4)),
      5: .silent(since: Self.at(3)),
      6: .responding,
    ])
    var closed: [UInt64] = []
    while let victim = ledger.victim(at: Self.at(10)) {
      closed.append(victim)
      ledger.remove(victim)
    }
    #expect(closed == [5, 4, 3, 2, 1])
    #expect(ledger.count == 1)  // responding: never closed to make room
  }

  @Test("a request arriving, or a response writing, for less than the grace keeps its place")
  func progressKeepsItsPlace() {
    let ledger = Self.ledger([
      1: .reading(since: Self.at(9.5)),
      2: .writing(blocked: .milliseconds(400), since: Self.at(9.7)),
      3: .responding,
    ])
    #expect(ledger.victim(at: Self.at(10)) == nil)
    // A second later both have stalled: the blocked response (1.7 s) before the request (1.5 s).
    #expect(ledger.victim(at: Self.at(11)) == 2)
  }

  @Test("past the most waiting for a request, only silent and idle ones are candidates")
  func idleVictims() {
    let ledger = Self.ledger([
      1: .reading(since: Self.at(0)),
      2: .idle(since: Self.at(1)),
      3: .silent(since: Self.at(5)),
      4: .silent(since: Self.at(6)),
    ])
    #expect(ledger.awaitingRequest == 3)
    #expect(ledger.idleVictim(limit: 3, at: Self.at(10)) == nil)
    // A flood pushes out its own members (silent) before a client that was served (idle), and
    // never one in the middle of a request.
    #expect(ledger.idleVictim(limit: 2, at: Self.at(10)) == 3)
  }

  @Test("ties are broken by id, never by a dictionary's order")
  func ties() {
    let ledger = Self.ledger([
      7: .silent(since: Self.at(1)), 3: .silent(since: Self.at(1)), 5: .silent(since: Self.at(1)),
    ])
    #expect(ledger.victim(at: Self.at(2)) == 3)
  }
}
