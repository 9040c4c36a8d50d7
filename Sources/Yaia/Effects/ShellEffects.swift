/// What a feature's command handler may do besides calling a service directly: send events
/// back, start asynchronous work whose results become events, follow streams, debounce and
/// throttle, and cancel.
///
/// A ``Shell`` hands one to its command handler with every command. Work may carry an id:
/// starting new work with the same id cancels the old one (``WorkPolicy/replace``) or runs
/// beside it (``WorkPolicy/join``), and ``cancel(id:)`` stops it. No event from cancelled,
/// replaced or ended work ever reaches the state, whether the work returns it, hands it to its
/// ``Send``, or calls ``send(_:)`` on an effects value it captured.
///
/// ```swift
/// let shell = Shell(SearchState()) { command, effects in
///   switch command {
///   case .search(let query):
///     effects.debounce(id: "search", for: .milliseconds(300), clock: clock) {
///       .results(await api.search(query))
///     }
///   case .stopScanning:
///     effects.cancel(id: "radio")
///   }
/// }
/// ```
///
/// `ShellEffects` holds its shell weakly: keeping one beyond the command does not keep the
/// shell alive, and using it after the shell is gone does nothing.
@MainActor
public struct ShellEffects<State: ShellState> where State.Event: Sendable {
  /// The events of the state these effects serve.
  public typealias Event = State.Event

  private weak var registry: WorkRegistry?
  private let sink: @MainActor (Event) -> Void
  private let scope: WorkScope
  private let readState: @MainActor () -> State?

  init(
    registry: WorkRegistry?, scope: WorkScope, readState: @escaping @MainActor () -> State?,
    sink: @escaping @MainActor (Event) -> Void
  ) {
    self.registry = registry
    self.scope = scope
    self.readState = readState
    self.sink = sink
  }

  // MARK: Sending

  /// Sends `event` to the shell. It is handled after the event being handled now, in order.
  ///
  /// Called from inside work that was cancelled meanwhile (through a captured effects value),
  /// it does nothing.
  public func send(_ event: Event) {
    guard let registry, registry.accepts(from: ShellWork.current) else { return }
    sink(event)
  }

  // MARK: Work

  /// Starts asynchronous work and sends the event it returns (none if it returns `nil`).
  ///
  /// - Parameters:
  ///   - id: Names the work, so that ``cancel(id:)`` can stop it and new work under the same
  ///     id replaces or joins it. Anonymous work runs until it finishes or the shell ends.
  ///   - policy: Whether new work under `id` replaces the work running under it (the default)
  ///     or joins it.
  ///   - work: Runs off the main actor. It is cancelled cooperatively; whatever it returns
  ///     after cancellation is dropped.
  public func run(
    id: (any Hashable & Sendable)? = nil, policy: WorkPolicy = .replace,
    _ work: @escaping @Sendable () async -> Event?
  ) {
    startForResult(id, policy, { .success(await work()) }, catch: { _ in nil })
  }

  /// Starts asynchronous work that may throw, sending the event it returns or, when it
  /// throws, the event `catch` makes of the error (none if either gives `nil`).
  ///
  /// ```swift
  /// effects.run(id: "login") {
  ///   .loggedIn(try await api.login(request))
  /// } catch: { error in
  ///   .loginFailed(error as? LoginError ?? .offline)
  /// }
  /// ```
  ///
  /// Work that was cancelled, replaced or outlived its shell delivers nothing, whether it
  /// returned or threw (a `CancellationError` included).
  public func run(
    id: (any Hashable & Sendable)? = nil, policy: WorkPolicy = .replace,
    _ work: @escaping @Sendable () async throws -> Event?,
    catch: @escaping @MainActor (any Error) -> Event?
  ) {
    startForResult(
      id, policy,
      {
        do {
          return .success(try await work())
        } catch {
          return .failure(error)
        }
      }, catch: `catch`)
  }

  /// Starts asynchronous work that sends any number of events, in order, through the ``Send``
  /// it is handed: a recorder that reports each stage of stopping, a timer that ticks.
  ///
  /// ```swift
  /// effects.run(id: "timer") { send in
  ///   while true {
  ///     do { try await clock.sleep(for: .seconds(1)) } catch { return }
  ///     await send(.tick)
  ///   }
  /// }
  /// ```
  ///
  /// The `send` is valid only while the work is current: after the work is replaced,
  /// cancelled, or its shell ends, it does nothing.
  public func run(
    id: (any Hashable & Sendable)? = nil, policy: WorkPolicy = .replace,
    _ work: @escaping @Sendable (Send<Event>) async -> Void
  ) {
    start(id, policy, work)
  }

