import Foundation
import Yaia
import YaiaBenchSupport
import YaiaInspector
import YaiaInspectorServer

/// A screen with a realistic view model: a title, a list of rows and a selection.
struct PlaylistState: ShellState {
  enum Event: Sendable { case select(Int) }
  enum Command: Sendable { case play(id: Int) }
  struct Row: Equatable { var id: Int, title: String, artist: String }
  struct ViewModel: Equatable {
    var title: String
    var rows: [Row]
    var selected: Int?
  }

  private(set) var viewModel = ViewModel(
    title: "Road trip",
    rows: (0..<8).map { Row(id: $0, title: "Song \($0)", artist: "Artist \($0 % 3)") },
    selected: nil)

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .select(let index):
      viewModel.selected = index % viewModel.rows.count
      return index % 4 == 0 ? [.play(id: index % viewModel.rows.count)] : []
    }
  }
}

/// The same screen as the sample app inspects its own: `Codable` events, so each step also goes
/// in its own encoding (written on the sender, off the app's thread), the page may send events,
/// and the last 1,000 states are kept for time travel (on the app's thread, per event).
struct TravellingPlaylistState: ShellState {
  enum Event: Codable, Sendable { case select(Int) }
  typealias Command = PlaylistState.Command
  private var playlist = PlaylistState()
  var viewModel: PlaylistState.ViewModel { playlist.viewModel }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .select(let index): handle(.select(index), in: \.playlist) { $0 }
    }
  }
}

/// 100,000 events from a shell to an inspector on loopback: what the app pays per event (the
/// same shell with and without an inspector), and how fast the inspector receives them, in
/// order and none lost.
@MainActor
enum InspectorBenchmark {
  static let eventCount = 100_000

  static func run() async throws -> [Figure] {
    // The app's cost without an inspector.
    let plain = Shell(PlaylistState()) { _, _ in }
    var withoutSeconds = Double.infinity
    for _ in 0..<5 {
      withoutSeconds = min(withoutSeconds, sendAll(to: plain))
    }

    let server = InspectorServer()
    let url = try await server.start()
    defer { Task { await server.stop() } }
    let plainRun = try await delivery(
      to: server, at: url, withoutSeconds: withoutSeconds, state: PlaylistState()
    ) { inspector, shell in
      inspector.inspect(shell, name: "playlist")
    } send: { shell, index in
      shell.send(.select(index))
    }
    // Its own "without an inspector", so the overhead is the inspector's alone.
    let travellingPlain = Shell(TravellingPlaylistState()) { _, _ in }
    var travellingWithout = Double.infinity
    for _ in 0..<5 {
      travellingWithout = min(
        travellingWithout, sendAll(to: travellingPlain) { $0.send(.select($1)) })
    }
    let travellingRun = try await delivery(
      to: server, at: url, withoutSeconds: travellingWithout, state: TravellingPlaylistState()
    ) { inspector, shell in
      inspector.inspect(shell, name: "playlist", timeTravel: .keepLast(1_000), dispatch: .on())
    } send: { shell, index in
      shell.send(.select(index))
    }
    await server.stop()
    let (wholeMicroseconds, changedMicroseconds) = readingCosts()
    let wire = bestWireCosts()
    let travellingWire = bestWireCosts(withEventJSON: true)
    return [
      Figure(
        name: "inspect.events_per_s", value: plainRun.rate, unit: "events/s",
        label: "100k events delivered to yaia inspect on loopback, in order, none lost",
        target: ">= 50000"),
      Figure(
        name: "inspect.overhead_ns_per_event", value: plainRun.overhead, unit: "ns",
        label: "app side: Shell.send with an inspector minus without",
        target: "<= 2000"),
      Figure(
        name: "inspect.travelling_events_per_s", value: travellingRun.rate, unit: "events/s",
        label: "the same with Codable events, time travel (1,000 states) and dispatch",
        target: ">= 50000"),
      Figure(
        name: "inspect.travelling_overhead_ns_per_event", value: travellingRun.overhead,
        unit: "ns", label: "app side with Codable events, time travel and dispatch",
        target: "<= 2000"),
      Figure(
        name: "inspect.send_ns_per_event", value: withoutSeconds / Double(eventCount) * 1e9,
        unit: "ns", label: "the same Shell.send without an inspector"),
      Figure(
        name: "inspect.read_whole_view_model_us", value: wholeMicroseconds, unit: "us",
        label: "reading the view model (27 fields) from scratch, on the sender"),
      Figure(
        name: "inspect.read_changed_view_model_us", value: changedMicroseconds, unit: "us",
        label: "reading it after one field changed (equal parts reused)"),
      Figure(
        name: "inspect.write_us_per_event", value: wire.write, unit: "us",
        label: "sender: writing a step of a batch as JSON"),
      Figure(
        name: "inspect.parse_us_per_event", value: wire.parse, unit: "us",
        label: "server: parsing a step of a batch"),
      Figure(
        name: "inspect.log_us_per_event", value: wire.log, unit: "us",
        label: "server: taking a step into the log (view model rebuilt from changes)"),
      Figure(
        name: "inspect.encode_event_us", value: travellingWire.encode, unit: "us",
        label: "sender: a Codable event's own encoding (JSONEncoder)"),
      Figure(
        name: "inspect.travelling_write_us_per_event", value: travellingWire.write, unit: "us",
        label: "sender: writing a step with its event's encoding"),
      Figure(
        name: "inspect.travelling_parse_us_per_event", value: travellingWire.parse, unit: "us",
        label: "server: parsing a step with its event's encoding"),
      Figure(
        name: "inspect.travelling_log_us_per_event", value: travellingWire.log, unit: "us",
        label: "server: taking it into the log (its encoding checked as JSON)"),
    ]
  }

