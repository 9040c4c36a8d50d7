import Foundation
import Yaia
import YaiaHTTP
import YaiaInspector

import struct YaiaHTTP.HTTPStatus

/// Everything the inspector has received, as the page reads it: a numbered log of records (an
/// app appeared or left, a message, a problem), the view-model changes of each step computed
/// here, and each shell's journal for export. A value: the server's shell feeds it batches and
/// reads updates; tests do the same with plain values.
///
/// Every size is bounded: the log keeps the newest ``Limits/records`` records and counts the
/// ones it let go; each shell's journal keeps its newest ``Limits/journalSteps`` steps; and
/// both keep within ``Limits/bytes`` (about: ``InspectedValue/weight``), the oldest let go
/// first, from the heaviest journal.
struct InspectorLog {
  struct Limits {
    var records = 200_000
    /// About how many bytes the records may hold (``InspectedValue/weight``), and as many the
    /// journals' steps: past it the oldest go, as past the counts, whatever their number.
    var bytes = 192 << 20
    /// A session of a hundred thousand events stays whole: every step can be selected.
    var journalSteps = 100_000
    /// The most apps connected at once. Ended connections and imports do not count: an
    /// inspector a team keeps open all day sees hundreds of runs.
    var apps = 64
    /// The most ended connections and imports whose shells are kept (for the page to show and
    /// export); past it the oldest is let go.
    var endedKept = 64
    /// The most jumps back in time waiting for one app.
    var jumpsWaiting = InspectorAnswer.mostJumps
    var shellsPerApp = 256
    /// How long an app may stay quiet (apps send every two seconds) before the page is told
    /// it stopped.
    var silence: Double = 6
    /// How long a silent app keeps its place among the connected ones: past it, it counts as
    /// ended (a crash), and if it speaks again it connects anew.
    var gone: Double = 120
  }

  /// A shell across apps: the app's session and the shell's id in it.
  struct ShellKey: Hashable, Comparable, CustomStringConvertible {
    var session: String
    var shell: Int
    var description: String { "\(session):\(shell)" }
    static func < (a: Self, b: Self) -> Bool { (a.session, a.shell) < (b.session, b.shell) }

    /// Reads `session:shell`, as the page writes it.
    init?(_ text: String) {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, InspectorLog.isSession(parts[0]), let shell = Int(parts[1]),
        shell > 0
      else { return nil }
      session = String(parts[0])
      self.shell = shell
    }

    init(session: String, shell: Int) {
      self.session = session
      self.shell = shell
    }
  }

  /// What a request naming a shell the log does not hold is told.
  static func unknownShell(_ key: ShellKey) -> String {
    "no shell \(key) here: it was never heard, or it was let go to bound the log"
  }

  struct App {
    var name: String
    /// The session of the connection the app sends on now: the log's own session for its
    /// first connection, `sessionrN` after it connected anew.
    var connection: String
    var lastSequence: Int
    var lastSeen: Double
    var ended = false
    var silent = false
    /// Ended by silence (``Limits/gone``): if it speaks again, it is told to connect anew.
    var gone = false
    /// Read back from the inspector's history: if it speaks again (it went on running while
    /// the inspector restarted), it is told to connect anew.
    var fromLastRun = false
    var shells: Set<Int> = []
    /// The batch a checkpoint of the history resumed the app at, while replaying.
    var resumedAt: Int?
    /// The sequence of the log's first record of the app: the order the page heard apps in.
    var firstHeard = 0
  }

  struct ShellJournal {
    var app: String
    var name: String
    var initialViewModel: InspectedValue
    var steps: [InspectedStep] = []
    var droppedSteps = 0
    /// How many states the app keeps to jump back to; `nil` without time travel.
    var history: Int?
    /// Why the app cannot run on from the shell's first state, if it cannot.
    var initialCannotJump: String?
    /// Whether the app lets the page send this shell events.
    var acceptsEvents = false
    /// The index of the newest step (0 before the first).
    var lastIndex = 0
    /// The view model before the first step kept: the initial one until steps are let go.
    var base: InspectedValue
    /// The view model before each step kept just after a paused recording resumed: the step
    /// before it in ``steps`` is not the one before it in the app.
    var before: [Int: InspectedValue] = [:]
    /// The view model when recording resumed, until the next step kept takes it.
    var resumedWith: InspectedValue?
    /// About how many bytes each step in ``steps`` holds, in the same order.
    var costs: [Int] = []
    /// Their sum.
    var bytes = 0

    init(app: String, name: String, initialViewModel: InspectedValue) {
      self.app = app
      self.name = name
      self.initialViewModel = initialViewModel
      self.base = initialViewModel
    }

    /// Where the step with `index` is in ``steps`` (indexes grow, with gaps where entries
    /// were dropped).
    func position(of index: Int) -> Int? {
      var low = 0
      var high = steps.count
      while low < high {
        let middle = (low + high) / 2
        if steps[middle].index < index { low = middle + 1 } else { high = middle }
      }
      return low < steps.count && steps[low].index == index ? low : nil
    }

