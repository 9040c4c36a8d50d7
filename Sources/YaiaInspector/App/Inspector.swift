import Foundation
public import Yaia
public import YaiaHTTP
public import YaiaSequencer

/// An app's connection to Yaia Inspector (`yaia inspect`): it streams what connected shells
/// handle, how launches run and what the in-process mock server answers, to a page that shows
/// them as a timeline, diffs and charts.
///
/// ```swift
/// let inspector = try await Inspector.connect(to: InspectorAddress(url), app: "Conference")
/// inspector.inspect(loginShell, name: "login")
/// let launchInspection = inspector.inspect(launch)
/// ```
///
/// The main actor never waits on the network: each handled event is appended to a bounded
/// buffer (a few hundred nanoseconds), and a task of the inspector's own reads the values and
/// sends them in batches. When the inspector is slower than the app, the buffer fills and new
/// entries are dropped and counted; the page shows how many. When no inspector is connected,
/// nothing is recorded at all: the shells have no inspection attached. Values of types that
/// conform to ``InspectorSecret`` are never read and never sent.
public final class Inspector: Sendable {
  /// How much the inspector buffers and reads.
  public struct Options: Sendable {
    /// The most entries waiting to be sent; past it, new entries are dropped and counted.
    public var capacity: Int = 100_000
    /// The most entries sent in one batch. Large batches cost less per entry (a request and a
    /// parse per batch); the sender takes fewer when entries are large, aiming at 4 MiB a batch,
    /// and splits one that would pass 12 MiB.
    public var batchSize: Int = 8_000
    /// How much of each value is read.
    public var limits: InspectedValue.Limits = .standard
    /// The longest one batch may take to be accepted before the inspector counts as gone. The
    /// app never waits for it (batches are sent off the main actor), so it is generous: an
    /// inspector on a busy machine (a build beside it) is slow, not gone.
    public var requestTimeout: Duration = .seconds(15)
    /// Whether the app connects again when the inspector stops answering (it was restarted,
    /// the machine slept), trying after `reconnectDelay`, then twice as long each time up to
    /// `longestReconnectDelay`. Without it, a lost inspector ends the connection for good.
    public var reconnects = true
    /// The first pause before connecting again.
    public var reconnectDelay: Duration = .milliseconds(250)
    /// The longest pause between two attempts.
    public var longestReconnectDelay: Duration = .seconds(5)
    /// Told once when the inspector stops answering, and once when it answers again, so the
    /// app can say so where its user looks (a log line, a status bar). Called off the main
    /// actor.
    public var onConnectionChange: (@Sendable (InspectorConnectionChange) -> Void)?

    /// The defaults: 100,000 entries, batches of up to 8,000, standard limits, 15 seconds, and
    /// reconnecting after 0.25 s, then up to every 5 s.
    public init() {}
  }

  /// Where the app sends.
  public let address: InspectorAddress
  /// The app's name, as the page shows it.
  public let app: String
  /// A random id for this connection, so the page tells two runs of one app apart. After a
  /// reconnection the app sends as `sessionr2`, `sessionr3`… (a session id is letters and digits): the inspector may be a new one
  /// that knows nothing of the earlier batches.
  public let session: String

  let options: Options
  let buffer: InspectorBuffer<InspectorRecord>
  let status = InspectorStatus()
  /// The jumps back in time each shell that travels knows how to make.
  let jumps: InspectorJumps
  /// How each shell that accepts events from the page reads and sends them.
  let dispatches: InspectorDispatches
  private let sender: InspectorSender
  private let start = ContinuousClock.now

  /// Connects to the inspector at `address`: sends a first, empty batch and waits (at most
  /// ``Options/requestTimeout``) for it to be accepted, so that a wrong address or token is an
  /// error here rather than silence later.
  ///
  /// - Throws: ``InspectorError/unreachable(_:reason:)`` when nothing answers, or the
  ///   inspector refuses the app; ``InspectorError/notItsOwn(_:reason:)`` when what answers
  ///   cannot prove it holds the token (the app then sent it nothing, token included).
  public static func connect(
    to address: InspectorAddress, app: String, options: Options = Options()
  ) async throws(InspectorError) -> Inspector {
    let inspector = Inspector(address: address, app: app, options: options)
    try await inspector.sender.hello()
    inspector.sender.start()
    return inspector
  }