  /// What reading the benchmark's view model costs the sender: from scratch, and after one
  /// field changed. Mirror reads a field in one to two microseconds on Linux: this is what
  /// bounds the delivered rate.
  static func readingCosts() -> (whole: Double, changed: Double) {
    var reader = InspectedValue.Reader(limits: .standard)
    var state = PlaylistState()
    let clock = ContinuousClock()
    let count = 5_000
    let whole = seconds(
      clock.measure { for _ in 0..<count { blackHole(reader.read(state.viewModel)) } })
    var last = reader.remember(state.viewModel)
    let changed = seconds(
      clock.measure {
        for index in 0..<count {
          _ = state.handle(.select(index))
          last = reader.read(state.viewModel, after: last)
        }
      })
    blackHole(last.shown)
    return (whole / Double(count) * 1e6, changed / Double(count) * 1e6)
  }

  /// Where a step's time goes outside the app, per event: writing it, parsing it, logging it,
  /// for batches like the sender's (8,000 steps, each with one view-model change).
  /// With `withEventJSON`, each step also carries its event's own encoding, as a shell with
  /// `Codable` events sends it; `encode` is what writing that encoding cost (else 0).
  /// ``wireCosts(withEventJSON:)`` three times, the least of each figure: one pass swings
  /// ±20% with what else the machine does, the least of three a few percent.
  static func bestWireCosts(withEventJSON: Bool = false) -> (
    encode: Double, write: Double, parse: Double, log: Double
  ) {
    var best = wireCosts(withEventJSON: withEventJSON)
    for _ in 0..<2 {
      let next = wireCosts(withEventJSON: withEventJSON)
      best = (
        min(best.encode, next.encode), min(best.write, next.write),
        min(best.parse, next.parse), min(best.log, next.log)
      )
    }
    return best
  }

