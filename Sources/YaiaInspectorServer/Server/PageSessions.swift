import YaiaInspector

/// The pages' sessions of this run of the inspector (``PageProof``): the session nonces handed
/// out and not yet used, and, for each page that proved it holds the token, the counters it has
/// used, so that a request seen once (by whatever took the port, or a relay) opens nothing when
/// sent again.
///
/// Kept in memory only: a restarted inspector knows no session, so nothing captured from an
/// earlier run opens anything, and every page proves the new run before it sends a request.
/// Bounded: at most ``capacity`` proven sessions (the one used longest ago is forgotten first;
/// its page connects again), each remembering the counters of its last ``window`` requests.
struct PageSessions {
  /// The most proven sessions kept at once.
  static let capacity = 64
  /// How far behind its newest counter a page's request may arrive (requests race on their
  /// connections) and still be taken, once.
  static let window = 1_024

  /// Why a proof opens nothing, with what the page should do.
  enum Refusal: Equatable {
    /// The session is not this run's: the page must prove the inspector again.
    case unknownSession
    /// The counter was used already, or is too far behind the newest.
    case replayed
  }

  private struct Session {
    var newest: Int
    /// Counters used within ``window`` of `newest`.
    var used: Set<Int>
    var lastUse: Int
  }

  private var issued = IssuedNonces()
  private var proven: [String: Session] = [:]
  private var clock = 0

  /// Notes a session nonce handed to a page that asked to connect.
  mutating func issue(_ session: String) { issued.issue(session) }

  /// Takes the request numbered `counter` in `session` (its keyed hash already checked), or
  /// says why not.
  mutating func use(session: String, counter: Int) -> Refusal? {
    clock += 1
    if var known = proven[session] {
      guard counter > known.newest - Self.window, !known.used.contains(counter) else {
        return .replayed
      }
      known.used.insert(counter)
      if counter > known.newest {
        known.newest = counter
        known.used = known.used.filter { $0 > counter - Self.window }
      }
      known.lastUse = clock
      proven[session] = known
      return nil
    }
    guard issued.use(session) else { return .unknownSession }
    if proven.count >= Self.capacity,
      let oldest = proven.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      proven[oldest] = nil
    }
    proven[session] = Session(newest: counter, used: [counter], lastUse: clock)
    return nil
  }

  /// How many pages hold a proven session.
  var count: Int { proven.count }
}
