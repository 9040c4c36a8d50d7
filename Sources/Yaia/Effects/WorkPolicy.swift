/// What starting work under an id that already has work running does.
///
/// ```swift
/// effects.run(id: "search") { … }                  // .replace: the old search is cancelled
/// effects.run(id: "downloads", policy: .join) { … } // .join: both run; cancel(id:) stops both
/// ```
public enum WorkPolicy: Sendable, Hashable {
  /// Cancels the work running under the id, then starts the new work: a search that
  /// supersedes the previous one.
  case replace
  /// Starts the new work beside the work already running under the id, so that several
  /// pieces of work share one cancel id: downloads that one "cancel all" stops.
  case join
}
