/// The sender's batch loop as a value: what it does next with what the buffer gave, what the
/// next batch says, how it is numbered, how many entries the next take asks for, and what a
/// reconnection resets. ``InspectorSender`` runs it against the buffer, the clock and the
/// network; these decisions are here, tested as a value, as ``InspectorLink``'s are for the
/// connection. What stays in the loop is I/O and its bookkeeping: splitting a large batch into
/// bodies (``InspectorSender/bodies(of:entries:dropped:limit:write:)``, tested on its own), the
/// last batch on a stop, and what a lost post drops.
struct InspectorBatching {
  /// What the loop does next.
  enum Step: Equatable {
    /// Nothing to send and a batch on the wire: wait for its answer first.
    case land
    /// Nothing to send and nothing on the wire: sleep until the heartbeat is due (an arrival
    /// or a stop wakes the loop sooner).
    case idle(until: ContinuousClock.Instant)
    /// Send a batch of what was taken (an empty one when the heartbeat is due).
    case send
  }

  /// What a shell last showed, so that a new inspector, after a reconnection, is told of the
  /// shell again before its next steps.
  struct KnownShell {
    var name: String
    var viewModel: Any
    var history: Int?
    /// Why the app cannot run on from the shell's first state, if it cannot.
    var cannotJump: String?
    /// Whether the page may send it events.
    var acceptsEvents: Bool
    var time: Double
  }

  /// The session the app connected under first; a reconnection's session is named after it.
  let firstSession: String
  /// The session batches are sent under now.
  private(set) var session: String
  /// The number of the next batch in the session.
  private(set) var sequence: Int
  /// When the last batch was posted.
  private(set) var lastSent: ContinuousClock.Instant
  /// How many entries the next take asks for: fewer when entries are large.
  private(set) var take: Int
  /// The most entries a take asks for (``Inspector/Options/batchSize``).
  let largestTake: Int
  /// Every shell seen, by id, with what it last showed.
  private(set) var known: [Int: KnownShell] = [:]
  /// Whether the next batch must first tell a new inspector of every shell.
  private(set) var announce = false
  /// How many times the sender connected again.
  private(set) var reconnections = 0
  /// Reads the values of entries (bounded by the inspector's limits).
  private var reader: InspectedValue.Reader
  /// The last view model of each shell as read, so that the next is sent as changes.
  private var memory = InspectorRecord.Memory()

  /// A loop for `session`, whose next batch is number `sequence`, taking at most `batchSize`
  /// entries a batch and reading values within `limits`; the heartbeat counts from `now`.
  init(
    session: String, sequence: Int, batchSize: Int, limits: InspectedValue.Limits,
    now: ContinuousClock.Instant
  ) {
    firstSession = session
    self.session = session
    self.sequence = sequence
    lastSent = now
    take = batchSize
    largestTake = batchSize
    reader = InspectedValue.Reader(limits: limits)
  }

  /// What to do with a take of `taken` entries after `dropped` lost ones: while stopping,
  /// with a batch on the wire (`inFlight`), at `now`, with the heartbeat `heartbeat`.
  func step(
    taken: Int, dropped: Int, stopping: Bool, inFlight: Bool, now: ContinuousClock.Instant,
    heartbeat: Duration
  ) -> Step {
    let idle = taken == 0 && dropped == 0 && !announce
    guard idle, !stopping else { return .send }
    if inFlight { return .land }
    let due = lastSent + heartbeat
    return now < due ? .idle(until: due) : .send
  }

  /// The messages of the next batch: after a reconnection, every known shell again (by id,
  /// each with what it last showed), then a count of the `dropped` entries, then `entries`
  /// read; what each shell shows is kept for the next reconnection.
  mutating func messages(entries: [InspectorRecord], dropped: Int) -> [InspectorMessage] {
    var messages: [InspectorMessage] = []
    messages.reserveCapacity(entries.count + known.count + 1)
    if announce {
      announce = false
      for (id, shell) in known.sorted(by: { $0.key < $1.key }) {
        let record = InspectorRecord(
          time: shell.time,
          body: .shell(
            id: id, name: shell.name, viewModel: shell.viewModel, history: shell.history,
            cannotJump: shell.cannotJump, acceptsEvents: shell.acceptsEvents))
        messages.append(record.message(reader: &reader, memory: &memory))
      }
    }
    if dropped > 0 { messages.append(.dropped(count: dropped)) }
    for entry in entries {
      note(entry)
      messages.append(entry.message(reader: &reader, memory: &memory))
    }
    return messages
  }

  /// Learns from a batch of `entries` entries written in `bytes` bytes how many the next take
  /// asks for: about ``InspectorSender/targetBatchBytes`` worth, at least 16, at most
  /// ``largestTake``.
  mutating func wrote(bytes: Int, entries: Int) {
    guard entries > 0 else { return }
    let perEntry = max(1, bytes / entries)
    take = min(largestTake, max(16, InspectorSender.targetBatchBytes / perEntry))
  }

  /// A batch was posted at `now`: the next one takes the next number.
  mutating func posted(at now: ContinuousClock.Instant) {
    sequence += 1
    lastSent = now
  }

  /// The session the next reconnection connects under: the first one's name with `r2`,
  /// `r3`, … after it.
  var nextSession: String { "\(firstSession)r\(reconnections + 2)" }

  /// Connected again as `session`: numbering starts again after its hello, values are read
  /// whole again (the new inspector has none), and the next batch announces every shell.
  mutating func reconnected(as session: String) {
    reconnections += 1
    self.session = session
    sequence = 2
    memory = [:]
    announce = true
  }

  /// Keeps what a shell is and last showed, from an entry on its way.
  private mutating func note(_ entry: InspectorRecord) {
    switch entry.body {
    case .shell(let id, let name, let viewModel, let history, let cannotJump, let acceptsEvents):
      known[id] = KnownShell(
        name: name, viewModel: viewModel, history: history, cannotJump: cannotJump,
        acceptsEvents: acceptsEvents, time: entry.time)
    case .step(let shell, _, _, _, _, _, let viewModel?, _, _):
      known[shell]?.viewModel = viewModel
      known[shell]?.time = entry.time
    default:
      break
    }
  }
}
