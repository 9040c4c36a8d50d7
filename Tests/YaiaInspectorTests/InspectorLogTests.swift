import Foundation
import Testing
import YaiaHTTP
import YaiaInspector

@testable import YaiaInspectorServer

@Suite("The inspector's log: batches in, records out, as values")
struct InspectorLogTests {
  static let viewModel = InspectedValue.record(
    type: "ViewModel", fields: [.init("name", .text("")), .init("isLoading", .scalar("false"))])
  static let loading = InspectedValue.record(
    type: "ViewModel", fields: [.init("name", .text("ada")), .init("isLoading", .scalar("true"))])

  static func step(_ index: Int, changed: Bool = false, viewModel: InspectedValue? = nil)
    -> InspectorMessage
  {
    .step(
      InspectedStep(
        shell: 1, index: index, time: Double(index),
        event: .enumCase(type: "Event", name: "submit", values: []),
        eventJSON: #"{"submit":{}}"#, commands: [], changed: changed, viewModel: viewModel))
  }

  static func batch(_ sequence: Int, _ messages: [InspectorMessage], ended: Bool = false)
    -> InspectorBatch
  {
    InspectorBatch(
      app: "Shop", session: "abc", sequence: sequence, messages: messages, ended: ended)
  }

  static let shell = InspectorMessage.shell(
    InspectedShell(shell: 1, name: "login", viewModel: viewModel))

  func kinds(_ log: InspectorLog) -> [String] {
    log.records.map { record in
      switch record.body {
      case .app(_, let status): "app \(status)"
      case .message(let message): message.kind
      case .problem(let text): "problem: \(text)"
      case .recording(_, let paused, let skipped): paused ? "paused" : "resumed \(skipped)"
      }
    }
  }

  @Test("an app, its shell and its steps become numbered records; a change carries its diff")
  func records() {
    var log = InspectorLog()
    #expect(log.receive(Self.batch(1, []), at: 0) == .success(0))
    #expect(
      log.receive(
        Self.batch(
          2, [Self.shell, Self.step(1, changed: true, viewModel: Self.loading), Self.step(2)]),
        at: 1)
        == .success(3))
    #expect(kinds(log) == ["app connected", "shell", "step", "step"])
    #expect(log.records.map(\.sequence) == [1, 2, 3, 4])
    // A record says where the view model changed, never the whole value: the page reads it
    // on demand.
    #expect(log.records[2].changedPaths == ["name", "isLoading"])
    #expect(log.records[3].changedPaths.isEmpty)
    var json = JSONWriter()
    log.records[2].write(to: &json)
    let written = String(decoding: json.bytes, as: UTF8.self)
    #expect(written.contains(#""paths":["name","isLoading"]"#))
    #expect(!written.contains("viewModel"))
    #expect(!written.contains("ada"))
  }

  @Test("a selected step's view model and its changes are read on demand, by index")
  func stepDetail() throws {
    var log = InspectorLog()
    _ = log.receive(Self.batch(1, []), at: 0)
    _ = log.receive(
      Self.batch(
        2,
        [
          Self.shell, Self.step(1, changed: true, viewModel: Self.loading), Self.step(2),
          Self.step(5, changed: true, viewModel: Self.viewModel),
        ]),
      at: 1)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    let first = try log.stepDetail(of: key, index: 1).get()
    #expect(first.viewModel == Self.loading)
    #expect(first.changes.map(\.path) == ["name", "isLoading"])
    // An unchanged step shows the view model it kept; no changes.
    let second = try log.stepDetail(of: key, index: 2).get()
    #expect(second.viewModel == Self.loading && second.changes.isEmpty)
    #expect(try log.stepDetail(of: key, index: 5).get().viewModel == Self.viewModel)
    #expect(try log.stepDetail(of: key, index: 0).get().viewModel == Self.viewModel)
    #expect(log.stepDetail(of: key, index: 3) == .failure(.noStep("this shell has no step 3")))
    #expect(
      log.stepDetail(of: .init(session: "abc", shell: 2), index: 1)
        == .failure(.noShell(.init(session: "abc", shell: 2))))
  }

