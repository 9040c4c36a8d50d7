/// A state that is told the time at which each event is handled, so that `handle` can stamp a
/// new item or compare a deadline without reading a clock.
///
/// The state keeps the time as a plain stored property. A ``Shell`` made with
/// ``Shell/init(_:now:initial:sources:commands:)`` sets it from its `now` function right
/// before handling each event (in the app, `Date.init`); a test sets it by hand, or gives the
/// shell a fixed or stepped time. `handle` only reads a value it holds, so the state stays
/// pure: the same events at the same times always give the same commands.
///
/// ```swift
/// struct NotesState: TimedState {
///   var now = Date.distantPast             // set by the shell before each event
///   var notes: [Note] = []
///   mutating func handle(_ event: Event) -> [Command] {
///     switch event {
///     case .added(let text): notes.append(Note(text: text, at: now)); return []
///     }
///   }
/// }
/// let shell = Shell(NotesState(), now: Date.init) { command, effects in … }
/// ```
///
/// A timed state nested anywhere in the tree (a screen on a stack, a destination, a keyed row)
/// is told the same time as the root by the forwarding helpers (`handle(_:in:lift:)` and its
/// siblings), with no forwarding code: from its parent's `now` when the parent is timed, else
/// from the time the shell was told for the event. A shell made with `now:` tells it even when
/// the root itself is not timed. A timed child that nothing tells is reported as a
/// ``WiringIssue`` (a failed test under YaiaTesting), never left with a stale time in silence.
/// So is one handed its event by hand (`recording.handle(event)`, which tells it nothing) that
/// stamps its stale `now`: YaiaTesting's `Given`, `ShellHarness` and `explore` look for a new
/// copy of a timed state's untold time after each event.
///
/// Only states that ask are told: a shell made without `now:` reads no clock, so the time costs
/// nothing where it is not used.
public protocol TimedState: ShellState {
  /// The app's time: `Date` in most apps, or a clock's instant.
  associatedtype Time: Sendable

  /// The time at which the event being handled arrived. The shell sets it; `handle` reads it.
  var now: Time { get set }
}
