import Foundation
import Testing
import Yaia

@testable import YaiaInspector
@testable import YaiaInspectorServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Time travel: the page puts a running shell back in an earlier state")
struct InspectorTimeTravelTests {
  @Test("the history keeps the newest states, oldest let go first, found by step")
  func history() {
    var history = StateHistory<String>(capacity: 3)
    #expect(history.state(after: 0) == nil)
    for index in 0...4 { history.keep("s\(index)", after: index) }
    #expect(history.oldest == 2)
    #expect(history.state(after: 1) == nil)
    #expect([2, 3, 4].map { history.state(after: $0) } == ["s2", "s3", "s4"])
    #expect(history.state(after: 5) == nil)
    // Indexes with gaps (a jump keeps its state under a new index) are found too.
    history.keep("s9", after: 9)
    #expect(history.state(after: 9) == "s9" && history.state(after: 5) == nil)
  }

  @Test("time travel is opt-in and bounded")
  func options() {
    #expect(InspectorTimeTravel.off.states == 0)
    #expect(InspectorTimeTravel.keepLast(500).states == 500)
    #expect(InspectorTimeTravel.keepLast(-3).states == 0)
    #expect(InspectorTimeTravel.keepLast(.max).states == InspectorTimeTravel.mostStates)
  }

  @Test(
    "the inspector's answer to a batch is written and read by the wire's one JSON writer and reader, bounded"
  )
  func answer() throws {
    let answer = InspectorAnswer(jumps: [.init(shell: 1, index: 12), .init(shell: 2, index: 0)])
    #expect(
      String(decoding: answer.wireBytes(), as: UTF8.self)
        == #"{"jumps":[{"shell":1,"index":12},{"shell":2,"index":0}]}"#)
    #expect(try InspectorAnswer(wire: answer.wireBytes()) == answer)
    let many = InspectorAnswer(jumps: (0...16).map { .init(shell: 1, index: $0) })
    #expect(throws: InspectorWireError.self) { try InspectorAnswer(wire: many.wireBytes()) }
    let refusals: [(String, String)] = [
      (#"{"jumps":[{"shell":-1,"index":3}]}"#, "jumps[0].shell"),
      (#"{"jumps":[{"shell":1}]}"#, "index"),
      (#"{"jumps":{}}"#, "jumps"),
      ("[]", "object"),
      (#"{"jumps":[]"#, "not JSON"),
    ]
    for (text, named) in refusals {
      do {
        _ = try InspectorAnswer(wire: Array(text.utf8))
        Issue.record("\(text) was read as an answer")
      } catch {
        #expect(error.description.contains(named), "\(text): \(error.description)")
      }
    }
    let huge =
      Array(#"{"jumps":[],"pad":""#.utf8) + [UInt8](repeating: 97, count: 70_000) + [34, 125]
    #expect(throws: InspectorWireError.self) { try InspectorAnswer(wire: huge) }
  }

  static func log(history: Int?, limits: InspectorLog.Limits = .init()) -> InspectorLog {
    var log = InspectorLog(limits: limits)
    _ = log.receive(InspectorLogTests.batch(1, []), at: 0)
    var steps = [
      InspectorMessage.shell(
        InspectedShell(
          shell: 1, name: "login", viewModel: InspectorLogTests.viewModel, history: history))
    ]
    for index in 1...5 { steps.append(InspectorLogTests.step(index)) }
    _ = log.receive(InspectorLogTests.batch(2, steps), at: 0)
    return log
  }

  @Test("jumps waiting past what one answer carries go out over the next answers, none lost")
  func jumpsInSlices() {
    var limits = InspectorLog.Limits()
    limits.jumpsWaiting = 40
    var log = Self.log(history: 10, limits: limits)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    for _ in 0..<20 {
      let refusal = log.requestJump(key, to: 3)
      #expect(refusal == nil)
    }
    var answers: [Int] = []
    for _ in 0..<3 { answers.append(log.takeJumps(for: "abc").count) }
    #expect(answers == [InspectorAnswer.mostJumps, 4, 0])
  }

  @Test("a journal with a jump in it says it cannot replay, and where")
  func journalWithJump() {
    let journal = InspectorJournal(
      app: "a", shell: "sign in", initialViewModel: .none,
      steps: [
        InspectedStep(
          shell: 1, index: 1, time: 0, event: .none, eventJSON: #"{"submit":{}}"#,
          commands: [], changed: false, viewModel: nil),
        InspectedStep(
          shell: 1, index: 2, time: 0, event: .none, commands: [], changed: false,
          viewModel: nil, jumpedTo: 0),
      ], droppedSteps: 0)
    #expect(
      throws: InspectorJournalError.notReplayable(
        "step 2 is a jump back in time to the state after step 0, which replaying the events in order does not make; replay the steps before it"
      )
    ) {
      try journal.journal(of: SignInState.Event.self)
    }
  }

  @Test("a state the app cannot run on from is refused as a jump target, with the app's reason")
  func cannotJump() throws {
    var log = InspectorLog()
    _ = log.receive(InspectorLogTests.batch(1, []), at: 0)
    var waiting = InspectedStep(
      shell: 1, index: 2, time: 2, event: .enumCase(type: "Event", name: "submit", values: []),
      commands: [], changed: false, viewModel: nil)
    waiting.cannotJump = "the login awaits the server\u{1b}[2J's answer"
    let messages: [InspectorMessage] = [
      .shell(
        InspectedShell(
          shell: 1, name: "login", viewModel: InspectorLogTests.viewModel, history: 10,
          cannotJump: "the launch runs in the shell")),
      InspectorLogTests.step(1), .step(waiting), InspectorLogTests.step(3),
    ]
    _ = log.receive(InspectorLogTests.batch(2, messages), at: 0)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    #expect(
      log.requestJump(key, to: 0)
        == .notTravelling(
          "the app cannot run on from the state after step 0: the launch runs in the shell"))
    guard case .notTravelling(let why) = log.requestJump(key, to: 2) else {
      Issue.record("a jump to a state the app cannot run on from was accepted")
      return
    }
    #expect(why.hasPrefix("the app cannot run on from the state after step 2: the login awaits"))
    #expect(!why.contains("\u{1b}"), "a control character reached the page: \(why)")
    #expect(log.requestJump(key, to: 1) == nil)
    #expect(log.requestJump(key, to: 3) == nil)
  }

  @Test("a jump waits for the app's next batch, which takes it once")
  func queued() {
    var log = Self.log(history: 3)
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    #expect(log.requestJump(key, to: 2) == nil)
    let answer = log.receive(InspectorLogTests.batch(3, []), at: 1).map { _ in
      log.takeJumps(for: "abc")
    }
    #expect(answer == .success([InspectorJumpRequest(shell: 1, index: 2)]))
    #expect(log.takeJumps(for: "abc").isEmpty)
  }

  @Test("a jump is refused, saying why, without time travel, past the history, or to a gone app")
  func refused() {
    let key = InspectorLog.ShellKey(session: "abc", shell: 1)
    var plain = Self.log(history: nil)
    guard case .notTravelling(let why) = plain.requestJump(key, to: 1) else {
      Issue.record("a shell without time travel jumped")
      return
    }
    #expect(why.contains("timeTravel: .keepLast"))
    var log = Self.log(history: 3)
    #expect(
      log.requestJump(key, to: 1)
        == .tooOld("the app keeps the states after its last 3 steps; step 1 is older"))
    #expect(log.requestJump(key, to: 9) == .notTravelling("this shell has no step 9"))
    #expect(
      log.requestJump(.init(session: "abc", shell: 7), to: 1)
        == .noShell(.init(session: "abc", shell: 7)))
    _ = log.receive(InspectorLogTests.batch(3, [], ended: true), at: 1)
    guard case .notTravelling(let gone) = log.requestJump(key, to: 4) else {
      Issue.record("an ended app was asked to jump")
      return
    }
    #expect(gone.contains("not connected"))
  }

  @Test("ended connections and imports do not count toward the cap of connected apps")
  func endedDoNotCount() {
    var limits = InspectorLog.Limits()
    limits.apps = 2
    limits.endedKept = 3
    var log = InspectorLog(limits: limits)
    for run in 1...10 {
      let session = "run\(run)"
      let hello = InspectorBatch(app: "Shop", session: session, sequence: 1, messages: [])
      #expect(log.receive(hello, at: 0) == .success(0), "run \(run) was refused")
      let bye = InspectorBatch(
        app: "Shop", session: session, sequence: 2, messages: [], ended: true)
      _ = log.receive(bye, at: 0)
    }
    // Only the newest ended connections are kept.
    #expect(log.apps.count == 3)
    #expect(log.apps.keys.sorted() == ["run10", "run8", "run9"])
    // Connected apps are capped.
    for session in ["a", "b"] {
      _ = log.receive(
        InspectorBatch(app: "Live", session: session, sequence: 1, messages: []), at: 0)
    }
    guard
      case .failure(.busy) = log.receive(
        InspectorBatch(app: "Live", session: "c", sequence: 1, messages: []), at: 0)
    else {
      Issue.record("a third connected app was let in past a cap of 2")
      return
    }
  }

  @Test("an app silent past the limit counts as ended, and is told to connect anew if it speaks")
  func silentTooLong() {
    var limits = InspectorLog.Limits()
    limits.apps = 1
    var log = InspectorLog(limits: limits)
    _ = log.receive(InspectorBatch(app: "A", session: "a", sequence: 1, messages: []), at: 0)
    log.noteSilence(at: limits.silence + 1)
    log.noteSilence(at: limits.gone + 2)
    #expect(
      log.receive(InspectorBatch(app: "B", session: "b", sequence: 1, messages: []), at: 200)
        == .success(0))
    guard
      case .failure(.unknownSession) = log.receive(
        InspectorBatch(app: "A", session: "a", sequence: 2, messages: []), at: 201)
    else {
      Issue.record("a connection let go was taken again")
      return
    }
  }