  @Test(
    "steps let go to bound a journal say so; the steps kept still diff against the view model before them"
  )
  func stepDetailLetGo() throws {
    var limits = InspectorLog.Limits()
    limits.journalSteps = 10
    var log = InspectorLog(limits: limits)
    _ = log.receive(Self.batch(1, []), at: 0)
    var messages = [Self.shell]
    for index in 1...12 {
      let value = InspectedValue.record(
        type: "ViewModel",
        fields: [.init("name", .text("n\(index)")), .init("isLoading", .scalar("false"))])
      messages.append(
        Self.step(index, changed: index % 3 == 0, viewModel: index % 3 == 0 ? value : nil))
    }
    _ = log.receive(Self.batch(2, messages), at: 1)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    #expect(log.journals[key]?.steps.first?.index == 3)
    // 12 steps > 10 + 1: two let go.
    #expect(
      log.stepDetail(of: key, index: 2)
        == .failure(
          .letGo("step 2 is no longer kept: the inspector keeps each shell's newest 10 steps")))
    let sixth = try log.stepDetail(of: key, index: 6).get()
    #expect(sixth.changes.first?.before == .text("n3"))
    #expect(sixth.changes.first?.after == .text("n6"))
  }

  @Test(
    "a missing batch, a repeated batch and a step of an unknown shell are problems; the rest is kept"
  )
  func problems() {
    var log = InspectorLog()
    _ = log.receive(Self.batch(1, [Self.shell]), at: 0)
    #expect(log.receive(Self.batch(3, [Self.step(1)]), at: 1) == .success(1))
    #expect(log.receive(Self.batch(3, [Self.step(2)]), at: 2) == .success(0))
    var stranger = InspectedStep(
      shell: 9, index: 1, time: 0, event: .none, commands: [], changed: false, viewModel: nil)
    stranger.eventJSON = "{not json"
    #expect(log.receive(Self.batch(4, [.step(stranger)]), at: 3) == .success(0))
    #expect(
      kinds(log) == [
        "app connected", "shell", "problem: 1 batch(es) from Shop are missing before batch 3",
        "step",
        "problem: batch 3 from Shop arrived again or out of order: its messages are ignored",
        "problem: a step of shell 9, which the app never announced",
      ])
  }

  @Test("a connection this inspector never saw begin is sent back to start again, and kept out")
  func unknownSession() {
    var log = InspectorLog()
    guard case .failure(let refusal) = log.receive(Self.batch(7, [Self.shell]), at: 0) else {
      Issue.record("a seventh batch of an unknown connection was accepted")
      return
    }
    #expect(refusal.status == 409)
    #expect(refusal.message.contains("connect again with a new session"))
    #expect(log.records.isEmpty, "nothing of it is kept")
    #expect(log.receive(Self.batch(1, [Self.shell]), at: 1) == .success(1))
  }

  @Test("a batch of another version, a bad session id, or after the end is refused whole")
  func refusals() {
    var log = InspectorLog()
    var future = Self.batch(1, [])
    future.version = 99
    guard case .failure(.badBatch(let message)) = log.receive(future, at: 0) else {
      Issue.record("version 99 was accepted")
      return
    }
    #expect(message.contains("version 99 is not supported"))
    var strange = Self.batch(1, [])
    strange.session = "../etc"
    #expect(
      log.receive(strange, at: 0)
        == .failure(.badBatch("the session id must be 1 to 64 letters and digits")))
    #expect(log.receive(Self.batch(1, [], ended: true), at: 0) == .success(0))
    #expect(
      log.receive(Self.batch(2, []), at: 1)
        == .failure(.badBatch("this connection ended; connect again with a new session")))
    #expect(kinds(log) == ["app connected", "app ended"])
  }

  @Test("an event that is not JSON loses its encoding, with a problem, and keeps its step")
  func badEventJSON() {
    var log = InspectorLog()
    var step = InspectedStep(
      shell: 1, index: 1, time: 0, event: .none, eventJSON: "{oops", commands: [], changed: false,
      viewModel: nil)
    _ = log.receive(Self.batch(1, [Self.shell, .step(step)]), at: 0)
    step.eventJSON = nil
    #expect(log.journals[.init(session: "abc", shell: 1)]?.steps == [step])
    #expect(kinds(log).contains("problem: the event of step 1 is not JSON: it cannot be exported"))
  }

  @Test("updates after a cursor, in slices, and what was let go counted")
  func updates() {
    var limits = InspectorLog.Limits()
    limits.records = 10
    var log = InspectorLog(limits: limits)
    _ = log.receive(Self.batch(1, [Self.shell] + (1...20).map { Self.step($0) }), at: 0)
    #expect(log.records.count <= 11)
    let first = log.updates(after: 0, limit: 4)
    // The app and its shell as they stand (their first records were let go), then four.
    #expect(first.records.count == 2 + 4)
    #expect(first.missed == log.firstSequence - 1)
    #expect(first.more)
    let rest = log.updates(after: first.cursor, limit: 100)
    #expect(rest.records.first?.sequence == first.cursor + 1)
    #expect(!rest.more)
    #expect(log.updates(after: rest.cursor, limit: 100).records.isEmpty)
  }

  @Test("an app that stops sending is said to be silent once, and connected when it is back")
  func silence() {
    var log = InspectorLog()
    _ = log.receive(Self.batch(1, []), at: 0)
    log.noteSilence(at: 3)
    log.noteSilence(at: 7)
    log.noteSilence(at: 8)
    _ = log.receive(Self.batch(2, []), at: 9)
    #expect(kinds(log) == ["app connected", "app silent", "app connected"])
  }

  @Test("a shell's journal exports and imports back as a shell of its own")
  func exportAndImport() throws {
    var log = InspectorLog()
    _ = log.receive(
      Self.batch(1, [Self.shell, Self.step(1, changed: true, viewModel: Self.loading)]), at: 0)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    let data = try #require(log.journalFile(of: key))
    let journal = try InspectorJournal(data: data)
    #expect(journal.app == "Shop")
    #expect(journal.shell == "login")
    #expect(journal.initialViewModel == Self.viewModel)
    #expect(journal.steps.count == 1)
    let imported = log.importJournal(journal, file: "bug-123.json")
    #expect(imported == .success(.init(session: "import1", shell: 1)))
    #expect(log.journals[.init(session: "import1", shell: 1)]?.steps == journal.steps)
    #expect(kinds(log).suffix(3) == ["app imported", "shell", "step"])
  }

  @Test(
    "paused recording keeps no steps but follows the view model; resuming says how many were skipped, and the journal's hole refuses to replay"
  )
  func pausedRecording() throws {
    func record(_ log: inout InspectorLog, _ key: InspectorLog.ShellKey, paused: Bool) -> Bool {
      log.setRecording(key, paused: paused)
    }
    var log = InspectorLog()
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    #expect(!record(&log, key, paused: true))  // no such shell yet
    _ = log.receive(Self.batch(1, [Self.shell, Self.step(1)]), at: 0)
    #expect(record(&log, key, paused: true))
    #expect(record(&log, key, paused: true))  // twice: said once
    _ = log.receive(
      Self.batch(2, [Self.step(2, changed: true, viewModel: Self.loading), Self.step(3)]), at: 1)
    #expect(record(&log, key, paused: false))
    _ = log.receive(
      Self.batch(3, [Self.step(4, changed: true, viewModel: Self.viewModel), Self.step(5)]), at: 2)
    #expect(
      kinds(log) == ["app connected", "shell", "step", "paused", "resumed 2", "step", "step"])
    #expect(log.journals[key]?.steps.map(\.index) == [1, 4, 5])
    // The view model was followed while paused: step 4's change is from the loading one, in
    // its record and in its detail alike.
    #expect(log.records[5].changedPaths == ["name", "isLoading"])
    let detail = try log.stepDetail(of: key, index: 4).get()
    #expect(detail.before == Self.loading && detail.viewModel == Self.viewModel)
    #expect(detail.changes.count == 2)

    // A pause in which the view model changed, then a step that changes nothing: the view
    // model after it is the one the pause left, not the last one kept.
    #expect(record(&log, key, paused: true))
    _ = log.receive(Self.batch(4, [Self.step(6, changed: true, viewModel: Self.loading)]), at: 3)
    #expect(record(&log, key, paused: false))
    _ = log.receive(Self.batch(5, [Self.step(7)]), at: 4)
    #expect(try log.stepDetail(of: key, index: 7).get().viewModel == Self.loading)
    // The exported journal has a hole, and says so when asked to replay.
    let journal = try InspectorJournal(data: try #require(log.journalFile(of: key)))
    #expect(throws: InspectorJournalError.self) {
      try journal.journal(of: SignInState.Event.self)
    }
    do {
      _ = try journal.journal(of: SignInState.Event.self)
    } catch {
      #expect(error.description.contains("steps 2–3 are not in the journal"))
    }
    // A pause from the first step on: the hole is at the start, and the journal says so.
    var early = InspectorLog()
    _ = early.receive(Self.batch(1, [Self.shell]), at: 0)
    #expect(record(&early, key, paused: true))
    _ = early.receive(Self.batch(2, [Self.step(1), Self.step(2)]), at: 1)
    // While paused, the newest index moves on: a jump is checked against the app's history
    // from the step the app is at, not the last one kept.
    #expect(early.journals[key]?.lastIndex == 2)
    #expect(record(&early, key, paused: false))
    _ = early.receive(Self.batch(3, [Self.step(3)]), at: 2)
    let late = try InspectorJournal(data: try #require(early.journalFile(of: key)))
    do {
      _ = try late.journal(of: SignInState.Event.self)
      Issue.record("a journal without its first two steps replayed")
    } catch {
      #expect(error.description.contains("steps 1–2 are not in the journal"))
    }

    // An ended app's shell is not recorded, nor paused.
    _ = log.receive(Self.batch(6, [], ended: true), at: 5)
    #expect(!record(&log, key, paused: true))
  }

  @Test("shell keys as the page writes them")
  func shellKeys() {
    #expect(InspectorLog.ShellKey("abc:2") == .init(session: "abc", shell: 2))
    for bad in ["abc", "abc:0", "abc:-1", "a/b:1", ":1", "abc:1:2", "abc:x"] {
      #expect(InspectorLog.ShellKey(bad) == nil, "\(bad)")
    }
  }
}

