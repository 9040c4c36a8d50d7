import Foundation
import Yaia
public import YaiaHTTP

/// What an app tells its inspector, one message at a time: a shell appeared, a shell handled an
/// event, entries were lost, a launch was planned or moved, the mock server answered a request.
///
/// As JSON each message is one object with a `kind` and that kind's fields, so that the page
/// reads it without a schema:
///
/// ```json
/// {"kind": "step", "shell": 1, "index": 3, "time": 0.25, "event": {…}, "commands": [], "changed": true, "viewModel": {…}}
/// ```
public enum InspectorMessage: Sendable, Equatable {
  /// A shell was connected: its id within the app, its name and its first view model.
  case shell(InspectedShell)
  /// A shell handled an event.
  case step(InspectedStep)
  /// The app dropped this many entries because the inspector was slower than the app.
  case dropped(count: Int)
  /// A launch was planned: its graph.
  case launch(InspectedLaunch)
  /// Something happened to a step of a launch.
  case launchEvent(InspectedLaunchEvent)
  /// A launch ended: its report.
  case launchReport(InspectedLaunchReport)
  /// The app's in-process mock server answered a request.
  case request(InspectedRequest)
  /// An event the page sent a shell did not read as the shell's event type: which shell, and
  /// what was wrong (at most ``InspectedStep/longestReason`` characters).
  case eventRefused(shell: Int, reason: String)
  /// The app handled a shell's steps again without one the page asked it to skip: how the view
  /// models came out.
  case recomputed(InspectedRecompute)

  /// The `kind` of the message in JSON.
  public var kind: String {
    switch self {
    case .shell: "shell"
    case .step: "step"
    case .dropped: "dropped"
    case .launch: "launch"
    case .launchEvent: "launchEvent"
    case .launchReport: "launchReport"
    case .request: "request"
    case .eventRefused: "eventRefused"
    case .recomputed: "recomputed"
    }
  }
}

/// A shell as the inspector shows it.
public struct InspectedShell: Sendable, Equatable {
  /// Its id within the app (from 1, in the order shells were connected).
  public var shell: Int
  /// The name the app gave it.
  public var name: String
  /// Its view model when it was connected.
  public var viewModel: InspectedValue
  /// How many states the app keeps to jump back to (``InspectorTimeTravel``); `nil` when the
  /// shell was inspected without time travel, and the page offers no jump.
  public var history: Int?
  /// Why the app cannot run on from the shell's first state, when it cannot: the page offers
  /// no jump there and says why, and the inspector refuses one.
  public var cannotJump: String?
  /// Whether the page may send the shell events (``InspectorDispatch``): the app opted in, and
  /// its events are `Codable`.
  public var acceptsEvents: Bool

  /// A shell.
  public init(
    shell: Int, name: String, viewModel: InspectedValue, history: Int? = nil,
    cannotJump: String? = nil, acceptsEvents: Bool = false
  ) {
    self.shell = shell
    self.name = name
    self.viewModel = viewModel
    self.history = history
    self.cannotJump = cannotJump
    self.acceptsEvents = acceptsEvents
  }
}

/// One event a shell handled: what came in, what went out, and the view model after it.
public struct InspectedStep: Sendable, Equatable {
  /// The shell's id.
  public var shell: Int
  /// The event's position among those the shell handled since it was connected, from 1.
  public var index: Int
  /// Seconds since the app connected to the inspector.
  public var time: Double
  /// The event.
  public var event: InspectedValue
  /// The event as the app's own `Codable` encoding writes it (JSON text), when its type is
  /// `Codable`: what an exported journal replays.
  public var eventJSON: String?
  /// The commands the state returned, in order.
  public var commands: [InspectedValue]
  /// Whether the view model changed.
  public var changed: Bool
  /// The view model after the event, when it changed: whole (the first time, or as the
  /// inspector keeps it), or as ``viewModelChanges`` from the one before.
  public var viewModel: InspectedValue?
  /// How the view model changed, when the app sends changes instead of the whole value (the
  /// inspector applies them to the last view model and fills ``viewModel``).
  public var viewModelChanges: [InspectedChange]?
  /// Set when this step is not an event but a jump back in time: the app was put back in the
  /// state after step `jumpedTo` (0: its first state). Later steps start from there.
  public var jumpedTo: Int?
  /// Why the app cannot run on from the state after this step, when it cannot (its work
  /// lives outside the state, as a launch's does): the page offers no jump there and says why.
  public var cannotJump: String?

  /// The longest reason a step carries for refusing a jump.
  public static let longestReason = 500

  /// A step.
  public init(
    shell: Int, index: Int, time: Double, event: InspectedValue, eventJSON: String? = nil,
    commands: [InspectedValue], changed: Bool, viewModel: InspectedValue?,
    viewModelChanges: [InspectedChange]? = nil, jumpedTo: Int? = nil, cannotJump: String? = nil
  ) {
    self.viewModelChanges = viewModelChanges
    self.jumpedTo = jumpedTo
    self.cannotJump = cannotJump
    self.shell = shell
    self.index = index
    self.time = time
    self.event = event
    self.eventJSON = eventJSON
    self.commands = commands
    self.changed = changed
    self.viewModel = viewModel
  }
}

/// A launch's graph: its steps, their dependencies, the waves they run in, and the path that
/// decides its length.
public struct InspectedLaunch: Sendable, Equatable {
  /// One step of the plan.
  public struct Step: Sendable, Equatable {
    /// Its id, as text.
    public var id: String
    /// The steps it waits for.
    public var dependencies: [String]
    /// Whether the launch goes on when it fails.
    public var isOptional: Bool
    /// Whether it waits for the user.
    public var needsUserInput: Bool
    /// Its time limit in seconds, if any.
    public var timeout: Double?