  /// Starts asynchronous work that sends events through its ``Send`` and may throw; `catch`
  /// turns the error into a last event (none for `nil`). Nothing arrives from cancelled work.
  public func run(
    id: (any Hashable & Sendable)? = nil, policy: WorkPolicy = .replace,
    _ work: @escaping @Sendable (Send<Event>) async throws -> Void,
    catch: @escaping @MainActor (any Error) -> Event?
  ) {
    start(id, policy) { send in
      do {
        try await work(send)
      } catch {
        await MainActor.run {
          if !send.isCancelled, let event = `catch`(error) { send(event) }
        }
      }
    }
  }

  /// Follows `sequence`, sending one event per element (none where `transform` returns
  /// `nil`), until the sequence ends, the work is cancelled, or the shell ends.
  ///
  /// - Parameters:
  ///   - id: Names the subscription so that ``cancel(id:)`` can stop it.
  ///   - policy: Whether a new subscription under `id` replaces the running one (the default)
  ///     or joins it.
  ///   - sequence: The stream to follow, such as the devices a radio discovers.
  ///   - transform: Turns an element into an event.
  ///   - finished: Turns the end of the sequence into a final event: `nil` when it finished,
  ///     the error when it threw. Return `nil` to send nothing.
  public func subscribe<S: AsyncSequence & Sendable>(
    id: (any Hashable & Sendable)? = nil, policy: WorkPolicy = .replace,
    to sequence: S,
    _ transform: @escaping @MainActor (S.Element) -> Event?,
    finished: @escaping @MainActor ((any Error)?) -> Event? = { _ in nil }
  ) where S.Element: Sendable {
    start(id, policy) { send in
      await followSequence(sequence, send: send, transform: transform, finished: finished)
    }
  }

  // MARK: Time