    /// Lets its oldest `count` steps go, counted as dropped; the view model before the first
    /// kept one is kept. Returns the bytes let go.
    mutating func dropOldest(_ count: Int) -> Int {
      let extra = min(count, steps.count)
      guard extra > 0 else { return 0 }
      base = viewModel(after: extra - 1)
      steps.removeFirst(extra)
      let freed = costs.prefix(extra).reduce(0, +)
      costs.removeFirst(min(extra, costs.count))
      bytes -= freed
      droppedSteps += extra
      if let first = steps.first?.index { before = before.filter { $0.key >= first } }
      return freed
    }

    /// The view model after the step at `position` (or before the first kept step, for -1).
    func viewModel(after position: Int) -> InspectedValue {
      var at = position
      while at >= 0 {
        if let viewModel = steps[at].viewModel { return viewModel }
        at -= 1
      }
      return base
    }
  }

  let limits: Limits
  private(set) var records: [PageRecord] = []
  /// About how many bytes each record holds, in the same order, and their sum.
  private var recordCosts: [Int] = []
  private var recordBytes = 0
  /// About how many bytes the journals' steps hold.
  private(set) var journalBytes = 0
  /// The sequence number of `records[0]`.
  private(set) var firstSequence = 1
  private(set) var apps: [String: App] = [:]
  private(set) var journals: [ShellKey: ShellJournal] = [:]
  private var lastViewModel: [ShellKey: InspectedValue] = [:]
  private var imports = 0
  /// Ended connections and imports, oldest first: the order they are let go in.
  private var endedOrder: [String] = []
  /// Jumps the page asked for, by app session, until the app's next batch takes them.
  private var pendingJumps: [String: [InspectorJumpRequest]] = [:]
  /// The events the pages sent, waiting for each app's next batch, by session.
  private var pendingEvents: [String: [InspectorEventRequest]] = [:]

  init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// The sequence number the next record gets.
  var nextSequence: Int { firstSequence + records.count }

  // MARK: Receiving

  /// Takes one batch from an app at `now` (seconds on any monotonic scale); returns how many
  /// messages were kept, or why the batch was refused as a whole. A message that is wrong on
  /// its own (a step of a shell never announced) is a problem record; the rest are kept.
  mutating func receive(
    _ batch: InspectorBatch, at now: Double, replaying: Bool = false
  ) -> Result<Int, InspectorRefusal> {
    guard batch.version == InspectorBatch.currentVersion else {
      return .failure(
        .badBatch(
          "format version \(batch.version) is not supported; this inspector speaks version \(InspectorBatch.currentVersion) (update yaia or the app's Yaia)"
        ))
    }
    guard Self.isSession(batch.session) else {
      return .failure(.badBatch("the session id must be 1 to 64 letters and digits"))
    }
    guard batch.sequence >= 1 else {
      return .failure(.badBatch("batch numbers start at 1, not \(batch.sequence)"))
    }
    // One app stays one session in the log across its reconnections (`Xr2` continues `X`):
    // its shells keep their keys, journals and place on the page when the inspector restarts.
    let (session, number) = Self.connection(batch.session)
    if batch.isCheckpoint {
      guard replaying else {
        return .failure(.badBatch("a checkpoint is the inspector's own, read from its history"))
      }
      return .success(resume(from: batch, session: session, at: now))
    }
    if var app = apps[session], app.connection == batch.session {
      // Right after a checkpoint, the batch the checkpoint already holds (it was on its way to
      // the file as the file was rotated): taken once.
      if replaying, app.resumedAt == batch.sequence { return .success(0) }
      if app.gone {
        return .failure(
          .unknownSession(
            "this connection was silent for \(Int(limits.gone)) s and was let go: connect again with a new session"
          ))
      }
      if app.fromLastRun {
        return .failure(
          .unknownSession(
            "the inspector was restarted since this connection's last batch: connect again with a new session"
          ))
      }
      if app.ended {
        return .failure(.badBatch("this connection ended; connect again with a new session"))
      }
      if batch.sequence != app.lastSequence + 1 {
        let missing = batch.sequence - app.lastSequence - 1
        append(
          session,
          .problem(
            missing > 0
              ? "\(missing) batch(es) from \(app.name) are missing before batch \(batch.sequence)"
              : "batch \(batch.sequence) from \(app.name) arrived again or out of order: its messages are ignored"
          ))
        if missing < 0 { return .success(0) }
      }
      if app.silent {
        app.silent = false
        append(session, .app(name: app.name, status: "connected"))
      }
      app.lastSequence = batch.sequence
      app.lastSeen = now
      apps[session] = app
    } else if var app = apps[session] {
      // The same app again under a newer connection (the inspector restarted, or let it go):
      // it continues where it was. An older connection than the one it has now is told to
      // connect again.
      guard batch.sequence == 1, number > Self.connection(app.connection).number else {
        return .failure(
          .unknownSession(
            "this connection was replaced by a newer one of the same app: connect again with a new session"
          ))
      }
      let wasConnected = !app.ended && !app.silent
      app.connection = batch.session
      app.lastSequence = 1
      app.lastSeen = now
      app.ended = false
      app.silent = false
      app.gone = false
      app.fromLastRun = false
      apps[session] = app
      endedOrder.removeAll { $0 == session }
      if !wasConnected { append(session, .app(name: app.name, status: "connected")) }
    } else {
      // A connection that starts past its first batch began with another inspector (this one
      // was restarted, or had let it go): the app must announce its shells again, under a new
      // session, or its steps would reach shells this inspector never heard of.
      guard batch.sequence == 1 else {
        return .failure(
          .unknownSession(
            "this inspector does not know this connection (it was restarted): connect again with a new session"
          ))
      }
      guard apps.values.count(where: { !$0.ended }) < limits.apps else {
        return .failure(
          .busy("the inspector already follows \(limits.apps) connected apps"))
      }
      let name = Self.clean(batch.app, limit: 200)
      apps[session] = App(
        name: name, connection: batch.session, lastSequence: batch.sequence, lastSeen: now,
        firstHeard: nextSequence)
      append(session, .app(name: name, status: "connected"))
    }
    var kept = 0
    for message in batch.messages where take(message, from: session) { kept += 1 }
    if batch.ended, var app = apps[session] {
      app.ended = true
      apps[session] = app
      append(session, .app(name: app.name, status: "ended"))
      pendingJumps[session] = nil
      pendingEvents[session] = nil
      noteEnded(session)
    }
    return .success(kept)
  }

