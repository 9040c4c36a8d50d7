/// What a feature's command handler may do besides calling a service directly: send events
/// back, start asynchronous work whose result becomes an event, and follow streams.
///
/// A ``Scene`` hands one to its command handler with every command. Work may carry an id:
/// starting new work with the same id cancels the old one (a debounced search), and
/// ``cancel(id:)`` stops it (stop scanning). No event from cancelled work, or from work of
/// an ended scene, ever reaches the state.
///
/// ```swift
/// let scene = Scene(SearchState()) { command, effects in
///   switch command {
///   case .search(let query):
///     effects.run(id: "search") {
///       try? await Task.sleep(for: .milliseconds(300))
///       return .results(await api.search(query))
///     }
///   case .stopScanning:
///     effects.cancel(id: "radio")
///   }
/// }
/// ```
///
/// `SceneEffects` holds its scene weakly: keeping one beyond the command does not keep the
/// scene alive, and using it after the scene is gone does nothing.
@MainActor
public struct SceneEffects<Event: Sendable> {
  private weak var registry: WorkRegistry?
  private let deliver: @MainActor (Event) -> Void

  init(registry: WorkRegistry, deliver: @escaping @MainActor (Event) -> Void) {
    self.registry = registry
    self.deliver = deliver
  }

  /// Sends `event` to the scene. It is handled after the event being handled now, in order.
  public func send(_ event: Event) {
    deliver(event)
  }

  /// Starts asynchronous work and sends the event it returns (none if it returns `nil`).
  ///
  /// - Parameters:
  ///   - id: Names the work, so that new work with the same id replaces it and
  ///     ``cancel(id:)`` can stop it. Anonymous work runs until it finishes or the scene ends.
  ///   - work: Runs off the main actor. It is cancelled cooperatively; whatever it returns
  ///     after cancellation is dropped.
  public func run(
    id: (any Hashable & Sendable)? = nil,
    _ work: @escaping @Sendable () async -> Event?
  ) {
    let deliver = self.deliver
    registry?.start(id: id.map { WorkID($0) }) { isCurrent in
      let event = await work()
      guard isCurrent(), let event else { return }
      deliver(event)
    }
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
  /// Work that was cancelled, replaced or outlived its scene delivers nothing, whether it
  /// returned or threw (a `CancellationError` included).
  public func run(
    id: (any Hashable & Sendable)? = nil,
    _ work: @escaping @Sendable () async throws -> Event?,
    catch: @escaping @MainActor (any Error) -> Event?
  ) {
    let deliver = self.deliver
    registry?.start(id: id.map { WorkID($0) }) { isCurrent in
      let result: Result<Event?, any Error>
      do {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      guard isCurrent() else { return }
      let event: Event?
      switch result {
      case .success(let returned): event = returned
      case .failure(let error): event = `catch`(error)
      }
      if let event { deliver(event) }
    }
  }

  /// Follows `sequence`, sending one event per element (none where `transform` returns
  /// `nil`), until the sequence ends, the work is cancelled, or the scene ends.
  ///
  /// - Parameters:
  ///   - id: Names the subscription so that ``cancel(id:)`` can stop it.
  ///   - sequence: The stream to follow, such as the devices a radio discovers.
  ///   - transform: Turns an element into an event.
  ///   - finished: Turns the end of the sequence into a final event: `nil` when it finished,
  ///     the error when it threw. Return `nil` to send nothing.
  public func subscribe<S: AsyncSequence & Sendable>(
    id: (any Hashable & Sendable)? = nil,
    to sequence: S,
    _ transform: @escaping @MainActor (S.Element) -> Event?,
    finished: @escaping @MainActor ((any Error)?) -> Event? = { _ in nil }
  ) where S.Element: Sendable {
    let deliver = self.deliver
    registry?.start(id: id.map { WorkID($0) }) { isCurrent in
      var failure: (any Error)?
      do {
        for try await element in sequence {
          guard isCurrent() else { return }
          if let event = transform(element) { deliver(event) }
        }
      } catch {
        failure = error
      }
      guard isCurrent(), let event = finished(failure) else { return }
      deliver(event)
    }
  }

  /// Cancels the work or subscription running under `id`. Nothing it produces afterwards
  /// reaches the state. Cancelling an id with no running work does nothing.
  public func cancel(id: some Hashable & Sendable) {
    registry?.cancel(id: WorkID(id))
  }

  /// Effects for a child state embedded in this one: the child's events are wrapped with
  /// `embed` on their way to this scene, so a child's command handler runs unchanged inside
  /// its parent's.
  ///
  /// ```swift
  /// case .header(let command): HeaderShell.run(command, effects.scope(Event.header))
  /// ```
  ///
  /// Ids stay shared with the parent: give a child's work ids that cannot clash.
  public func scope<ChildEvent: Sendable>(
    _ embed: @escaping @Sendable (ChildEvent) -> Event
  ) -> SceneEffects<ChildEvent> {
    let deliver = self.deliver
    return SceneEffects<ChildEvent>(registry: registry, deliverChild: { deliver(embed($0)) })
  }

  private init(registry: WorkRegistry?, deliverChild: @escaping @MainActor (Event) -> Void) {
    self.registry = registry
    self.deliver = deliverChild
  }
}