  private init(address: InspectorAddress, app: String, options: Options) {
    self.address = address
    self.app = String(app.prefix(200))
    self.options = options
    self.session = (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }
      .joined()
    let buffer = InspectorBuffer<InspectorRecord>(capacity: options.capacity)
    self.buffer = buffer
    let jumps = InspectorJumps()
    self.jumps = jumps
    let dispatches = InspectorDispatches()
    self.dispatches = dispatches
    self.sender = InspectorSender(
      address: address, app: self.app, session: session, buffer: buffer, status: status,
      options: options,
      onAnswer: { answer in
        Task { @MainActor in
          jumps.run(answer.jumps)
          dispatches.run(answer.events)
        }
      })
  }

  // MARK: Shells

  /// Streams every event `shell` handles, under `name`, with its commands and view model.
  /// Events are sent as the inspector reads them; an exported journal cannot replay them (see
  /// the `Codable` variant). With `timeTravel`, the page can put the running shell back in an
  /// earlier state (see ``InspectorTimeTravel`` for what a jump does).
  ///
  /// - Parameters:
  ///   - shell: The shell to stream.
  ///   - name: Its name on the page.
  ///   - timeTravel: How many states the app keeps for the page to jump back to (none by
  ///     default).
  ///   - afterJump: Called after each jump with the state the shell left and the one it went
  ///     back to, for what the shell's commands drive and its state does not: a router's
  ///     stack, pushed by commands, is put in line with the earlier state here.
  ///   - cannotJump: Why the app cannot run on from a state, when it cannot: a state whose
  ///     work lives outside it (a launch under way, a request whose answer the state awaits)
  ///     is shown on the page without a jump, with this reason, and a jump there is refused.
  @MainActor
  public func inspect<State: ShellState>(
    _ shell: Shell<State>, name: String, timeTravel: InspectorTimeTravel = .off,
    afterJump: (@MainActor (_ left: State, _ back: State) -> Void)? = nil,
    cannotJump: (@MainActor (State) -> String?)? = nil
  ) {
    attach(
      shell, name: name, encoder: nil, timeTravel: timeTravel, cannotJump: cannotJump,
      afterJump: afterJump)
  }

  /// Streams every event `shell` handles, under `name`, with its commands and view model; as
  /// its events are `Encodable`, each is also sent in its own encoding, so that a journal
  /// exported from the page replays in a test (`expectReplay`). With `timeTravel`, the page
  /// can put the running shell back in an earlier state, except to the states `cannotJump`
  /// gives a reason for; `afterJump` is told of each jump.
  @MainActor
  public func inspect<State: ShellState>(
    _ shell: Shell<State>, name: String, timeTravel: InspectorTimeTravel = .off,
    afterJump: (@MainActor (_ left: State, _ back: State) -> Void)? = nil,
    cannotJump: (@MainActor (State) -> String?)? = nil
  )
  where State.Event: Encodable {
    attach(
      shell, name: name,
      encoder: { event in
        { secrets in InspectorSecretPlaceholder.encode(event, secrets: secrets) }
      }, timeTravel: timeTravel, cannotJump: cannotJump, afterJump: afterJump)
  }