  /// Takes a checkpoint read back from the history: an app not heard of in what was kept
  /// before it starts here, its shells from the view models they had, and the page is told its
  /// older steps were rotated out. An app already heard of ignores it. Returns the shells
  /// taken.
  private mutating func resume(from batch: InspectorBatch, session: String, at now: Double)
    -> Int
  {
    guard apps[session] == nil, apps.values.count(where: { !$0.ended }) < limits.apps else {
      return 0
    }
    let name = Self.clean(batch.app, limit: 200)
    var app = App(
      name: name, connection: batch.session, lastSequence: batch.sequence, lastSeen: now)
    app.resumedAt = batch.sequence
    app.firstHeard = nextSequence
    apps[session] = app
    resumed.append(name)
    append(session, .app(name: name, status: "connected"))
    append(
      session,
      .problem(
        "The history kept only the newest part of \(name): its steps before batch \(batch.sequence) were rotated out of the file (it keeps two of 64 MiB). Its shells start from the view models they had then."
      ))
    var kept = 0
    for message in batch.messages {
      guard case .shell = message else { continue }
      if take(message, from: session) { kept += 1 }
    }
    return kept
  }

  /// The apps the history resumed from a checkpoint, by name: their older steps were rotated
  /// out.
  private(set) var resumed: [String] = []

  /// What the history writes first into a new file as it rotates: for each app whose shells
  /// the log holds, its connection, its last batch's number and its shells with the view
  /// models they have now (``InspectorBatch/isCheckpoint``).
  func checkpoint() -> [InspectorBatch] {
    apps.sorted(by: { $0.key < $1.key }).compactMap { session, app in
      guard !session.hasPrefix("import"), !app.gone else { return nil }
      let shells = app.shells.sorted().compactMap { id -> InspectorMessage? in
        let key = ShellKey(session: session, shell: id)
        guard let journal = journals[key] else { return nil }
        var shell = InspectedShell(
          shell: id, name: journal.name, viewModel: lastViewModel[key] ?? journal.base)
        shell.history = journal.history
        shell.acceptsEvents = journal.acceptsEvents
        return .shell(shell)
      }
      guard !shells.isEmpty else { return nil }
      var batch = InspectorBatch(
        app: app.name, session: app.connection, sequence: app.lastSequence, messages: shells,
        ended: false)
      batch.isCheckpoint = true
      return batch
    }
  }

  /// Adds a journal file as a shell of its own, under an app named after the file, as if an app
  /// had sent it and ended: the page shows it like any other shell. Returns its key.
  mutating func importJournal(_ journal: InspectorJournal, file: String) -> Result<
    ShellKey, InspectorRefusal
  > {
    imports += 1
    let session = "import\(imports)"
    let name = "\(Self.clean(file, limit: 100)) (imported)"
    apps[session] = App(
      name: name, connection: session, lastSequence: 0, lastSeen: 0, ended: true,
      firstHeard: nextSequence)
    append(session, .app(name: name, status: "imported"))
    _ = take(
      .shell(InspectedShell(shell: 1, name: journal.shell, viewModel: journal.initialViewModel)),
      from: session)
    if journal.droppedSteps > 0 { append(session, .message(.dropped(count: journal.droppedSteps))) }
    for var step in journal.steps.suffix(limits.journalSteps) {
      step.shell = 1
      _ = take(.step(step), from: session)
    }
    noteEnded(session)
    return .success(ShellKey(session: session, shell: 1))
  }

  /// Keeps `session` among the ended ones, letting the oldest go past ``Limits/endedKept``:
  /// its shells' journals are dropped (the records the page already read stay in the log).
  private mutating func noteEnded(_ session: String) {
    paused = paused.filter { $0.key.session != session }
    endedOrder.append(session)
    while endedOrder.count > limits.endedKept {
      let gone = endedOrder.removeFirst()
      for shell in apps[gone]?.shells ?? [] {
        let key = ShellKey(session: gone, shell: shell)
        journalBytes -= journals.removeValue(forKey: key)?.bytes ?? 0
        lastViewModel[key] = nil
      }
      apps[gone] = nil
    }
  }