@Suite("Pages and the shells they hold")
struct PageClaimsTests {
  let shell = InspectorLog.ShellKey(session: "abc", shell: 1)

  func conflict(_ result: Result<Void, WatchConflict>) -> WatchConflict? {
    if case .failure(let conflict) = result { return conflict }
    return nil
  }

  @Test(
    "a second page is told who holds a shell, may take it over, and the first learns it lost it")
  func conflict() {
    var claims = PageClaims()
    let first = claims.open(at: 0)
    let second = claims.open(at: 0)
    #expect(conflict(claims.watch(shell, by: first, takeOver: false, at: 1)) == nil)
    #expect(
      conflict(claims.watch(shell, by: second, takeOver: false, at: 1))
        == WatchConflict(holder: first))
    #expect(conflict(claims.watch(shell, by: second, takeOver: true, at: 2)) == nil)
    #expect(claims.seen(first, at: 2) == [shell])
    #expect(claims.seen(first, at: 3) == [])
  }

  @Test("a reloaded page gets its id back and keeps its shell; an unknown id gets a new one")
  func reload() {
    var claims = PageClaims()
    let page = claims.open(at: 0)
    _ = claims.watch(shell, by: page, takeOver: false, at: 0)
    let reloaded = claims.open(reusing: page, at: 1)
    #expect(reloaded == page)
    #expect(conflict(claims.watch(shell, by: reloaded, takeOver: false, at: 1)) == nil)
    let stranger = claims.open(reusing: 999, at: 1)
    #expect(stranger != 999 && stranger != page)
    #expect(
      conflict(claims.watch(shell, by: stranger, takeOver: false, at: 2))
        == WatchConflict(holder: page), "another tab is still another page")
  }

  @Test("a page that stopped asking holds nothing")
  func stalePage() {
    var claims = PageClaims()
    let first = claims.open(at: 0)
    let second = claims.open(at: 0)
    _ = claims.watch(shell, by: first, takeOver: false, at: 0)
    #expect(conflict(claims.watch(shell, by: second, takeOver: false, at: 10)) == nil)
  }

  @Test("pages are bounded: the longest-quiet is forgotten")
  func bounded() {
    var claims = PageClaims()
    let oldest = claims.open(at: 0)
    for time in 1...PageClaims.mostPages { _ = claims.open(at: Double(time)) }
    #expect(!claims.knows(oldest))
  }
}