    /// A step.
    public init(
      id: String, dependencies: [String], isOptional: Bool, needsUserInput: Bool,
      timeout: Double?
    ) {
      self.id = id
      self.dependencies = dependencies
      self.isOptional = isOptional
      self.needsUserInput = needsUserInput
      self.timeout = timeout
    }
  }

  /// The launch's id within the app, from 1.
  public var launch: Int
  /// The steps, in the plan's order.
  public var steps: [Step]
  /// The steps by wave: each wave's steps depend only on earlier waves.
  public var waves: [[String]]
  /// The longest chain of dependencies, first step first.
  public var criticalPath: [String]
  /// The launch's time budget in seconds.
  public var budget: Double
  /// When the launch started, in seconds since 1970 by the app's clock, if the app said: what
  /// tells one launch of a list from another on the page.
  public var startedAt: Double?

  /// The most seconds since 1970 a launch's start may be (the year 5138): anything later is
  /// no time an app could mean.
  public static let latestStart: Double = 1e11

  /// A launch graph.
  public init(
    launch: Int, steps: [Step], waves: [[String]], criticalPath: [String], budget: Double,
    startedAt: Double? = nil
  ) {
    self.launch = launch
    self.steps = steps
    self.waves = waves
    self.criticalPath = criticalPath
    self.budget = budget
    self.startedAt = startedAt
  }
}

/// Something that happened to a step of a launch.
public struct InspectedLaunchEvent: Sendable, Equatable {
  /// What happened.
  public enum Kind: String, Sendable {
    /// The step started.
    case started
    /// The step waits for the user.
    case waiting
    /// The step ended (see ``InspectedLaunchEvent/outcome``).
    case ended
  }

  /// The launch's id.
  public var launch: Int
  /// The step.
  public var step: String
  /// What happened.
  public var what: Kind
  /// How the step ended (`finished`, `failed`, `timedOut`, `skipped`, `aborted`, `cancelled`),
  /// for ``Kind/ended``.
  public var outcome: String?
  /// The outcome or the prompt, in a sentence.
  public var detail: String
  /// Seconds since the launch began.
  public var time: Double

  /// A launch event.
  public init(
    launch: Int, step: String, what: Kind, outcome: String?, detail: String, time: Double
  ) {
    self.launch = launch
    self.step = step
    self.what = what
    self.outcome = outcome
    self.detail = detail
    self.time = time
  }
}

/// How a launch ended: each step's span and outcome, its length and critical path.
public struct InspectedLaunchReport: Sendable, Equatable {
  /// One step's span: when it ran and how it ended.
  public struct StepSpan: Sendable, Equatable {
    /// The step.
    public var step: String
    /// Its outcome (as in ``InspectedLaunchEvent/outcome``).
    public var outcome: String
    /// The outcome in a sentence.
    public var detail: String
    /// When it started, in seconds since the launch began; `nil` when it never ran.
    public var start: Double?
    /// When it ended.
    public var end: Double?

    /// A span.
    public init(step: String, outcome: String, detail: String, start: Double?, end: Double?) {
      self.step = step
      self.outcome = outcome
      self.detail = detail
      self.start = start
      self.end = end
    }
  }

  /// The launch's id.
  public var launch: Int
  /// How it ended, in a sentence.
  public var outcome: String
  /// Renamed ``StepSpan``.
  @available(*, deprecated, renamed: "StepSpan")
  public typealias Record = StepSpan

  /// The steps' spans (`records` on the wire, as before the rename).
  public var spans: [StepSpan]
  /// The critical path as it ran.
  public var criticalPath: [String]
  /// Seconds from start until the app could be used (steps that wait for the user excluded).
  public var launchTime: Double
  /// The budget in seconds.
  public var budget: Double

  /// A report.
  public init(
    launch: Int, outcome: String, spans: [StepSpan], criticalPath: [String], launchTime: Double,
    budget: Double
  ) {
    self.launch = launch
    self.outcome = outcome
    self.spans = spans
    self.criticalPath = criticalPath
    self.launchTime = launchTime
    self.budget = budget
  }

  /// Renamed ``init(launch:outcome:spans:criticalPath:launchTime:budget:)``.
  @available(*, deprecated, renamed: "init(launch:outcome:spans:criticalPath:launchTime:budget:)")
  public init(
    launch: Int, outcome: String, records: [StepSpan], criticalPath: [String], launchTime: Double,
    budget: Double
  ) {
    self.init(
      launch: launch, outcome: outcome, spans: records, criticalPath: criticalPath,
      launchTime: launchTime, budget: budget)
  }

  /// Renamed ``spans``.
  @available(*, deprecated, renamed: "spans")
  public var records: [StepSpan] {
    get { spans }
    set { spans = newValue }
  }
}

/// A request the app's in-process mock server answered.
public struct InspectedRequest: Sendable, Equatable {
  /// The method.
  public var method: String
  /// The path and query.
  public var path: String
  /// The scenario in force, if any.
  public var scenario: String?
  /// The route that answered; `nil` when none matched.
  public var route: String?
  /// The status answered.
  public var status: HTTPStatus
  /// Milliseconds from the request to the answer, when known.
  public var latency: Double?
  /// Seconds since the app connected to the inspector.
  public var time: Double

  /// A request.
  public init(
    method: String, path: String, scenario: String?, route: String?, status: HTTPStatus,
    latency: Double?, time: Double
  ) {
    self.method = method
    self.path = path
    self.scenario = scenario
    self.route = route
    self.status = status
    self.latency = latency
    self.time = time
  }
}