  // MARK: Recording

  /// The shells whose recording a page paused, and how many steps each skipped since.
  private(set) var paused: [ShellKey: Int] = [:]

  /// Pauses or resumes keeping `key`'s steps (the page's "Pause recording"), and says so in
  /// the log; `false` if the log holds no such shell of a connected app.
  ///
  /// While paused, the shell's steps are not kept, but its view model is still followed, so
  /// the changes shown after resuming are right. Resuming says how many steps were skipped;
  /// the journal then has a hole, and says it cannot replay (`InspectorJournal/journal(of:)`).
  mutating func setRecording(_ key: ShellKey, paused pause: Bool) -> Bool {
    guard journals[key] != nil, let app = apps[key.session], !app.ended else { return false }
    if pause {
      guard paused[key] == nil else { return true }
      paused[key] = 0
      append(key.session, .recording(shell: key.shell, paused: true, skipped: 0))
    } else if let skipped = paused.removeValue(forKey: key) {
      if skipped > 0 { journals[key]?.resumedWith = lastViewModel[key] }
      append(key.session, .recording(shell: key.shell, paused: false, skipped: skipped))
    }
    return true
  }

  // MARK: Time travel

  /// Asks the app of `key` to put that shell back in the state after step `index`; the app's
  /// next batch takes the request in its answer (apps that travel in time send four times a
  /// second).
  mutating func requestJump(_ key: ShellKey, to index: Int) -> JumpRefusal? {
    let journal: ShellJournal
    let history: Int
    switch travelling(key, "jump") {
    case .success(let found): (journal, history) = found
    case .failure(let refusal): return refusal
    }
    guard (0...journal.lastIndex).contains(index) else {
      return .notTravelling("this shell has no step \(index)")
    }
    guard journal.lastIndex - index <= history else {
      return .tooOld(
        "the app keeps the states after its last \(history) steps; step \(index) is older")
    }
    let refusal =
      index == 0
      ? journal.initialCannotJump
      : journal.position(of: index).flatMap { journal.steps[$0].cannotJump }
    if let refusal {
      return .notTravelling("the app cannot run on from the state after step \(index): \(refusal)")
    }
    return Self.enqueue(
      InspectorJumpRequest(shell: key.shell, index: index), in: &pendingJumps,
      for: key.session, atMost: limits.jumpsWaiting, named: "jumps")
  }

  /// Asks the app of `key` to handle that shell's steps after `index` again without it, and say
  /// how its view models come out (`apply`: then put the shell in the state recomputed); why
  /// not, when the shell does not travel in time, its app is not running, the step is not one
  /// of the app's kept steps, or it is a jump.
  mutating func requestSkip(_ key: ShellKey, step index: Int, apply: Bool) -> JumpRefusal? {
    let journal: ShellJournal
    let history: Int
    switch travelling(key, "skip a step") {
    case .success(let found): (journal, history) = found
    case .failure(let refusal): return refusal
    }
    guard (1...max(1, journal.lastIndex)).contains(index), journal.lastIndex >= 1 else {
      return .notTravelling("this shell has no step \(index)")
    }
    guard journal.lastIndex - (index - 1) <= history else {
      return .tooOld(
        "the app keeps the states after its last \(history) steps; the one before step \(index) is older"
      )
    }
    if let position = journal.position(of: index), journal.steps[position].jumpedTo != nil {
      return .notTravelling("step \(index) is a jump back in time, not an event: nothing to skip")
    }
    return Self.enqueue(
      InspectorJumpRequest(shell: key.shell, index: index, skip: apply ? .apply : .preview),
      in: &pendingJumps, for: key.session, atMost: limits.jumpsWaiting, named: "jumps")
  }

  /// The journal of `key` and how many states its app keeps, when the shell travels in time and
  /// its app runs; otherwise why it cannot `doing` ("jump", "skip a step").
  private func travelling(_ key: ShellKey, _ doing: String) -> Result<
    (journal: ShellJournal, history: Int), JumpRefusal
  > {
    guard let journal = journals[key], let app = apps[key.session] else {
      return .failure(.noShell(key))
    }
    guard let history = journal.history else {
      return .failure(
        .notTravelling(
          "this shell was inspected without time travel: pass timeTravel: .keepLast(N) to inspect(_:name:) to \(doing)"
        ))
    }
    guard !app.ended, !app.silent else {
      return .failure(
        .notTravelling("\(app.name) is not connected: only a running app can \(doing)"))
    }
    return .success((journal, history))
  }

  /// Appends `request` to what waits for the app of `session`, unless `most` already do.
  private static func enqueue<Request>(
    _ request: Request, in queues: inout [String: [Request]], for session: String,
    atMost most: Int, named name: String
  ) -> JumpRefusal? {
    var waiting = queues[session] ?? []
    guard waiting.count < most else {
      return .notTravelling("\(most) \(name) already wait for the app")
    }
    waiting.append(request)
    queues[session] = waiting
    return nil
  }

  /// The jumps waiting for the app of `session`, handed over once.
  mutating func takeJumps(for session: String) -> [InspectorJumpRequest] {
    // At most what one answer carries: an app refuses a longer answer whole.
    guard let waiting = pendingJumps[session] else { return [] }
    let taken = Array(waiting.prefix(InspectorAnswer.mostJumps))
    let rest = waiting.dropFirst(taken.count)
    pendingJumps[session] = rest.isEmpty ? nil : Array(rest)
    return taken
  }

