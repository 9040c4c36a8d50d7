import Yaia
import YaiaHTTP

/// Whether a shell can be sent back in time from the inspector's page, and how far: opt in per
/// shell, as the Elm debugger and Redux DevTools do.
///
/// ```swift
/// inspector.inspect(pairingShell, name: "pairing", timeTravel: .keepLast(500))
/// ```
///
/// The app keeps the states after the shell's last `states` steps (values: a copy costs a few
/// reference counts, nothing is serialised). From the page, "Jump here" on one of those steps
/// puts the running shell back in the state after it:
/// - the work its commands started is cancelled, and what that work would still deliver is
///   dropped (it answers a past that no longer is); a request already on the wire still reaches
///   its server, since a jump cannot undo what the world saw;
/// - events queued behind the current one are dropped;
/// - event sources bound to the shell (a timer, a radio) keep running and keep sending;
/// - the view model is published, so the screen shows the earlier state at once;
/// - the timeline gets a step marked as the jump, and the events after it start from there.
///
/// A jump changes only the shell's state: a database, a file or a server the app wrote to keeps
/// what it was told.
public struct InspectorTimeTravel: Sendable, Hashable {
  /// How many states are kept (0: none, no jumps).
  public let states: Int

  /// The most states one shell may keep.
  public static let mostStates = 10_000

  /// No time travel: nothing kept, the page offers no jump (the default).
  public static let off = InspectorTimeTravel(states: 0)

  /// Keeps the states after the last `count` steps (at most ``mostStates``).
  public static func keepLast(_ count: Int) -> InspectorTimeTravel {
    InspectorTimeTravel(states: min(max(0, count), mostStates))
  }

  private init(states: Int) {
    self.states = states
  }
}