@Suite("One app stays one session in the log across its reconnections")
struct InspectorLogContinuationTests {
  typealias Log = InspectorLogTests

  static func batch(_ session: String, _ sequence: Int, _ messages: [InspectorMessage])
    -> InspectorBatch
  {
    InspectorBatch(app: "Shop", session: session, sequence: sequence, messages: messages)
  }

  @Test("a connection's name gives its session in the log and its number")
  func connectionNames() {
    #expect(InspectorLog.connection("abc") == ("abc", 1))
    #expect(InspectorLog.connection("abcr2") == ("abc", 2))
    #expect(InspectorLog.connection("abcr17") == ("abc", 17))
    for alone in ["r2", "abcr", "abcr1", "abcr0", "abc2", "abcr1234567890"] {
      #expect(InspectorLog.connection(alone) == (alone, 1), "\(alone)")
    }
  }

  @Test(
    "after the inspector restarted, the app's new connection goes on in the same session, shells and journals"
  )
  func continuesAcrossARestart() throws {
    var log = InspectorLog()
    _ = log.receive(Self.batch("abc", 1, []), at: 0)
    _ = log.receive(
      Self.batch("abc", 2, [Log.shell, Log.step(1, changed: true, viewModel: Log.loading)]), at: 1)
    log.endAll()  // the history read back by a restarted inspector
    // The old connection is told to connect anew; the new one continues the session.
    guard case .failure = log.receive(Self.batch("abc", 3, [Log.step(2)]), at: 2) else {
      Issue.record("a connection of the last run was taken")
      return
    }
    let moved = InspectedValue.record(
      type: "ViewModel",
      fields: [.init("name", .text("ada")), .init("isLoading", .scalar("false"))])
    #expect(log.receive(Self.batch("abcr2", 1, []), at: 3) == .success(0))
    #expect(
      log.receive(
        Self.batch(
          "abcr2", 2,
          [
            .shell(InspectedShell(shell: 1, name: "login", viewModel: moved)),
            Log.step(4, changed: true, viewModel: Log.viewModel),
          ]), at: 4) == .success(2))
    #expect(log.apps.keys.sorted() == ["abc"])
    #expect(log.apps["abc"]?.ended == false && log.apps["abc"]?.connection == "abcr2")
    let statuses = log.records.compactMap { record -> String? in
      if case .app(_, let status) = record.body { return "\(record.session) \(status)" }
      return nil
    }
    #expect(statuses == ["abc connected", "abc ended", "abc connected"])
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    let journal = try #require(log.journals[key])
    #expect(journal.steps.map(\.index) == [1, 4])
    // Step 4's view model changed from the one the app had when it announced its shell again,
    // not from step 1's.
    let detail = try log.stepDetail(of: key, index: 4).get()
    #expect(detail.before == moved && detail.viewModel == Log.viewModel)
    #expect(try log.stepDetail(of: key, index: 1).get().viewModel == Log.loading)
    // Jumps and events for the shell wait for the session in the log, whatever connection
    // the app sends on.
    #expect(log.requestEvent(key, json: #"{"submit":{}}"#) != nil, "the shell takes no events")
  }

  @Test("a checkpoint is taken only from the history, never from an app")
  func checkpointFromTheNetwork() {
    var log = InspectorLog()
    var forged = Self.batch("abc", 7, [Log.shell])
    forged.isCheckpoint = true
    guard case .failure(let refusal) = log.receive(forged, at: 0) else {
      Issue.record("a checkpoint sent by an app was taken")
      return
    }
    #expect(refusal.message.contains("inspector's own"))
    #expect(log.records.isEmpty && log.apps.isEmpty)
    // From the history it starts the app where the checkpoint stands.
    #expect(log.receive(forged, at: 0, replaying: true) == .success(1))
    #expect(log.apps["abc"]?.lastSequence == 7)
  }

  @Test("an older connection than the one the app has now is refused; another app is its own")
  func olderAndOthers() {
    var log = InspectorLog()
    _ = log.receive(Self.batch("abc", 1, []), at: 0)
    #expect(log.receive(Self.batch("abcr3", 1, []), at: 1) == .success(0))
    for (session, sequence) in [("abcr2", 1), ("abc", 2)] {
      guard case .failure(let refusal) = log.receive(Self.batch(session, sequence, []), at: 2)
      else {
        Issue.record("\(session) was taken after abcr3")
        continue
      }
      #expect(refusal.message.contains("connect again"), "\(refusal.message)")
    }
    #expect(log.receive(Self.batch("abcr3", 2, []), at: 3) == .success(0))
    #expect(log.receive(Self.batch("xyz", 1, []), at: 3) == .success(0))
    #expect(log.apps.keys.sorted() == ["abc", "xyz"])
  }
}