  /// Streams every event `shell` handles, as the `Encodable` variant does, and lets the page
  /// send it events (`dispatch`), as a person using the app would: to try an input without
  /// clicking through to it, or to replay one. An event is read with the shell's own
  /// `Decodable`, on the main actor, and sent to the shell as any other; one that does not read
  /// is not sent, and the page is told why.
  @MainActor
  public func inspect<State: ShellState>(
    _ shell: Shell<State>, name: String, timeTravel: InspectorTimeTravel = .off,
    dispatch: InspectorDispatch,
    afterJump: (@MainActor (_ left: State, _ back: State) -> Void)? = nil,
    cannotJump: (@MainActor (State) -> String?)? = nil
  )
  where State.Event: Codable {
    let read = dispatch.reader(for: State.Event.self)
    attach(
      shell, name: name,
      encoder: { event in
        { secrets in InspectorSecretPlaceholder.encode(event, secrets: secrets) }
      }, timeTravel: timeTravel, cannotJump: cannotJump, afterJump: afterJump,
      readEvent: read)
  }

  @MainActor
  private func attach<State: ShellState>(
    _ shell: Shell<State>, name: String,
    encoder: (@Sendable (State.Event) -> @Sendable (_ secrets: Int) -> String?)?,
    timeTravel: InspectorTimeTravel, cannotJump: (@MainActor (State) -> String?)?,
    afterJump: (@MainActor (State, State) -> Void)?,
    readEvent: (@Sendable (String) -> Result<State.Event, InspectorDispatch.Unreadable>)? = nil
  ) {
    guard status.isOpen else { return }
    let id = status.nextShell()
    let now = seconds()
    let travels = timeTravel.states > 0
    // Why a state cannot be jumped to, asked only of a shell that travels, and bounded.
    let refusal: (State) -> String? = { state in
      guard travels, let reason = cannotJump?(state) else { return nil }
      return String(reason.prefix(InspectedStep.longestReason))
    }
    buffer.append(
      InspectorRecord(
        time: now,
        body: .shell(
          id: id, name: String(name.prefix(200)), viewModel: shell.viewModel,
          history: travels ? timeTravel.states : nil, cannotJump: refusal(shell.state),
          acceptsEvents: readEvent != nil)))
    var index = 0
    // The states to jump back to: the first one, and the one after each step since, each with
    // the event that led to it (none for the first, or a jump): what a skip handles again.
    var history =
      travels
      ? StateHistory<(state: State, event: State.Event?)>(capacity: timeTravel.states + 1)
      : nil
    history?.keep((shell.state, nil), after: 0)
    shell.inspection = { [weak self, unowned shell] entry in
      guard let self, self.status.isOpen else { return }
      index += 1
      history?.keep((shell.state, entry.event), after: index)
      self.buffer.append(
        InspectorRecord(
          time: self.seconds(),
          body: .step(
            shell: id, index: index, event: entry.event, encodeEvent: encoder?(entry.event),
            commands: entry.commands.isEmpty ? nil : entry.commands,
            changed: entry.viewModelChanged,
            viewModel: entry.viewModelChanged ? entry.viewModel : nil,
            cannotJump: refusal(shell.state))))
    }
    if let readEvent {
      // The page's events come in the answers to batches: ask as often as a shell that travels.
      status.setTravelsInTime()
      dispatches.register(shell: id) { [weak self, weak shell] json in
        guard let self, let shell, self.status.isOpen else { return }
        switch readEvent(json) {
        case .success(let event): shell.send(event)
        case .failure(let problem):
          self.record(
            .eventRefused(
              shell: id, reason: String(problem.description.prefix(InspectedStep.longestReason))))
        }
      }
    }
    guard travels else { return }
    status.setTravelsInTime()
    jumps.register(shell: id) { [weak self, weak shell] request in
      guard let self, let shell, self.status.isOpen, let kept = history else { return }
      /// Puts the shell in `state`, as a jump does, and marks it in the timeline with `event`.
      @MainActor func travel(to state: State, event: Any, jumpedTo: Int?) {
        let left = shell.state
        let before = left.viewModel
        shell.travel(to: state)
        afterJump?(left, state)
        index += 1
        history?.keep((state, nil), after: index)
        let after = state.viewModel
        let changed = after != before
        self.buffer.append(
          InspectorRecord(
            time: self.seconds(),
            body: .step(
              shell: id, index: index, event: event, encodeEvent: nil, commands: nil,
              changed: changed, viewModel: changed ? after : nil, jumpedTo: jumpedTo,
              cannotJump: refusal(state))))
      }
      guard let skip = request.skip else {
        let back = request.index
        guard let state = kept.state(after: back)?.state,
          refusal(state) == nil  // the inspector refuses it too; a state is checked again here
        else { return }
        travel(to: state, event: TimeTravelJump(backToStep: back), jumpedTo: back)
        return
      }
      switch recomputeSkipping(request.index, through: index, in: kept) {
      case .failure(let reason):
        self.record(
          .recomputed(
            InspectedRecompute(
              shell: id, skipped: request.index, applied: false, recomputed: 0, steps: [],
              refusal: reason.reason)))
      case .success(let outcome):
        let applying = skip == .apply && refusal(outcome.state) == nil
        self.record(
          .recomputed(
            InspectedRecompute(
              shell: id, skipped: request.index, applied: applying, recomputed: outcome.count,
              steps: outcome.steps,
              refusal: skip == .apply && !applying
                ? "the app cannot run on from the state recomputed: \(refusal(outcome.state) ?? "")"
                : nil)))
        if applying {
          travel(
            to: outcome.state, event: TimeTravelSkip(skippedStep: request.index), jumpedTo: nil)
        }
      }
    }
  }

