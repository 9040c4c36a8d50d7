/// A state whose long-running work follows from the state itself: a radio scan while the
/// pairing screen shows, a timer while a recording runs, a live query while a list is open.
///
/// Started by a command and stopped by another, such work is only as right as the two
/// commands: a state put back by time travel, restored, or reached another way shows the
/// screen with nothing running behind it. Declared by the state, it cannot drift: the shell
/// compares ``ongoingWork`` with what runs after every event (and after a jump back in time)
/// and starts what is new and cancels what is gone, as Elm's subscriptions are a function of
/// the model.
///
/// ```swift
/// extension PairingState: OngoingWorkState {
///   enum OngoingWork: Hashable, Sendable { case radioScan }
///   var ongoingWork: Set<OngoingWork> { isScanning ? [.radioScan] : [] }
/// }
///
/// shell.runOngoingWork { work, send in
///   switch work {
///   case .radioScan:
///     for await change in radio.scan() { await send(.radio(change)) }
///   }
/// }
/// ```
///
/// A test asserts on the declaration with plain values (`#expect(state.ongoingWork ==
/// [.radioScan])`), without running any of it. A parent whose children declare work declares
/// it as its own (a case that wraps the child's, with the child's id), so one shell runs it.
public protocol OngoingWorkState: ShellState {
  /// One piece of long-running work, named by what it is for. Two equal values are the same
  /// work: it keeps running while the state goes on declaring it.
  associatedtype OngoingWork: Hashable & Sendable

  /// The work that should be running now. Cheap to compute: the shell reads it after every
  /// event.
  var ongoingWork: Set<OngoingWork> { get }
}

extension OngoingWorkState {
  /// Whether the state declares no work now: how a shell without a runner tells a harmless
  /// state from work that would silently never run.
  var declaresNoWork: Bool { ongoingWork.isEmpty }
}

/// The id a piece of ongoing work runs under, apart from every id a command may use.
struct OngoingWorkID<Work: Hashable & Sendable>: Hashable, Sendable {
  let work: Work
}

/// What a shell keeps of the ongoing work it runs: which work runs, and how to start it.
@MainActor
final class OngoingWorkRunner<State: OngoingWorkState> where State.Event: Sendable {
  private let run: @Sendable (State.OngoingWork, Send<State.Event>) async -> Void
  private var running: Set<State.OngoingWork> = []

  init(_ run: @escaping @Sendable (State.OngoingWork, Send<State.Event>) async -> Void) {
    self.run = run
  }

  /// Starts what `state` declares and does not run, cancels what runs and is no longer
  /// declared. With `restart`, what ran was cancelled already (a jump cancels the shell's
  /// work): everything declared starts again.
  func reconcile(with state: State, effects: ShellEffects<State>, restart: Bool = false) {
    if restart { running = [] }
    let wanted = state.ongoingWork
    guard wanted != running else { return }
    for gone in running.subtracting(wanted) { effects.cancel(id: OngoingWorkID(work: gone)) }
    let run = run
    for new in wanted.subtracting(running) {
      effects.run(id: OngoingWorkID(work: new)) { send in await run(new, send) }
    }
    running = wanted
  }

  /// The work running now, for the shell's tests.
  var current: Set<State.OngoingWork> { running }
}