@Suite("The inspector's log keeps within a budget of bytes, not only of entries")
struct InspectorLogBytesTests {
  /// A step whose event carries `size` bytes of text.
  static func heavy(_ index: Int, size: Int) -> InspectorMessage {
    .step(
      InspectedStep(
        shell: 1, index: index, time: Double(index),
        event: .enumCase(
          type: "Event", name: "loaded",
          values: [.init("_0", .text(String(repeating: "x", count: size)))]),
        commands: [], changed: false, viewModel: nil))
  }

  @Test("heavy steps let the oldest go past the bytes, far below the counts; the newest stay whole")
  func heavySteps() throws {
    var limits = InspectorLog.Limits()
    limits.bytes = 1 << 20
    var log = InspectorLog(limits: limits)
    _ = log.receive(InspectorLogTests.batch(1, []), at: 0)
    _ = log.receive(InspectorLogTests.batch(2, [InspectorLogTests.shell]), at: 0)
    // 400 steps of 10 KB: 4 MB sent, four times the budget.
    for sequence in 0..<40 {
      let steps = (1...10).map { Self.heavy(sequence * 10 + $0, size: 10_000) }
      #expect(log.receive(InspectorLogTests.batch(sequence + 3, steps), at: 1) == .success(10))
    }
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    let journal = try #require(log.journals[key])
    #expect(log.journalBytes <= limits.bytes)
    #expect(journal.steps.count < 110 && journal.steps.count > 50, "\(journal.steps.count)")
    #expect(journal.steps.last?.index == 400)
    #expect(journal.droppedSteps + journal.steps.count == 400)
    #expect(log.records.count < 130, "records too: \(log.records.count)")
    let fresh = log.updates(after: 0, limit: 10)
    #expect(fresh.missed > 0, "the page is told what it missed")
    // A page that missed the app's and the shell's first records is told of both first.
    guard fresh.records.count > 2, case .app(_, "connected") = fresh.records[0].body,
      case .message(.shell(let shell)) = fresh.records[1].body
    else {
      Issue.record("no preface: \(fresh.records.prefix(2).map(\.body))")
      return
    }
    #expect(shell.name == "login")
    #expect(fresh.records[2].sequence > fresh.records[1].sequence)
    #expect(log.updates(after: fresh.cursor, limit: 10).records.first?.sequence ?? 0 > 0)
    // The newest steps still read back.
    #expect((try? log.stepDetail(of: key, index: 400).get()) != nil)
  }

