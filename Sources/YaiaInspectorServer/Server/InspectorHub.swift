import Foundation
import Yaia
import YaiaHTTP
import YaiaInspector

import struct YaiaHTTP.HTTPStatus

/// The server's state, shared by its connections: the log and the page claims, behind one
/// lock held only for the few microseconds a value takes to change.
final class InspectorHub: Sendable {
  private struct State {
    var log: InspectorLog
    var claims = PageClaims()
    var lastProblem: Double = -.infinity
    /// Fired and replaced whenever the log or the claims change: the pages' streams wait on it.
    var change = Signal()
  }
  private let state: Locked<State>
  private let start = ContinuousClock.now
  /// A random id of this server's run: a page that sees it change knows the inspector was
  /// restarted, and reads the new log from its start.
  let instance = (0..<2).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()

  init(limits: InspectorLog.Limits = InspectorLog.Limits(), pageTimeout: Duration = .seconds(5)) {
    var claims = PageClaims()
    let (seconds, attoseconds) = pageTimeout.components
    claims.timeout = Double(seconds) + Double(attoseconds) / 1e18
    state = Locked(State(log: InspectorLog(limits: limits), claims: claims))
  }

  /// Fired at the next change of what a page is shown (a batch, a problem, an import, a
  /// claim): a stream takes it before it reads the updates, so no change falls between the two.
  var nextChange: Signal { state.withLock { $0.change } }

  /// Changes the state and wakes the streams waiting for news, after the lock is let go.
  private func changing<T>(_ body: (inout State) -> T) -> T {
    let (result, fired) = state.withLock { state in
      let result = body(&state)
      defer { state.change = Signal() }
      return (result, state.change)
    }
    fired.fire()
    return result
  }