  // MARK: Events from the page

  /// Queues `json` as an event for the shell `key`, for its app's next batch to take in its
  /// answer; why not, when the shell does not take events from the page, its app is not
  /// running, the event is not JSON or too long, or enough events already wait.
  mutating func requestEvent(_ key: ShellKey, json: String) -> JumpRefusal? {
    guard let journal = journals[key], let app = apps[key.session] else {
      return .noShell(key)
    }
    guard journal.acceptsEvents else {
      return .notTravelling(
        "this shell takes no events from the page: the app inspects it with dispatch: .on() (its events must be Codable)"
      )
    }
    guard !app.ended, !app.silent else {
      return .notTravelling("\(app.name) is not connected: only a running app takes events")
    }
    guard json.utf8.count <= InspectorEventRequest.longest else {
      return .notTravelling(
        "the event is \(json.utf8.count) bytes; one is at most \(InspectorEventRequest.longest)")
    }
    guard Self.isJSON(json) else {
      return .notTravelling("the event is not JSON: write it as the app's Codable writes it")
    }
    return Self.enqueue(
      InspectorEventRequest(shell: key.shell, json: json), in: &pendingEvents,
      for: key.session, atMost: InspectorAnswer.mostEvents, named: "events")
  }

  /// The events waiting for the app of `session`, handed over once.
  mutating func takeEvents(for session: String) -> [InspectorEventRequest] {
    guard let waiting = pendingEvents.removeValue(forKey: session) else { return [] }
    return waiting
  }

  /// Ends every app still connected: after the history of the inspector's last run was read
  /// back, its apps are that run's (a live one connects again under a new session).
  mutating func endAll() {
    for (session, app) in apps.sorted(by: { $0.key < $1.key }) {
      apps[session]?.fromLastRun = true
      guard !app.ended else { continue }
      apps[session]?.ended = true
      pendingJumps[session] = nil
      pendingEvents[session] = nil
      append(session, .app(name: app.name, status: "ended"))
      noteEnded(session)
    }
  }

  /// Tells the page about apps that stopped sending without saying goodbye (a crash, a
  /// debugger pause, a lost connection).
  mutating func noteSilence(at now: Double) {
    for (session, app) in apps.sorted(by: { $0.key < $1.key }) where !app.ended {
      if !app.silent && now - app.lastSeen > limits.silence {
        apps[session]?.silent = true
        append(session, .app(name: app.name, status: "silent"))
      } else if app.silent && now - app.lastSeen > limits.gone {
        apps[session]?.ended = true
        apps[session]?.gone = true
        pendingJumps[session] = nil
        pendingEvents[session] = nil
        pendingEvents[session] = nil
        append(session, .app(name: app.name, status: "ended"))
        noteEnded(session)
      }
    }
  }

  /// Records a problem the server met (a batch it could not read, a wrong token).
  mutating func noteProblem(_ text: String) {
    append("", .problem(Self.clean(text, limit: 1_000)))
  }