  @Test(
    "a step that changes one row of thousands counts the rows its view model copies, and its JSON")
  func rebuiltViewModelsCount() throws {
    // Each step changes one row's title: the view model rebuilt from that change holds a new
    // array of all 2,000 rows (each container on the path is copied whole).
    func rows(_ titles: [String]) -> InspectedValue {
      .record(
        type: "ViewModel",
        fields: [
          .init(
            "rows",
            .collection(
              type: "Array<Row>",
              elements: titles.map { .record(type: "Row", fields: [.init("title", .text($0))]) },
              omitted: 0))
        ])
    }
    let before = rows((0..<2_000).map { "row \($0)" })
    var titles = (0..<2_000).map { "row \($0)" }
    titles[7] = "changed"
    let after = rows(titles)
    let changes = InspectedChange.between(before, after)
    #expect(changes.count == 1)
    let step = InspectedStep(
      shell: 1, index: 1, time: 0, event: .scalar("tap"),
      eventJSON: String(repeating: "j", count: 5_000),
      commands: [], changed: true, viewModel: after)
    let cost = InspectorLog.cost(of: step, changes: changes, sentWhole: false)
    // 2,000 elements of 8 bytes, and the 5,000 bytes of JSON, besides the change itself.
    #expect(cost >= 2_000 * 8 + 5_000, "\(cost)")
    #expect(
      InspectorLog.rebuiltBytes(of: after, along: changes + changes)
        == InspectorLog.rebuiltBytes(of: after, along: changes), "a container counted once a step")