  @Test("from the page, a jump puts the running shell back, cancels its work, and is marked")
  @MainActor
  func jumpsTheRunningShell() async throws {
    try await withInspector { server, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress(
          "http://127.0.0.1:\(base.port ?? 0)/?token=\(token)"), app: "travel",
        options: .patient)
      let shell = Shell(SignInState()) { command, effects in
        if case .signIn = command {
          // A reply that never comes in this test: the jump must cancel the wait.
          effects.run {
            try? await Task.sleep(for: .seconds(600))
            return .answered(accepted: true)
          }
        }
      }
      inspector.inspect(shell, name: "sign in", timeTravel: .keepLast(10))
      shell.send(.typedName("ada"))
      shell.send(.typedName("ada l"))
      shell.send(.submit)
      #expect(shell.runningWorkCount == 1)
      #expect(await inspector.flush(timeout: .seconds(30)))

      let session = inspector.session
      #expect(try await askJump(base, token: token, session: session, to: 1) == 202)

      // The app's next batch (four a second while a shell travels) brings the jump.
      let deadline = ContinuousClock.now + .seconds(30)
      while shell.state.name != "ada" || shell.state.isLoading {
        guard ContinuousClock.now < deadline else {
          Issue.record("the shell did not jump back within 30 s: \(shell.state)")
          return
        }
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(shell.runningWorkCount == 0)
      #expect(shell.viewModel.name == "ada" && !shell.viewModel.isLoading)
      // Later events start from the state the shell went back to.
      shell.send(.typedName("ada lovelace"))
      #expect(await inspector.flush(timeout: .seconds(30)))
      let journal = try #require(
        await server.snapshot.journals[InspectorLog.ShellKey(session: session, shell: 1)])
      #expect(journal.steps.map(\.index) == [1, 2, 3, 4, 5])
      #expect(journal.steps[3].jumpedTo == 1)
      #expect(journal.steps.map(\.jumpedTo) == [nil, nil, nil, 1, nil])
      // The jump step's view model is the state it went back to: the next diff is from there.
      let detail = try #require(
        try? await server.snapshot.stepDetail(
          of: InspectorLog.ShellKey(session: session, shell: 1), index: 5
        ).get())
      #expect(detail.changes.map(\.path) == ["name"])
      #expect(detail.changes.first?.before == .text("ada"))
      await inspector.disconnect()
    }
  }

  @Test(
    "from the page, a skip recomputes the steps after one without it and says how the screens differ; applied, the shell takes that state"
  )
  @MainActor
  func skipsAStep() async throws {
    try await withInspector { server, base, token in
      let inspector = try await Inspector.connect(
        to: InspectorAddress("http://127.0.0.1:\(base.port ?? 0)/#token=\(token)"), app: "skip",
        options: .patient)
      let shell = Shell(SignInState()) { _, _ in }
      inspector.inspect(shell, name: "sign in", timeTravel: .keepLast(10))
      shell.send(.typedName("ada"))  // 1
      shell.send(.submit)  // 2: loading
      shell.send(.answered(accepted: false))  // 3: wrong password
      shell.send(.typedName("ada l"))  // 4
      #expect(await inspector.flush(timeout: .seconds(30)))
      let session = inspector.session
      let key = InspectorLog.ShellKey(session: session, shell: 1)
      let page = try await openPage(base, token: token)

      func skip(_ index: Int, apply: Bool) async throws -> Int {
        let (status, _) = try await request(
          base, "/api/skip", method: "POST",
          query: [
            "token": token, "shell": "\(session):1", "index": "\(index)",
            "apply": apply ? "1" : "0", "page": "\(page)",
          ])
        return status
      }
      func recomputed(_ index: Int) async -> InspectedRecompute? {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
          let found = await server.snapshot.records.reversed().lazy.compactMap {
            record -> InspectedRecompute? in
            guard case .message(.recomputed(let outcome)) = record.body,
              outcome.skipped == index
            else { return nil }
            return outcome
          }.first
          if let found { return found }
          try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
      }

      // Without the name typed first, the submit finds no name: steps 2 and 3 show other
      // screens; the app's state is left as it is.
      #expect(try await skip(1, apply: false) == 202)
      let preview = try #require(await recomputed(1), "the app never answered the skip")
      #expect(preview.refusal == nil && !preview.applied && preview.recomputed == 3)
      #expect(preview.steps.map(\.index) == [2, 3])
      #expect(preview.steps[0].changes.map(\.path).sorted() == ["error", "isLoading", "name"])
      #expect(shell.state.name == "ada l")
      // Step 4 typed a name over it: the same screen after all.
      #expect(!preview.steps.contains { $0.index == 4 })

      // Applied: the shell takes the state recomputed without the submit (never loading, no
      // error), and the timeline marks it.
      #expect(try await skip(2, apply: true) == 202)
      let applied = try #require(await recomputed(2))
      #expect(applied.applied)
      #expect(shell.state.name == "ada l" && !shell.state.isLoading)
      #expect(await inspector.flush(timeout: .seconds(30)))
      let journal = try #require(await server.snapshot.journals[key])
      #expect(journal.steps.map(\.index) == [1, 2, 3, 4, 5])
      // Its journal replays up to the skip, and says why not past it.
      let exported = InspectorJournal(
        app: "skip", shell: "sign in", initialViewModel: journal.initialViewModel,
        steps: journal.steps)
      do {
        _ = try exported.replayableSteps(through: 5)
        Issue.record("a journal replayed past a skip applied in the app")
      } catch {
        #expect("\(error)".contains("a skip from the page"), "\(error)")
      }
      // A skip of a step the app no longer keeps the state before, or of no step, is refused.
      let refused = try await skip(9, apply: false)
      #expect(refused == 409, "a skip of no step: \(refused)")
      await inspector.disconnect()
    }
  }
}