  /// Runs `work` once `duration` has passed on `clock` without new work under the same id:
  /// three fast keystrokes call the service once, for the last one.
  ///
  /// ```swift
  /// case .search(let query):
  ///   effects.debounce(id: "search", for: .milliseconds(300), clock: clock) {
  ///     .results(await api.search(query))
  ///   }
  /// ```
  ///
  /// The wait is cancellable: work superseded or cancelled while waiting never starts, so the
  /// service is not called for it. Inject the clock (a `ContinuousClock` in the app, a test
  /// clock in tests) so that tests control time.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable, for duration: C.Duration, clock: C,
    _ work: @escaping @Sendable () async -> Event?
  ) {
    startForResult(
      id, .replace,
      {
        do {
          try await clock.sleep(for: duration)
        } catch {
          return .success(nil)
        }
        guard !Task.isCancelled else { return .success(nil) }
        return .success(await work())
      }, catch: { _ in nil })
  }

  /// Sends `event()` every `interval` on `clock`, until cancelled by id or the shell ends: a
  /// stopwatch, a countdown, a poll.
  ///
  /// ```swift
  /// case .startTimer: effects.timer(id: "timer", every: .seconds(1), clock: clock) { .tick }
  /// case .stopTimer: effects.cancel(id: "timer")
  /// ```
  ///
  /// Each tick is scheduled from the previous deadline, so ticks do not drift with the time it
  /// takes to handle them.
  public func timer<C: Clock>(
    id: some Hashable & Sendable, every interval: C.Duration, clock: C,
    _ event: @escaping @Sendable () -> Event
  ) {
    start(id, .replace) { send in
      var deadline = clock.now.advanced(by: interval)
      while true {
        do {
          try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
          return
        }
        await send(event())
        deadline = deadline.advanced(by: interval)
      }
    }
  }

  /// Sends `event(tick)` every `interval` on `clock`, telling the event which tick it is and
  /// when it was due: a stopwatch that counts, a countdown that knows how much is left, without
  /// the state reading a clock.
  ///
  /// ```swift
  /// case .startRecording:
  ///   effects.timer(id: "timer", every: .seconds(1), clock: clock) { .tick(elapsed: $0.elapsed) }
  /// ```
  public func timer<C: Clock>(
    id: some Hashable & Sendable, every interval: C.Duration, clock: C,
    _ event: @escaping @Sendable (TimerTick<C>) -> Event
  ) {
    start(id, .replace) { send in
      let start = clock.now
      var tick = TimerTick<C>(count: 1, due: start.advanced(by: interval), interval: interval)
      while true {
        do {
          try await clock.sleep(until: tick.due, tolerance: nil)
        } catch {
          return
        }
        await send(event(tick))
        tick = TimerTick(
          count: tick.count + 1, due: tick.due.advanced(by: interval), interval: interval)
      }
    }
  }

  /// Sends `event(tick)` every `interval` on a clock kept as `any Clock<Duration>`, as the
  /// articles' shells keep theirs, telling the event which tick it is and the time the ticks
  /// count (a ``DurationTick``).
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()   // a TestClock in tests
  /// effects.timer(id: "timer", every: .seconds(1), clock: clock) { .tick(elapsed: $0.elapsed) }
  /// ```
  @_disfavoredOverload  // a concrete or generic clock takes the TimerTick overload, as in 0.2
  public func timer(
    id: some Hashable & Sendable, every interval: Duration, clock: any Clock<Duration>,
    _ event: @escaping @Sendable (DurationTick) -> Event
  ) {
    func start<C: Clock<Duration>>(on clock: C) {
      timer(id: id, every: interval, clock: clock) { (tick: TimerTick<C>) in
        event(DurationTick(count: tick.count, interval: tick.interval))
      }
    }
    start(on: clock)
  }

  /// Runs `work` at once unless work under the same id ran less than `interval` ago on
  /// `clock`; within the interval, the newest request waits and runs when the interval ends
  /// (with `latest: true`, the default) or is dropped (`latest: false`).
  ///
  /// ```swift
  /// case .refresh:
  ///   effects.throttle(id: "refresh", for: .seconds(2), clock: clock) {
  ///     .refreshed(await api.feed())
  ///   }
  /// ```
  ///
  /// A request superseded while it waits never runs; ``cancel(id:)`` stops the running work,
  /// the waiting request and the interval.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable, for interval: C.Duration, clock: C, latest: Bool = true,
    _ work: @escaping @Sendable () async -> Event?
  ) {
    guard let registry else { return }
    let name = WorkID(id)
    let window = WorkRegistry.Key(scope: scope, id: .throttleWindow(name))
    if registry.throttles[window] != nil {
      if latest {
        registry.throttles[window]?.pending = { [self] in
          self.throttle(id: id, for: interval, clock: clock, latest: latest, work)
        }
      }
      return
    }
    let started = startForResult(id, .replace, { .success(await work()) }, catch: { _ in nil })
    guard started else { return }
    registry.throttles[window] = WorkRegistry.ThrottleWindow()
    registry.start(.throttleWindow(name), in: scope, replacing: true) { [weak registry] _ in
      let slept: Bool
      do {
        try await clock.sleep(for: interval)
        slept = true
      } catch {
        slept = false
      }
      guard slept, let registry, !Task.isCancelled else { return }
      let pending = registry.throttles.removeValue(forKey: window)?.pending
      pending?()
    }
  }

  // MARK: Cancelling

  /// Cancels all work and subscriptions running under `id` (in this child's scope), and a
  /// throttle's waiting request. Nothing they produce afterwards reaches the state.
  /// Cancelling an id with no running work does nothing.
  public func cancel(id: some Hashable & Sendable) {
    registry?.cancel(WorkRegistry.Key(scope: scope, id: .named(WorkID(id))))
  }

  // MARK: Children

  /// Effects for a child state that is always there: its events are wrapped with `embed` on
  /// their way to this shell, and its work ids live in a scope of their own, so a child's
  /// command handler runs unchanged inside its parent's.
  ///
  /// ```swift
  /// case .profile(let command): ProfileShell.run(command, effects.scope(\.profile, Event.profile))
  /// ```
  public func scope<Child: ShellState>(
    _ child: KeyPath<State, Child>,
    _ embed: @escaping @Sendable (Child.Event) -> Event
  ) -> ShellEffects<Child> where Child.Event: Sendable {
    let read = readState
    return scoped(WorkID(keyPath: child), embed: embed) { read()?[keyPath: child] }
  }

  /// Effects for a child that is present only sometimes (a detail pane, a sheet): like
  /// ``scope(_:_:)-(KeyPath<State,Child>,_)``, and when the child becomes `nil`, every piece of
  /// work it started is cancelled.
  public func scope<Child: ShellState>(
    _ child: KeyPath<State, Child?>,
    _ embed: @escaping @Sendable (Child.Event) -> Event
  ) -> ShellEffects<Child> where Child.Event: Sendable {
    let read = readState
    return scoped(WorkID(keyPath: child), embed: embed) { read()?[keyPath: child] ?? nil }
  }

  /// Effects for the child under `id` in a keyed collection of children (the rows of a list):
  /// its work ids are scoped to its id, and when the child is removed, every piece of work it
  /// started is cancelled.
  ///
  /// ```swift
  /// case .row(let id, let command):
  ///   RowShell.run(command, effects.scope(\.rows, id: id) { .row(id, $0) })
  /// ```
  public func scope<ID: Hashable & Sendable, Child: ShellState>(
    _ children: KeyPath<State, KeyedChildren<ID, Child>>, id: ID,
    _ embed: @escaping @Sendable (Child.Event) -> Event
  ) -> ShellEffects<Child> where Child.Event: Sendable {
    let read = readState
    let step = WorkID(KeyedStep(collection: WorkID(keyPath: children), id: WorkID(id)))
    return scoped(step, embed: embed) { read()?[keyPath: children][id: id] }
  }

  /// Effects for the same work scope seen as another state: `read` picks it out of this one,
  /// `embed` wraps its events. For a state held as another type (``AnyScreen``'s screen).
  func narrowed<Child: ShellState>(
    read: @escaping @MainActor (State) -> Child?,
    embed: @escaping @Sendable (Child.Event) -> Event
  ) -> ShellEffects<Child> {
    let readParent = readState
    let sink = self.sink
    return ShellEffects<Child>(
      registry: registry, scope: scope, readState: { readParent().flatMap(read) },
      sink: { sink(embed($0)) })
  }

  private func scoped<Child: ShellState>(
    _ step: WorkID, embed: @escaping @Sendable (Child.Event) -> Event,
    read: @escaping @MainActor () -> Child?
  ) -> ShellEffects<Child> {
    let childScope = scope.appending(step)
    registry?.register(childScope) { read() != nil }
    let sink = self.sink
    return ShellEffects<Child>(
      registry: registry, scope: childScope, readState: read, sink: { sink(embed($0)) })
  }

  // MARK: Starting

  /// Starts following `source` as work of its own, cancelled with the shell.
  func follow(_ source: EventSource<Event>) {
    guard let registry else { return }
    start(.eventSource(registry.nextToken()), replacing: false, source.follow)
  }

  @discardableResult
  private func start(
    _ id: (any Hashable & Sendable)?, _ policy: WorkPolicy,
    _ body: @escaping @Sendable (Send<Event>) async -> Void
  ) -> Bool {
    start(id.map { .named(WorkID($0)) }, replacing: id != nil && policy == .replace, body)
  }

  /// Starts `body` under `name`, handing it a ``Send`` bound to the work it becomes.
  @discardableResult
  private func start(
    _ name: WorkRegistry.Key.Name?, replacing: Bool,
    _ body: @escaping @Sendable (Send<Event>) async -> Void
  ) -> Bool {
    guard let registry else { return false }
    let sink = self.sink
    let deliver: @MainActor @Sendable (Event, ShellWork) -> Void = { [weak registry] event, work in
      registry?.deliver(event, from: work, to: sink)
    }
    let work = registry.start(name, in: scope, replacing: replacing) { work in
      await Self.perform(body, Send(work: work, deliver: deliver))
    }
    return work != nil
  }

  /// Starts work whose one result (or error, made an event by `catch`) is delivered on the main
  /// actor in the same step that ends the work: once its event has arrived, it is no longer
  /// running.
  @discardableResult
  private func startForResult(
    _ id: (any Hashable & Sendable)?, _ policy: WorkPolicy,
    _ compute: @escaping @Sendable () async -> Result<Event?, any Error>,
    catch makeEvent: @escaping @MainActor (any Error) -> Event?
  ) -> Bool {
    guard let registry else { return false }
    let sink = self.sink
    let work = registry.start(
      id.map { .named(WorkID($0)) }, in: scope, replacing: id != nil && policy == .replace
    ) { [weak registry] work in
      let result = await Self.compute(compute)
      guard !work.isCancelled else { return }
      let event: Event?
      switch result {
      case .success(let returned): event = returned
      case .failure(let error): event = makeEvent(error)
      }
      if let event { registry?.deliver(event, from: work, to: sink) }
    }
    return work != nil
  }

  /// Runs a result's computation off the main actor.
  private static nonisolated func compute(
    _ compute: @Sendable () async -> Result<Event?, any Error>
  ) async -> Result<Event?, any Error> {
    await compute()
  }

  /// Runs the work's body off the main actor.
  private static nonisolated func perform(
    _ body: @Sendable (Send<Event>) async -> Void, _ send: Send<Event>
  ) async {
    await body(send)
  }
}

/// The scope step of one child in a keyed collection: the collection's key path and the id.
struct KeyedStep: Hashable, Sendable, CustomStringConvertible {
  let collection: WorkID
  let id: WorkID
  var description: String { "\(collection)[\(id)]" }
}
