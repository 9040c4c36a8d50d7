import Foundation
import Yaia

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(FoundationNetworking)
  /// The session requests go to, replaced by a new one once a request on it was abandoned, so
  /// that abandoned requests (which keep their connections until they end) never use up the
  /// connections the next requests need.
  ///
  /// `@unchecked Sendable`, proven: `state` is only reached through its lock, and the
  /// `URLSession`s in it (not `Sendable` in FoundationNetworking) are thread-safe.
  final class SessionRotation: @unchecked Sendable {
    private struct State {
      var current: URLSession
      var ownsCurrent = false
      /// Requests still running, by session (an abandoned one until it really ends).
      var running: [ObjectIdentifier: Int] = [:]
      /// Sessions this rotation made and retired, still running requests: each is invalidated
      /// when its last request ends (not before: a request may be about to create its task).
      var retired: [ObjectIdentifier: URLSession] = [:]
    }

    /// The most retired sessions winding down at once; past it, the current one is kept. A
    /// session winds down when its abandoned requests end: at their timeout, or when their
    /// server has sent the whole response (kept by no one).
    static let mostRetired = 64

    private let state: Locked<State>

    /// Requests go to a session of this rotation's own, made from `session`'s configuration:
    /// its delegate (``TransportDelegate``) hands each task's callbacks to its
    /// ``ResponseCollector``, which FoundationNetworking asks only of a session's delegate.
    init(_ session: URLSession) {
      state = Locked(State(current: Self.session(like: session), ownsCurrent: true))
    }

    /// A session with `session`'s configuration whose redirects come back as responses.
    static func session(like session: URLSession) -> URLSession {
      URLSession(
        configuration: session.configuration, delegate: TransportDelegate.shared,
        delegateQueue: nil)
    }

    /// The session for the next request, counted as running one more.
    func start() -> UncheckedSession {
      state.withLock { state in
        state.running[ObjectIdentifier(state.current), default: 0] += 1
        return UncheckedSession(session: state.current)
      }
    }

    /// A request on `session` really ended (answered, failed, or abandoned and then ended).
    func end(_ session: UncheckedSession) {
      let finished: URLSession? = state.withLock { state in
        let id = ObjectIdentifier(session.session)
        let left = (state.running[id] ?? 1) - 1
        state.running[id] = left > 0 ? left : nil
        return left > 0 ? nil : state.retired.removeValue(forKey: id)
      }
      finished?.finishTasksAndInvalidate()
    }

    /// A request on `session` was abandoned: later requests go to a new session.
    func retire(_ session: UncheckedSession) {
      let idle: URLSession? = state.withLock { state in
        guard state.current === session.session,  // not retired already
          state.retired.count < Self.mostRetired
        else { return nil }
        let old = state.current
        let wasOwned = state.ownsCurrent
        state.current = Self.session(like: old)
        state.ownsCurrent = true
        guard wasOwned else { return nil }
        if state.running[ObjectIdentifier(old)] == nil { return old }
        state.retired[ObjectIdentifier(old)] = old
        return nil
      }
      idle?.finishTasksAndInvalidate()
    }
  }
#endif