  private mutating func take(_ message: InspectorMessage, from session: String) -> Bool {
    switch message {
    case .shell(let shell):
      guard shell.shell > 0 else { return reject(session, "a shell id must be positive") }
      guard
        apps[session].map({
          $0.shells.contains(shell.shell) || $0.shells.count < limits.shellsPerApp
        }) ?? false
      else {
        return reject(session, "more than \(limits.shellsPerApp) shells from one app")
      }
      let key = ShellKey(session: session, shell: shell.shell)
      apps[session]?.shells.insert(shell.shell)
      var cleaned = shell
      cleaned.name = Self.clean(shell.name, limit: 200)
      cleaned.cannotJump = shell.cannotJump.map {
        Self.clean($0, limit: InspectedStep.longestReason)
      }
      if journals[key] != nil {
        // Announced again by an app that connected anew: its steps go on in the same journal,
        // from the view model it has now (what changed while no inspector listened is not
        // known step by step).
        if lastViewModel[key] != shell.viewModel { journals[key]?.resumedWith = shell.viewModel }
        journals[key]?.history = shell.history
        journals[key]?.acceptsEvents = shell.acceptsEvents
        lastViewModel[key] = shell.viewModel
        append(session, .message(.shell(cleaned)))
        return true
      }
      journals[key] = ShellJournal(
        app: apps[session]?.name ?? "", name: cleaned.name, initialViewModel: shell.viewModel)
      journals[key]?.history = shell.history
      journals[key]?.initialCannotJump = cleaned.cannotJump
      journals[key]?.acceptsEvents = shell.acceptsEvents
      lastViewModel[key] = shell.viewModel
      append(session, .message(.shell(cleaned)))
    case .step(var step):
      let key = ShellKey(session: session, shell: step.shell)
      guard journals[key] != nil else {
        return reject(session, "a step of shell \(step.shell), which the app never announced")
      }
      if let json = step.eventJSON, !Self.isJSON(json) {
        step.eventJSON = nil
        append(
          session, .problem("the event of step \(step.index) is not JSON: it cannot be exported"))
      }
      if !step.changed {
        // Unchanged means the same view model as before: one sent anyway is not kept (it
        // would be held whole and counted as nothing).
        step.viewModel = nil
        step.viewModelChanges = nil
      }
      var changes: [InspectedChange] = []
      // A view model sent whole is a tree of its own; one rebuilt from changes shares all but
      // the changed parts with the one before.
      let sentWhole = step.changed && step.viewModel != nil
      if step.changed, let after = step.viewModel {
        changes = InspectedChange.between(lastViewModel[key] ?? InspectedValue.none, after)
        lastViewModel[key] = after
      } else if step.changed, let sent = step.viewModelChanges {
        // The app sent what changed: the whole view model is rebuilt here.
        guard let after = (lastViewModel[key] ?? InspectedValue.none).applying(sent) else {
          return reject(
            session,
            "the view-model changes of step \(step.index) of shell \(step.shell) do not fit its last view model"
          )
        }
        changes = sent
        step.viewModel = after
        lastViewModel[key] = after
      }
      if let skipped = paused[key] {
        // Recording is paused: the view model was followed above, the step is not kept; the
        // newest index still moves, so a jump's age is checked against the app's history.
        paused[key] = skipped + 1
        journals[key]?.lastIndex = step.index
        return true
      }
      step.viewModelChanges = nil
      step.cannotJump = step.cannotJump.map { Self.clean($0, limit: InspectedStep.longestReason) }
      if let resumed = journals[key]?.resumedWith {
        // The first step after a pause: its view model is not the last kept step's.
        journals[key]?.before[step.index] = resumed
        if step.viewModel == nil { step.viewModel = resumed }
        journals[key]?.resumedWith = nil
      }
      let cost = Self.cost(of: step, changes: changes, sentWhole: sentWhole)
      journals[key]?.steps.append(step)
      journals[key]?.costs.append(cost)
      journals[key]?.bytes += cost
      journalBytes += cost
      journals[key]?.lastIndex = step.index
      if var journal = journals[key],
        journal.steps.count > limits.journalSteps + max(1, limits.journalSteps / 10)
      {
        journals[key] = nil  // uniquely referenced while it changes: no copy of its steps
        journalBytes -= journal.dropOldest(journal.steps.count - limits.journalSteps)
        journals[key] = journal
      }
      trimJournals()
      append(session, .message(.step(step)), changes: changes, cost: cost)
    case .dropped(let count):
      append(session, .message(.dropped(count: count)))
    case .launch, .launchEvent, .launchReport, .request:
      append(session, .message(message))
    case .recomputed(var outcome):
      guard journals[ShellKey(session: session, shell: outcome.shell)] != nil else {
        return reject(
          session, "a skip recomputed for shell \(outcome.shell), which the app never showed")
      }
      outcome.refusal = outcome.refusal.map { Self.clean($0, limit: InspectedStep.longestReason) }
      append(session, .message(.recomputed(outcome)))
    case .eventRefused(let shell, let reason):
      guard journals[ShellKey(session: session, shell: shell)] != nil else {
        return reject(session, "an event refused by shell \(shell), which the app never showed")
      }
      append(
        session,
        .message(
          .eventRefused(
            shell: shell, reason: Self.clean(reason, limit: InspectedStep.longestReason)))
      )
    }
    return true
  }

  private mutating func reject(_ session: String, _ why: String) -> Bool {
    append(session, .problem(why))
    return false
  }

  private mutating func append(
    _ session: String, _ body: PageRecord.Body, changes: [InspectedChange] = [],
    cost: Int = 128
  ) {
    records.append(
      PageRecord(sequence: nextSequence, session: session, body: body, changes: changes))
    recordCosts.append(cost)
    recordBytes += cost
    // Let go in slices of a tenth, so that a full log costs no copy per record.
    var extra = 0
    if records.count > limits.records + max(1, limits.records / 10) {
      extra = records.count - limits.records
    } else if recordBytes > limits.bytes {
      // Past the bytes: the oldest records that hold a tenth of them.
      var freed = 0
      while extra < records.count - 1, freed < recordBytes - limits.bytes * 9 / 10 {
        freed += recordCosts[extra]
        extra += 1
      }
    }
    if extra > 0 {
      recordBytes -= recordCosts.prefix(extra).reduce(0, +)
      recordCosts.removeFirst(extra)
      records.removeFirst(extra)
      firstSequence += extra
    }
  }

  /// About how many bytes a step holds: its event (and its JSON), commands and changes, its
  /// reason for refusing a jump, and its view model: whole when the app sent it whole, else
  /// the containers rebuilt along the changed paths.
  static func cost(of step: InspectedStep, changes: [InspectedChange], sentWhole: Bool) -> Int {
    // A step's own fields and its record's: about 768 bytes, measured.
    var cost =
      768 + step.event.weight + step.commands.reduce(0) { $0 + $1.weight }
      + (step.eventJSON?.utf8.count ?? 0) + (step.cannotJump?.utf8.count ?? 0)
    for change in changes {
      cost +=
        96 + 2 * change.path.utf8.count + (change.before?.weight ?? 0)
        + (change.after?.weight ?? 0)
    }
    if sentWhole, let whole = step.viewModel {
      cost += whole.weight
    } else if let viewModel = step.viewModel {
      cost += rebuiltBytes(of: viewModel, along: changes)
    }
    return cost
  }