  static func wireCosts(withEventJSON: Bool = false) -> (
    encode: Double, write: Double, parse: Double, log: Double
  ) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var encoding: Duration = .zero
    let clock = ContinuousClock()
    /// The event's encoding, timed.
    func encoded(_ index: Int) -> String? {
      var text: String?
      encoding += clock.measure {
        text = (try? encoder.encode(TravellingPlaylistState.Event.select(index))).map {
          String(decoding: $0, as: UTF8.self)
        }
      }
      return text
    }
    var reader = InspectedValue.Reader(limits: .standard)
    var state = PlaylistState()
    var last = reader.remember(state.viewModel)
    let shell = InspectorMessage.shell(
      InspectedShell(shell: 1, name: "playlist", viewModel: last.shown))
    var batches: [InspectorBatch] = [
      InspectorBatch(app: "bench", session: "bench", sequence: 1, messages: [])
    ]
    var index = 0
    while index < eventCount {
      var messages: [InspectorMessage] = batches.count == 1 ? [shell] : []
      for _ in 0..<8_000 {
        index += 1
        let commands = state.handle(.select(index))
        let next = reader.read(state.viewModel, after: last)
        messages.append(
          .step(
            InspectedStep(
              shell: 1, index: index, time: Double(index) / 1e4,
              event: reader.read(PlaylistState.Event.select(index)),
              eventJSON: withEventJSON ? encoded(index) : nil,
              commands: commands.map { reader.read($0) }, changed: true, viewModel: nil,
              viewModelChanges: InspectedChange.between(last.shown, next.shown))))
        last = next
      }
      batches.append(
        InspectorBatch(
          app: "bench", session: "bench", sequence: batches.count + 1, messages: messages))
    }
    var bodies: [[UInt8]] = []
    let write = seconds(clock.measure { bodies = batches.map { $0.wireBytes() } })
    var parsed: [InspectorBatch] = []
    let parse = seconds(
      clock.measure { parsed = bodies.compactMap { try? InspectorBatch(wire: $0) } })
    guard parsed.count == batches.count else { return (.nan, .nan, .nan, .nan) }
    let log = seconds(InspectorServer.logCost(of: parsed))
    let perEvent = 1e6 / Double(eventCount)
    return (seconds(encoding) * perEvent, write * perEvent, parse * perEvent, log * perEvent)
  }

  /// Sends the events; the seconds it took.
  static func sendAll(to shell: Shell<PlaylistState>) -> Double {
    sendAll(to: shell) { $0.send(.select($1)) }
  }

  /// Sends `eventCount` events to `shell` with `send`; the seconds it took.
  static func sendAll<State: ShellState>(
    to shell: Shell<State>, _ send: (Shell<State>, Int) -> Void
  ) -> Double {
    let clock = ContinuousClock()
    return seconds(clock.measure { for index in 0..<eventCount { send(shell, index) } })
  }

  /// Three rounds of 100,000 events from a shell of `state`, inspected as `inspect` says, to
  /// `server`: the best rate delivered (in order, none lost) and the best app-side overhead per
  /// event in nanoseconds over `withoutSeconds`, the same sends without an inspector.
  static func delivery<State: ShellState>(
    to server: InspectorServer, at url: URL, withoutSeconds: Double, state: State,
    inspect: (Inspector, Shell<State>) -> Void, send: (Shell<State>, Int) -> Void
  ) async throws -> (rate: Double, overhead: Double) {
    var options = Inspector.Options()
    options.capacity = eventCount + 10
    var bestOverhead = Double.infinity
    var bestRate = 0.0
    for round in 1...3 {
      let inspector = try await Inspector.connect(
        to: InspectorAddress(url.absoluteString), app: "bench \(State.self) \(round)",
        options: options)
      let shell = Shell(state) { _, _ in }
      inspect(inspector, shell)
      let start = ContinuousClock.now
      let withSeconds = sendAll(to: shell, send)
      guard await inspector.flush(timeout: .seconds(60)) else {
        throw BenchmarkFailed("the inspector did not receive 100,000 events within 60 s")
      }
      let delivered = seconds(start.duration(to: .now))
      guard inspector.droppedCount == 0, inspector.deliveredCount == eventCount + 1 else {
        throw BenchmarkFailed(
          "lost entries: \(inspector.droppedCount) dropped, \(inspector.deliveredCount) delivered")
      }
      try await checkOrder(server, session: inspector.session)
      await inspector.disconnect()
      bestOverhead = min(bestOverhead, (withSeconds - withoutSeconds) / Double(eventCount) * 1e9)
      bestRate = max(bestRate, Double(eventCount) / delivered)
    }
    return (bestRate, bestOverhead)
  }

  /// Checks that the server holds every step of the session, numbered 1…100,000 in order.
  static func checkOrder(_ server: InspectorServer, session: String) async throws {
    var expected = 1
    for index in await server.stepIndexes(of: session) {
      guard index == expected else {
        throw BenchmarkFailed("step \(index) arrived where \(expected) was expected")
      }
      expected += 1
    }
    guard expected == eventCount + 1 else {
      throw BenchmarkFailed("the inspector holds \(expected - 1) of \(eventCount) steps")
    }
  }
}
