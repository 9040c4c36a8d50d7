#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// Every connection of a mock server and what it is doing, and the decision of which one to
  /// close when room is needed: by what each costs and how long it has held its place without
  /// progress, never by arrival alone.
  ///
  /// Room is needed when a new connection arrives at the server's limit, when the process runs
  /// out of descriptors, and when more connections wait for a request than the server allows.
  /// The order, first closed first:
  ///
  /// 1. a response blocked on a client that does not read, for at least `stalledAfter` (the
  ///    longest blocked first): a slow reader holds a descriptor and a whole response;
  /// 2. a silent connection, oldest first: it has asked for nothing;
  /// 3. an idle kept-alive connection, idle longest first;
  /// 4. a route's deliberate pause (`delay`, trickle), the oldest first: anyone can ask for the
  ///    `slow` scenario, and it must not fill the server;
  /// 5. a request that has been arriving for at least `stalledAfter`, the oldest first (one byte
  ///    a second cannot hold a place while others wait).
  ///
  /// A connection that is responding, writing without a long block, or reading a request begun
  /// recently is never chosen: a newcomer then gets 503. So a flood of silent connections only
  /// ever pushes out its own members, and a client in the middle of its request (a body sent
  /// half a second after its head, a second request on a kept-alive connection) keeps its place.
  struct ConnectionLedger: Sendable {
    /// How long a write may block, or a request take to arrive, before the connection may be
    /// closed to make room.
    var stalledAfter: Duration
    private(set) var activities: [UInt64: ConnectionActivity] = [:]

    init(stalledAfter: Duration) {
      self.stalledAfter = stalledAfter
    }

    /// How many connections are open.
    var count: Int { activities.count }

    /// How many wait for a request to begin (silent or idle).
    var awaitingRequest: Int { activities.values.count { $0.awaitsRequest } }

    /// Records what connection `id` is doing now.
    mutating func set(_ id: UInt64, _ activity: ConnectionActivity) {
      activities[id] = activity
    }

    /// Forgets connection `id` (it closed).
    mutating func remove(_ id: UInt64) {
      activities[id] = nil
    }

    /// The connection to close to make room at `now`, if any may be closed.
    func victim(at now: ContinuousClock.Instant) -> UInt64? {
      pick(at: now) { _ in true }
    }

    /// The connection to close among those waiting for a request, when more than `limit` wait.
    func idleVictim(limit: Int, at now: ContinuousClock.Instant) -> UInt64? {
      guard awaitingRequest > max(1, limit) else { return nil }
      return pick(at: now) { $0.awaitsRequest }
    }

    /// The best candidate among activities allowed by `included`: the lowest rank, then the
    /// longest held; ids break ties so that the choice never depends on a dictionary's order.
    private func pick(
      at now: ContinuousClock.Instant, where included: (ConnectionActivity) -> Bool
    ) -> UInt64? {
      var best: (rank: Int, held: Duration, id: UInt64)?
      for (id, activity) in activities where included(activity) {
        guard let (rank, held) = rank(activity, at: now) else { continue }
        if let current = best, !Self.precedes((rank, held, id), current) { continue }
        best = (rank, held, id)
      }
      return best?.id
    }

    /// Whether candidate `a` is closed before `b`: a lower rank, then held longer, then the
    /// lower id.
    private static func precedes(
      _ a: (rank: Int, held: Duration, id: UInt64), _ b: (rank: Int, held: Duration, id: UInt64)
    ) -> Bool {
      if a.rank != b.rank { return a.rank < b.rank }
      if a.held != b.held { return a.held > b.held }
      return a.id < b.id
    }

    /// Where `activity` stands in the order above, and how long it has held its place; `nil`
    /// when it is never closed to make room.
    private func rank(
      _ activity: ConnectionActivity, at now: ContinuousClock.Instant
    ) -> (Int, Duration)? {
      switch activity {
      case .writing(let blocked, let since):
        let total = blocked + (since.map { now - $0 } ?? .zero)
        return total >= stalledAfter ? (1, total) : nil
      case .silent(let since): return (2, now - since)
      case .idle(let since): return (3, now - since)
      case .pausing(let since): return (4, now - since)
      case .reading(let since):
        let held = now - since
        return held >= stalledAfter ? (5, held) : nil
      case .responding: return nil
      }
    }
  }
#endif