  /// The bytes a view model rebuilt from `changes` does not share with the one before: every
  /// container on a changed path is copied whole (its box and its array of fields or
  /// elements), once however many changes pass through it. A step that changes one row of
  /// 2,000 holds a new array of 2,000 rows: counted as a row's size, it let a log grow about
  /// 4 KB a step past its bound.
  static func rebuiltBytes(of viewModel: InspectedValue, along changes: [InspectedChange]) -> Int {
    var copied: Set<ArraySlice<InspectedChange.Key>> = []
    var bytes = 0
    for change in changes {
      // The containers along the path; the changed value itself is counted with the change.
      var node: InspectedValue? = viewModel
      for depth in change.keys.indices {
        guard let container = node else { break }
        if copied.insert(change.keys[..<depth]).inserted { bytes += container.containerBytes }
        node = container.child(change.keys[depth])
      }
    }
    return bytes
  }

  /// Keeps the journals' steps within ``Limits/bytes``: the heaviest journal lets its oldest
  /// tenth go until they fit.
  private mutating func trimJournals() {
    while journalBytes > limits.bytes {
      guard let (key, _) = journals.max(by: { $0.value.bytes < $1.value.bytes }),
        var journal = journals[key], journal.steps.count > 1
      else { return }
      journals[key] = nil  // uniquely referenced while it changes
      journalBytes -= journal.dropOldest(max(1, journal.steps.count / 10))
      journals[key] = journal
    }
  }

  // MARK: Reading

  /// Every app the log holds, in the order it was heard, with its status, then its shells with
  /// the view model before their first kept step: what a page that missed the records that
  /// announced them needs to show the rest. Numbered as the last record let go.
  var preface: [PageRecord] {
    var preface: [PageRecord] = []
    for (session, app) in apps.sorted(by: { $0.value.firstHeard < $1.value.firstHeard }) {
      let status =
        session.hasPrefix("import")
        ? "imported" : app.ended ? "ended" : app.silent ? "silent" : "connected"
      preface.append(
        PageRecord(
          sequence: firstSequence - 1, session: session,
          body: .app(name: app.name, status: status)))
      for id in app.shells.sorted() {
        guard let journal = journals[ShellKey(session: session, shell: id)] else { continue }
        var shell = InspectedShell(shell: id, name: journal.name, viewModel: journal.base)
        shell.history = journal.history
        shell.acceptsEvents = journal.acceptsEvents
        preface.append(
          PageRecord(
            sequence: firstSequence - 1, session: session, body: .message(.shell(shell))))
      }
    }
    return preface
  }

  /// The records after `sequence`, at most `limit` of them, and whether older ones the page
  /// never saw were let go.
  func updates(after sequence: Int, limit: Int) -> PageUpdates {
    // Never `sequence + 1`: a cursor from outside may be the largest Int.
    let start =
      sequence < firstSequence
      ? 0
      : (sequence - firstSequence < records.count ? sequence - firstSequence + 1 : records.count)
    let end = min(records.count, start + max(1, limit))
    var slice = start < end ? Array(records[start..<end]) : []
    if sequence < firstSequence - 1 {
      // The page missed records that were let go, perhaps an app's or a shell's first: it is
      // told of every app and shell the log still holds, as they stand, before the rest.
      slice = preface + slice
    }
    return PageUpdates(
      records: slice, cursor: slice.last?.sequence ?? max(sequence, firstSequence - 1),
      missed: max(0, firstSequence - 1 - sequence), more: end < records.count)
  }

  /// What the page shows of one step when it is selected: the view model after it, and how it
  /// changed from the one before, lists matched by id (``ShownChange``). Index 0 is the shell's
  /// view model before its first step.
  func stepDetail(of key: ShellKey, index: Int) -> Result<StepDetail, StepDetailFailure> {
    guard let journal = journals[key] else { return .failure(.noShell(key)) }
    if index == 0 {
      return .success(StepDetail(index: 0, viewModel: journal.initialViewModel, before: nil))
    }
    guard let position = journal.position(of: index) else {
      if let first = journal.steps.first?.index, index < first {
        return .failure(
          .letGo(
            "step \(index) is no longer kept: the inspector keeps each shell's newest \(limits.journalSteps) steps"
          ))
      }
      return .failure(.noStep("this shell has no step \(index)"))
    }
    let before =
      journal.steps[position].changed
      ? (journal.before[index] ?? journal.viewModel(after: position - 1)) : nil
    return .success(
      StepDetail(index: index, viewModel: journal.viewModel(after: position), before: before))
  }

  /// The journal of a shell as a file: its steps for the page, and its events (when the app's
  /// events are `Codable`) for `expectReplay`.
  func journalFile(of key: ShellKey) -> Data? {
    exported(key)?.fileData()
  }

  /// The shell's session as a journal: what "Export journal" writes and "Make a test" writes a
  /// test of.
  func exported(_ key: ShellKey) -> InspectorJournal? {
    guard let journal = journals[key] else { return nil }
    return InspectorJournal(
      app: journal.app, shell: journal.name, initialViewModel: journal.initialViewModel,
      steps: journal.steps, droppedSteps: journal.droppedSteps)
  }