/// The states a shell went through, newest last, at most `capacity` of them: what a jump goes
/// back to. A value; the inspector keeps one per shell on the main actor.
struct StateHistory<State> {
  let capacity: Int
  private var states: [(index: Int, state: State)] = []
  private var head = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    states.reserveCapacity(min(self.capacity, 1_024))
  }

  /// Keeps `state` as the state after step `index` (indexes grow), letting the oldest go.
  mutating func keep(_ state: State, after index: Int) {
    if states.count < capacity {
      states.append((index, state))
    } else {
      states[head] = (index, state)
      head = (head + 1) % capacity
    }
  }

  /// The state after step `index`, if it is still kept.
  func state(after index: Int) -> State? {
    guard !states.isEmpty else { return nil }
    // In ring order the indexes grow: search the two sorted halves.
    var low = 0
    var high = states.count
    while low < high {
      let middle = (low + high) / 2
      if states[(head + middle) % states.count].index < index {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < states.count else { return nil }
    let found = states[(head + low) % states.count]
    return found.index == index ? found.state : nil
  }

  /// The oldest step whose state is kept.
  var oldest: Int? { states.isEmpty ? nil : states[head % states.count].index }
}

/// A jump the page asked for: put shell `shell` back in the state after step `index`; or, with
/// `skip`, handle the steps after `index` again without it (Redux DevTools' "skip action").
package struct InspectorJumpRequest: Sendable, Equatable {
  /// What a skip does.
  package enum Skip: String, Sendable {
    /// Recomputes the states without the step and tells the page how the screens would differ;
    /// the app's state is left as it is.
    case preview
    /// The same, then puts the shell in the state recomputed, as a jump does.
    case apply
  }

  package var shell: Int
  package var index: Int
  /// `nil` for a jump back; what to do for a skip of step `index`.
  package var skip: Skip?

  package init(shell: Int, index: Int, skip: Skip? = nil) {
    self.shell = shell
    self.index = index
    self.skip = skip
  }
}

/// What the app recomputed for a skip the page asked for: the steps after the skipped one
/// handled again from the state before it, and for each whose view model came out other than
/// it was, how. Sent as a message (``InspectorMessage/recomputed(_:)``).
public struct InspectedRecompute: Sendable, Equatable {
  /// A step whose view model came out other than recorded.
  public struct Step: Sendable, Equatable {
    /// The step's index.
    public var index: Int
    /// The changes from the view model recorded after it to the one recomputed.
    public var changes: [InspectedChange]

    /// A differing step.
    public init(index: Int, changes: [InspectedChange]) {
      self.index = index
      self.changes = changes
    }
  }

  /// The shell's id.
  public var shell: Int
  /// The step left out.
  public var skipped: Int
  /// Whether the app's shell was put in the recomputed state.
  public var applied: Bool
  /// How many steps after the skipped one were handled again.
  public var recomputed: Int
  /// The steps whose view model differs from the one recorded, at most ``mostSteps``.
  public var steps: [Step]
  /// Why it could not be recomputed, when it could not (a state is no longer kept, a jump lies
  /// between, the step is a jump).
  public var refusal: String?

  /// The most differing steps one message lists.
  public static let mostSteps = 200

  /// A recomputation's outcome.
  public init(
    shell: Int, skipped: Int, applied: Bool, recomputed: Int, steps: [Step],
    refusal: String? = nil
  ) {
    self.shell = shell
    self.skipped = skipped
    self.applied = applied
    self.recomputed = recomputed
    self.steps = steps
    self.refusal = refusal
  }
}

/// An event the page sends a shell that accepts them (``InspectorDispatch``): the shell's id
/// and the event in the app's own `Codable` encoding, read by the app.
package struct InspectorEventRequest: Sendable, Equatable {
  /// The shell's id within the app.
  package var shell: Int
  /// The event, as JSON text.
  package var json: String

  /// The longest event the page may send, in bytes.
  package static let longest = 4_096

  package init(shell: Int, json: String) {
    self.shell = shell
    self.json = json
  }
}

/// What the inspector answers an app's batch when it has something to ask of it, written and
/// read by the wire's own JSON writer and reader, as the batches are:
/// `{"jumps":[{"shell":1,"index":12}],"events":[{"shell":1,"json":"{…}"}]}`.
package struct InspectorAnswer: Sendable, Equatable {
  package var jumps: [InspectorJumpRequest]
  package var events: [InspectorEventRequest]

  package init(jumps: [InspectorJumpRequest], events: [InspectorEventRequest] = []) {
    self.jumps = jumps
    self.events = events
  }

  /// The most jumps one answer carries (the server queues at most as many per app).
  package static let mostJumps = 16
  /// The most events one answer carries (the server queues at most as many per app).
  package static let mostEvents = 8
  /// The largest answer an app reads: its jumps, and its events at their longest, escaped.
  package static let largest = 64 << 10

  /// The answer's bytes.
  package func wireBytes() -> [UInt8] {
    var json = JSONWriter(capacity: 32 + jumps.count * 32 + events.count * 256)
    json.object { json in
      json.key("jumps")
      json.array { json in
        for jump in jumps {
          json.object { json in
            json.key("shell")
            json.int(jump.shell)
            json.key("index")
            json.int(jump.index)
            if let skip = jump.skip {
              json.key("skip")
              json.string(skip.rawValue)
            }
          }
        }
      }
      // Written only when there are some: an answer of jumps reads as it always did.
      if !events.isEmpty {
        json.key("events")
        json.array { json in
          for event in events {
            json.object { json in
              json.key("shell")
              json.int(event.shell)
              json.key("json")
              json.string(event.json)
            }
          }
        }
      }
    }
    return json.bytes
  }

  /// Reads an answer: at most ``largest`` bytes, ``mostJumps`` jumps and ``mostEvents``
  /// events, each a shell and a step index in range, or a shell and an event of at most
  /// ``InspectorEventRequest/longest`` bytes.
  package init(wire bytes: some Collection<UInt8>) throws(InspectorWireError) {
    guard bytes.count <= Self.largest else {
      throw InspectorWireError(
        path: "", reason: "\(bytes.count) bytes; an answer is at most \(Self.largest)")
    }
    let object = try WireObject(document: bytes)
    let elements = try object.array("jumps")
    guard elements.count <= Self.mostJumps else {
      throw InspectorWireError(
        path: "jumps",
        reason: "\(elements.count) jumps; an answer carries at most \(Self.mostJumps)")
    }
    var jumps: [InspectorJumpRequest] = []
    for (element, at) in elements {
      let jump = try WireObject(element, at: at)
      var skip: InspectorJumpRequest.Skip?
      if let text = try jump.optionalString("skip") {
        guard let read = InspectorJumpRequest.Skip(rawValue: text) else {
          throw InspectorWireError(path: "\(at).skip", reason: "expected preview or apply")
        }
        skip = read
      }
      jumps.append(
        InspectorJumpRequest(
          shell: try jump.int("shell"), index: try jump.int("index"), skip: skip))
    }
    var events: [InspectorEventRequest] = []
    if object.has("events") {
      let elements = try object.array("events")
      guard elements.count <= Self.mostEvents else {
        throw InspectorWireError(
          path: "events",
          reason: "\(elements.count) events; an answer carries at most \(Self.mostEvents)")
      }
      for (element, at) in elements {
        let event = try WireObject(element, at: at)
        let json = try event.string("json")
        guard json.utf8.count <= InspectorEventRequest.longest else {
          throw InspectorWireError(
            path: "\(at).json",
            reason: "an event of at most \(InspectorEventRequest.longest) bytes")
        }
        events.append(
          InspectorEventRequest(shell: try event.int("shell", in: 1...Int(Int32.max)), json: json))
      }
    }
    self.init(jumps: jumps, events: events)
  }
}

/// The jumps each time-travelling shell knows how to make, by shell id: the sender hands the
/// page's requests here, on the main actor, where the shells live.
@MainActor
final class InspectorJumps {
  private var handlers: [Int: (InspectorJumpRequest) -> Void] = [:]

  nonisolated init() {}

  func register(shell: Int, _ jump: @escaping (InspectorJumpRequest) -> Void) {
    handlers[shell] = jump
  }

  /// Makes the jumps and skips asked for, in order; a request for a shell without time travel
  /// is ignored.
  func run(_ requests: [InspectorJumpRequest]) {
    for request in requests.prefix(InspectorAnswer.mostJumps) {
      handlers[request.shell]?(request)
    }
  }
}

/// The steps after step `skipped` handled again, without it, from the state before it, through
/// step `last`: the state they lead to, how many were handled, and each whose view model comes
/// out other than the one kept after it (at most ``InspectedRecompute/mostSteps``). Only
/// `handle` runs: the commands are returned and dropped, never performed. A failure says why
/// (a state no longer kept, a jump in between).
func recomputeSkipping<State: ShellState>(
  _ skipped: Int, through last: Int,
  in history: StateHistory<(state: State, event: State.Event?)>
) -> Result<(state: State, count: Int, steps: [InspectedRecompute.Step]), SkipRefusal> {
  guard skipped >= 1, skipped <= last else {
    return .failure(
      SkipRefusal("the shell has no step \(skipped) to skip (its steps are 1–\(last))"))
  }
  guard let before = history.state(after: skipped - 1), history.state(after: skipped) != nil
  else {
    return .failure(
      SkipRefusal(
        "the app no longer keeps the state before step \(skipped) (it keeps the states after its last \(history.capacity - 1) steps)"
      ))
  }
  guard history.state(after: skipped)?.event != nil else {
    return .failure(
      SkipRefusal("step \(skipped) is a jump or a skip made from the page, not an event"))
  }
  var state = before.state
  var steps: [InspectedRecompute.Step] = []
  var count = 0
  for index in stride(from: skipped + 1, through: last, by: 1) {
    guard let kept = history.state(after: index), let event = kept.event else {
      return .failure(
        SkipRefusal(
          "step \(index) is a jump or a skip made from the page: the steps after it no longer follow from step \(skipped)"
        ))
    }
    _ = state.handle(event)
    count += 1
    guard steps.count < InspectedRecompute.mostSteps else { continue }
    let changes = InspectedChange.between(
      InspectedValue(kept.state.viewModel), InspectedValue(state.viewModel))
    if !changes.isEmpty { steps.append(InspectedRecompute.Step(index: index, changes: changes)) }
  }
  return .success((state, count, steps))
}

/// Why a skip cannot be recomputed, in words the page shows.
struct SkipRefusal: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// What a skip applied in the app shows in the timeline: the event slot of the step that
/// marks it.
struct TimeTravelSkip {
  /// The step left out; the steps after it were handled again without it.
  var skippedStep: Int
}

/// What a jump shows in the timeline: the event slot of the step that marks it.
struct TimeTravelJump {
  /// The step whose state the shell went back to (0: its first state).
  var backToStep: Int
}