  // MARK: Launches and requests

  /// Sends `launch`'s graph; record its events and report through the returned value.
  public func inspect<ID>(_ launch: Launch<ID>) -> LaunchInspection<ID> {
    let id = status.nextLaunch()
    let plan = launch.plan
    let graph = InspectedLaunch(
      launch: id,
      steps: plan.steps.map { step in
        InspectedLaunch.Step(
          id: "\(step.id)", dependencies: step.dependencies.map { "\($0)" },
          isOptional: step.isOptional, needsUserInput: step.needsUserInput,
          timeout: step.timeout.map(Self.seconds))
      },
      waves: plan.waves.map { $0.map { "\($0)" } },
      criticalPath: plan.criticalPath().map { "\($0)" }, budget: Self.seconds(launch.budget),
      startedAt: Date().timeIntervalSince1970)
    record(.launch(graph))
    return LaunchInspection(inspector: self, launch: id)
  }

  /// Sends a request the app's in-process mock server answered.
  public func record(
    request method: String, path: String, scenario: String?, route: String?, status: HTTPStatus,
    latency: Duration?
  ) {
    record(
      .request(
        InspectedRequest(
          method: String(method.prefix(16)), path: String(path.prefix(2_048)),
          scenario: scenario.map { String($0.prefix(200)) },
          route: route.map { String($0.prefix(200)) }, status: status,
          latency: latency.map { Self.seconds($0) * 1_000 }, time: seconds())))
  }

  func record(_ message: InspectorMessage) {
    guard status.isOpen else { return }
    buffer.append(InspectorRecord(time: seconds(), body: .message(message)))
  }

  // MARK: State

  /// Whether the inspector accepts what the app sends now; `false` after
  /// ``disconnect(timeout:)``, once the inspector refused the app, and while a lost inspector
  /// is being reconnected (see ``problem``; shells keep recording into the buffer meanwhile).
  public var isConnected: Bool { status.isConnected }

  /// Why the inspector is not accepting, while it is not.
  public var problem: String? { status.problem }

  /// How many entries were dropped so far because the inspector was slower than the app.
  public var droppedCount: Int { status.dropped }

  /// How many entries the inspector has accepted so far.
  public var deliveredCount: Int { status.delivered }