  // MARK: Checks

  /// The log's session of a connection's `session` and the connection's number: an app's first
  /// connection is its session itself (1); connecting anew, it sends `sessionr2`, `sessionr3`…
  /// (``Inspector/session``), which continue the same session in the log.
  static func connection(_ session: String) -> (session: String, number: Int) {
    let bytes = Array(session.utf8)
    var digits = bytes.endIndex
    while digits > bytes.startIndex, (48...57).contains(bytes[digits - 1]) { digits -= 1 }
    guard digits < bytes.endIndex, digits - 1 > bytes.startIndex, bytes[digits - 1] == 114,
      bytes.endIndex - digits <= 9,
      let number = Int(String(decoding: bytes[digits...], as: UTF8.self)),
      number >= 2
    else { return (session, 1) }
    return (String(decoding: bytes[..<(digits - 1)], as: UTF8.self), number)
  }

  static func isSession(_ text: some StringProtocol) -> Bool {
    (1...64).contains(text.utf8.count)
      && text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      }
  }

  static func isJSON(_ text: String) -> Bool {
    (try? JSONReader.parse(text.utf8)) != nil
  }

  /// Text from an app, bounded and with control characters made visible.
  static func clean(_ text: String, limit: Int) -> String {
    VisibleText.escaped(text.prefix(limit))
  }
}

/// One step as the page shows it when selected.
struct StepDetail: Equatable {
  var index: Int
  var viewModel: InspectedValue
  /// The view model before the step, when the step changed it.
  var before: InspectedValue?

  /// How the view model changed, lists matched by id. Computed when read, so that the server
  /// finds the values under its lock and diffs them after letting it go.
  var changes: [ShownChange] { before.map { ShownChange.between($0, viewModel) } ?? [] }

  /// Writes the detail as the page reads it.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("index")
      json.int(index)
      json.key("viewModel")
      viewModel.write(to: &json)
      json.key("changes")
      json.array { json in for change in changes { change.write(to: &json) } }
    }
  }
}

/// Why a jump back in time cannot be asked for, with the status the server answers.
enum JumpRefusal: Error, Equatable {
  /// No such page: the inspector was restarted since it opened, or it was let go (404).
  case noPage(Int)
  /// No such shell (404).
  case noShell(InspectorLog.ShellKey)
  /// The shell cannot jump now: no time travel, the app is gone, no such step (409).
  case notTravelling(String)
  /// The app no longer keeps that step's state (410).
  case tooOld(String)

  var status: HTTPStatus {
    switch self {
    case .noPage, .noShell: 404
    case .notTravelling: 409
    case .tooOld: 410
    }
  }

  var message: String {
    switch self {
    case .noPage(let page): PageClaims.unknownPage(page)
    case .noShell(let key): InspectorLog.unknownShell(key)
    case .notTravelling(let text), .tooOld(let text): text
    }
  }
}

/// Why a step's detail cannot be shown, with the status the server answers.
enum StepDetailFailure: Error, Equatable {
  /// No such shell (404).
  case noShell(InspectorLog.ShellKey)
  /// The shell never had that step (404).
  case noStep(String)
  /// The step was let go to bound the journal (410).
  case letGo(String)

  var status: HTTPStatus {
    switch self {
    case .noShell, .noStep: 404
    case .letGo: 410
    }
  }

  var message: String {
    switch self {
    case .noShell(let key): InspectorLog.unknownShell(key)
    case .noStep(let text), .letGo(let text): text
    }
  }
}

/// Why a whole batch was refused, with the status the server answers.
enum InspectorRefusal: Error, Equatable {
  /// The batch is not one the inspector can read (400).
  case badBatch(String)
  /// The inspector holds as many apps as it allows (503).
  case busy(String)
  /// A batch past the first of a connection this inspector never saw begin (409): the app
  /// connects again.
  case unknownSession(String)

  var status: HTTPStatus {
    switch self {
    case .badBatch: 400
    case .busy: 503
    case .unknownSession: 409
    }
  }

  var message: String {
    switch self {
    case .badBatch(let text), .busy(let text), .unknownSession(let text): text
    }
  }
}

extension InspectedValue {
  /// The bytes a copy of this node costs when a change passes through it: its box and its
  /// array of fields or elements (not what they point to, which the copy shares).
  fileprivate var containerBytes: Int {
    switch self {
    case .record(let type, let fields): 64 + type.utf8.count + fields.count * 24
    case .enumCase(let type, let name, let values):
      64 + type.utf8.count + name.utf8.count + values.count * 24
    case .collection(let type, let elements, _): 64 + type.utf8.count + elements.count * 8
    default: 48
    }
  }

  /// The value under `key`, if this node has it (the first field of that label, as a change
  /// is applied).
  fileprivate func child(_ key: InspectedChange.Key) -> InspectedValue? {
    switch (self, key) {
    case (.record(_, let fields), .field(let label)),
      (.enumCase(_, _, let fields), .field(let label)):
      fields.first { $0.label == label }?.value
    case (.collection(_, let elements, _), .index(let index)):
      elements.indices.contains(index) ? elements[index] : nil
    default: nil
    }
  }
}