    // Fed as the app sends them (changes only), a log of 1 MiB keeps far fewer of them than
    // the counts allow.
    var limits = InspectorLog.Limits()
    limits.bytes = 1 << 20
    var log = InspectorLog(limits: limits)
    _ = log.receive(InspectorLogTests.batch(1, []), at: 0)
    let shell = InspectorMessage.shell(InspectedShell(shell: 1, name: "list", viewModel: before))
    _ = log.receive(InspectorLogTests.batch(2, [shell]), at: 0)
    var current = before
    var currentTitles = (0..<2_000).map { "row \($0)" }
    for sequence in 0..<20 {
      var steps: [InspectorMessage] = []
      for offset in 1...10 {
        let index = sequence * 10 + offset
        currentTitles[index % 2_000] = "title \(index)"
        let next = rows(currentTitles)
        steps.append(
          .step(
            InspectedStep(
              shell: 1, index: index, time: Double(index), event: .scalar("tap"), commands: [],
              changed: true, viewModel: nil,
              viewModelChanges: InspectedChange.between(current, next))))
        current = next
      }
      #expect(log.receive(InspectorLogTests.batch(sequence + 3, steps), at: 1) == .success(10))
    }
    let journal = try #require(log.journals[InspectorLog.ShellKey(session: "abc", shell: 1)])
    #expect(log.journalBytes <= limits.bytes)
    #expect(journal.steps.count < 100, "\(journal.steps.count) steps of 16 KB kept in 1 MiB")
    #expect(journal.steps.last?.index == 200)
  }

  @Test("a step that says nothing changed keeps no view model, whatever it sent")
  func unchangedStepsKeepNoViewModel() throws {
    var log = InspectorLog(limits: InspectorLog.Limits())
    _ = log.receive(InspectorLogTests.batch(1, []), at: 0)
    _ = log.receive(InspectorLogTests.batch(2, [InspectorLogTests.shell]), at: 0)
    let heavy = InspectedValue.text(String(repeating: "v", count: 100_000))
    let step = InspectorMessage.step(
      InspectedStep(
        shell: 1, index: 1, time: 1, event: .scalar("tick"), commands: [], changed: false,
        viewModel: heavy))
    #expect(log.receive(InspectorLogTests.batch(3, [step]), at: 1) == .success(1))
    let journal = try #require(log.journals[InspectorLog.ShellKey(session: "abc", shell: 1)])
    #expect(journal.steps.last?.viewModel == nil)
    #expect(log.journalBytes < 10_000, "\(log.journalBytes)")
  }
}