  /// Waits until every entry appended so far was sent (or the inspector is gone), at most
  /// `timeout`; returns whether everything was sent.
  /// While the inspector is lost, it returns `false` at once.
  @discardableResult
  public func flush(timeout: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      // Taken before the checks, so a change between them and the wait is not missed.
      let change = status.nextChange
      let arrival = buffer.nextArrival
      guard status.isConnected, buffer.waiting > 0 || status.isSending else { break }
      guard ContinuousClock.now < deadline else { return false }
      await Signal.wait(forAnyOf: [change, arrival], until: deadline)
    }
    return buffer.waiting == 0
  }

  /// Sends what is buffered (within `timeout`), then stops: shells stay attached but record
  /// nothing more.
  public func disconnect(timeout: Duration = .seconds(5)) async {
    await flush(timeout: timeout)
    status.end(problem: nil)
    await sender.stop()
  }

  private func seconds() -> Double { Self.seconds(start.duration(to: .now)) }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// A change of an app's connection to its inspector, told through
/// ``Inspector/Options/onConnectionChange``.
public enum InspectorConnectionChange: Sendable, Equatable, CustomStringConvertible {
  /// The inspector stopped answering; the app tries again, and keeps recording meanwhile
  /// (entries past the buffer's capacity are dropped and counted).
  case lost(reason: String)
  /// The inspector answers again, under a new session id (see ``Inspector/session``).
  case regained(session: String)
  /// The inspector answered and refused the app: the app stops sending for good.
  case refused(reason: String)
  /// Something answers at the inspector's address without proving it holds the app's token
  /// (another program took the port while the inspector was down, or `yaia inspect
  /// --new-token` made a new token). The app sent it nothing, and (unless it does not
  /// reconnect) keeps trying quietly in case its own inspector comes back. Told once for each
  /// loss.
  case notItsOwn(reason: String)

  /// The change in a sentence, for a log line.
  public var description: String {
    switch self {
    case .lost(let reason): "Lost the inspector (\(reason)); trying again."
    case .regained: "The inspector answers again."
    case .refused(let reason): "The inspector refused the app (\(reason)); not sending any more."
    case .notItsOwn(let reason): "\(reason) The app keeps trying its own inspector."
    }
  }
}

/// A launch being inspected: pass on its events and its report as the app receives them.
///
/// ```swift
/// let inspection = inspector.inspect(launch)
/// for await event in launch.events { inspection.record(event); splash.show(event) }
/// inspection.finish(await report)
/// ```
public struct LaunchInspection<ID: Hashable & Sendable>: Sendable {
  let inspector: Inspector
  let launch: Int

  /// Sends one of the launch's events.
  public func record(_ event: LaunchEvent<ID>) {
    let what: InspectedLaunchEvent.Kind
    var outcome: String?
    let detail: String
    switch event.kind {
    case .started:
      what = .started
      detail = "started"
    case .waitingForUser(let prompt):
      what = .waiting
      detail = "waiting for the user: \(prompt)"
    case .ended(let ended):
      what = .ended
      outcome = Self.name(of: ended)
      detail = ended.description
    }
    inspector.record(
      .launchEvent(
        InspectedLaunchEvent(
          launch: launch, step: "\(event.step)", what: what, outcome: outcome,
          detail: String(detail.prefix(1_000)), time: Inspector.seconds(event.time))))
  }

  /// Sends the launch's report.
  public func finish(_ report: LaunchReport<ID>) {
    let spans = report.spans.map { record in
      InspectedLaunchReport.StepSpan(
        step: "\(record.step)", outcome: Self.name(of: record.outcome),
        detail: String(record.outcome.description.prefix(1_000)),
        start: record.start.map(Inspector.seconds), end: record.end.map(Inspector.seconds))
    }
    inspector.record(
      .launchReport(
        InspectedLaunchReport(
          launch: launch, outcome: "\(report.outcome)", spans: spans,
          criticalPath: report.criticalPath.map { "\($0)" },
          launchTime: Inspector.seconds(report.launchTime),
          budget: Inspector.seconds(report.budget))))
  }

  static func name(of outcome: StepOutcome<ID>) -> String {
    switch outcome {
    case .finished: "finished"
    case .failed: "failed"
    case .timedOut: "timedOut"
    case .skipped: "skipped"
    case .aborted: "aborted"
    case .cancelled: "cancelled"
    }
  }
}