  private var now: Double {
    let (seconds, attoseconds) = start.duration(to: .now).components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// Takes a batch; on success, the jumps back in time waiting for its app, to be sent in the
  /// answer.
  func receive(_ batch: InspectorBatch) -> Result<InspectorAnswer, InspectorRefusal> {
    let now = now
    return changing { state in
      state.log.receive(batch, at: now).map { _ in
        let session = InspectorLog.connection(batch.session).session
        return InspectorAnswer(
          jumps: state.log.takeJumps(for: session), events: state.log.takeEvents(for: session))
      }
    }
  }

  /// Takes the batches of the inspector's last run, read back from its history, then ends
  /// their apps; how many were taken.
  func replay(_ batches: [InspectorBatch]) -> Int {
    let now = now
    return changing { state in
      var taken = 0
      for batch in batches {
        if case .success = state.log.receive(batch, at: now, replaying: true) { taken += 1 }
      }
      state.log.endAll()
      return taken
    }
  }

  /// The apps the history resumed from a checkpoint (their older steps were rotated out).
  var resumedFromHistory: [String] { state.withLock { $0.log.resumed } }

  /// The checkpoint a rotated history starts with: one line a connected app, its shells as
  /// they are now.
  func checkpoint() -> [[UInt8]] {
    state.withLock { $0.log.checkpoint() }.map { $0.wireBytes() }
  }

  /// Asks the app of `shell` to jump back to the state after step `index`, for `page` (which
  /// must be one this server opened).
  func requestJump(_ shell: InspectorLog.ShellKey, to index: Int, page: Int) -> JumpRefusal? {
    changing { state in
      guard state.claims.knows(page) else { return .noPage(page) }
      return state.log.requestJump(shell, to: index)
    }
  }

  /// Asks the app of `shell` to recompute its steps without step `index` (and, with `apply`,
  /// to take the state recomputed), for `page`.
  func requestSkip(_ shell: InspectorLog.ShellKey, step index: Int, apply: Bool, page: Int)
    -> JumpRefusal?
  {
    changing { state in
      guard state.claims.knows(page) else { return .noPage(page) }
      return state.log.requestSkip(shell, step: index, apply: apply)
    }
  }

  /// Queues an event from the page `page` for the shell; why not, when it cannot be sent.
  func requestEvent(_ shell: InspectorLog.ShellKey, json: String, page: Int) -> JumpRefusal? {
    changing { state in
      guard state.claims.knows(page) else { return .noPage(page) }
      return state.log.requestEvent(shell, json: json)
    }
  }

  func importJournal(_ journal: InspectorJournal, file: String) -> Result<
    InspectorLog.ShellKey, InspectorRefusal
  > {
    changing { state in state.log.importJournal(journal, file: file) }
  }

  /// Notes a problem, at most one a second, so that a client that keeps sending garbage
  /// cannot fill the log with complaints.
  func noteProblem(_ text: String) {
    let now = now
    changing { state in
      guard now - state.lastProblem >= 1 else { return }
      state.lastProblem = now
      state.log.noteProblem(text)
    }
  }

  /// A page's id: a new one, or `previous` again for a reloaded page (see `PageClaims.open`).
  func openPage(reusing previous: Int? = nil) -> Int {
    let now = now
    return state.withLock { state in state.claims.open(reusing: previous, at: now) }
  }

  func updates(after cursor: Int, page: Int?, limit: Int) -> PageUpdates {
    let now = now
    return state.withLock { state in
      state.log.noteSilence(at: now)
      var updates = state.log.updates(after: cursor, limit: limit)
      updates.inspector = instance
      if let page { updates.lostShells = state.claims.seen(page, at: now).map(\.description) }
      return updates
    }
  }

  func watch(_ shell: InspectorLog.ShellKey, page: Int, takeOver: Bool) -> Result<
    Void, Refusal
  > {
    let now = now
    return changing { state in
      guard state.claims.knows(page) else {
        return .failure(Refusal(status: 404, message: PageClaims.unknownPage(page)))
      }
      guard state.log.journals[shell] != nil else {
        return .failure(Refusal(status: 404, message: InspectorLog.unknownShell(shell)))
      }
      return state.claims.watch(shell, by: page, takeOver: takeOver, at: now).mapError {
        Refusal(status: 409, message: $0.message)
      }
    }
  }

  /// Pauses or resumes recording `shell`'s steps, for `page` (which must be one this server
  /// opened).
  func setRecording(_ shell: InspectorLog.ShellKey, paused: Bool, page: Int) -> Refusal? {
    changing { state in
      guard state.claims.knows(page) else {
        return Refusal(status: 404, message: PageClaims.unknownPage(page))
      }
      guard state.log.setRecording(shell, paused: paused) else {
        return Refusal(
          status: 404,
          message:
            "no running shell \(shell) here: only a connected app's shells are recorded, and paused"
        )
      }
      return nil
    }
  }

  /// A step's view model and its changes, as JSON: the values are found under the lock, the
  /// diff and the JSON made after it is let go, so a large diff does not hold up the apps.
  func stepDetail(_ shell: InspectorLog.ShellKey, index: Int) -> Result<
    [UInt8], StepDetailFailure
  > {
    let found = state.withLock { state in state.log.stepDetail(of: shell, index: index) }
    return found.map { detail in
      var json = JSONWriter(capacity: 16 << 10)
      detail.write(to: &json)
      return json.bytes
    }
  }

  func journal(_ shell: InspectorLog.ShellKey) -> (name: String, data: Data)? {
    state.withLock { state in
      guard let data = state.log.journalFile(of: shell), let journal = state.log.journals[shell]
      else {
        return nil
      }
      return (journal.name, data)
    }
  }

  /// The shell's session as a journal, to make a test of.
  func exported(_ shell: InspectorLog.ShellKey) -> InspectorJournal? {
    state.withLock { $0.log.exported(shell) }
  }

  /// What the server holds, for its own tests and the benchmark.
  var snapshot: InspectorLog { state.withLock { $0.log } }
}
