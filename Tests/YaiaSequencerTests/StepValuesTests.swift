import Clocks
import Testing
import YaiaSequencer
import YaiaTesting

// `Language` and `Credentials` are the Designing a Launch article's.

/// The values of the seed's launch, declared once with the step that provides them.
enum SeedValues {
  static let language = StepOutput<SeedStep, Language>("language", of: .fetchConfiguration)
  static let token = StepOutput<SeedStep, String>("token", of: .login)
  static let credentials = UserPrompt<SeedStep, Credentials>("credentials", for: .login)
  static let tutorialDone = UserPrompt<SeedStep, Void>("tutorial done", for: .tutorial)
}

/// What each step of a first run does with values: the configuration provides the language,
/// login asks for credentials and reads the language, the tutorial waits for the user.
private func firstRun(log: Log) -> (SeedStep) -> LaunchStep<SeedStep>.Body {
  { step in
    switch step {
    case .fetchConfiguration:
      return { context in try await context.provide(SeedValues.language, .german) }
    case .login:
      return { context in
        let language = try await context.value(of: SeedValues.language)
        let credentials = try await context.ask(SeedValues.credentials)
        await log.append("login \(credentials.user) in \(language)")
        try await context.provide(SeedValues.token, "token-for-\(credentials.user)")
      }
    case .tutorial:
      return { context in try await context.ask(SeedValues.tutorialDone) }
    case .connectSpeaker:
      return { context in
        await log.append("speaker with \(try await context.value(of: SeedValues.token))")
      }
    default:
      return { _ in }
    }
  }
}

actor Log {
  var lines: [String] = []
  func append(_ line: String) { lines.append(line) }
}

@Suite("Values between steps and interactive steps")
struct StepValuesTests {
  @Test("the language chosen by the configuration step reaches the login step, typed")
  func outputsFlow() async throws {
    let log = Log()
    let launch = Launch(try seedPlan(.firstRun, body: firstRun(log: log)), clock: ImmediateClock())
    await launch.answer(SeedValues.credentials, with: Credentials(user: "ada", password: "pw"))
    await launch.answer(SeedValues.tutorialDone, with: ())
    let report = await launch.run()
    #expect(report.outcome == .completed)
    #expect(await log.lines == ["login ada in german", "speaker with token-for-ada"])
  }

  @Test("an interactive step waits for the coordinator's answer, announced by an event")
  func interactiveStep() async throws {
    let log = Log()
    let launch = Launch(try seedPlan(.firstRun, body: firstRun(log: log)), clock: ImmediateClock())
    let run = Task { await launch.run() }
    // The coordinator, in a task of its own so that the test's wait for it is bounded.
    let coordinator = Task { () -> [String] in
      var answered: [String] = []
      for await event in launch.events {
        guard case .waitingForUser(let prompt) = event.kind else { continue }
        answered.append("\(event.step): \(prompt)")
        switch event.step {
        case .login:
          await launch.answer(SeedValues.credentials, with: Credentials(user: "bo", password: "pw"))
        case .tutorial: await launch.answer(SeedValues.tutorialDone, with: ())
        default: Issue.record("unexpected prompt from \(event.step)")
        }
      }
      return answered
    }
    let answered = await value(of: coordinator, timeout: .seconds(30))
    let report = try #require(await value(of: run))
    #expect(answered == ["login: credentials", "tutorial: tutorial done"])
    #expect(report.outcome == .completed)
    #expect(await log.lines.first == "login bo in german")
  }

  @Test("an abort while a step waits for the user cancels the wait and ends the launch")
  func abortWhileWaiting() async throws {
    let gate = AsyncStream.makeStream(of: Void.self)
    let plan = try LaunchPlan {
      LaunchStep(SeedStep.login, needsUserInput: true) { context in
        _ = try await context.ask(SeedValues.credentials)
      }
      LaunchStep(SeedStep.forceUpdate) { _ in
        for await _ in gate.stream { break }
        throw LaunchAbortError("update required")
      }
    }
    let launch = Launch(plan, clock: ImmediateClock())
    let run = Task { await launch.run() }
    let coordinator = Task {
      for await event in launch.events
      where event.kind == .waitingForUser(SeedValues.credentials.key) {
        gate.continuation.yield()
      }
    }
    _ = await value(of: coordinator, timeout: .seconds(30))
    let report = try #require(await value(of: run))
    #expect(report.outcome == .aborted(by: .forceUpdate, reason: "update required"))
    #expect(report.outcome(of: .login) == .cancelled)
  }

  @Test(
    "every step of a 20,000-step chain reads the first step's output without walking the chain each time"
  )
  func longChainReads() async throws {
    let count = 20_000
    let root = StepOutput<Int, Int>("seed", of: 0)
    var steps = [LaunchStep<Int>(0) { context in try await context.provide(root, 42) }]
    for index in 1..<count {
      steps.append(
        LaunchStep(index, after: [index - 1]) { context in
          guard try await context.value(of: root) == 42 else { throw CancellationError() }
        })
    }
    let plan = try LaunchPlan(steps)
    let report = try #require(
      await value(
        of: Task { await Launch(plan, clock: ImmediateClock()).run() }, timeout: .seconds(300)))
    #expect(report.spans.allSatisfy { $0.outcome == .finished })
    // Walking the chain on each read took 14 s in release (minutes in debug); how fast it is
    // now is the benchmark's to say (`yaia-bench sequencer`), not a timed test's.
  }

  @Test("upstream checks see through branches, and refuse steps that do not wait")
  func upstreamBranches() async throws {
    let root = StepOutput<String, Int>("n", of: "a")
    let plan = try LaunchPlan([
      LaunchStep("a") { context in try await context.provide(root, 1) },
      LaunchStep("b", after: ["a"]) { _ in },
      LaunchStep("side") { _ in },
      LaunchStep("c", after: ["side", "b"]) { context in _ = try await context.value(of: root) },
      LaunchStep("d", after: ["side"]) { context in _ = try await context.value(of: root) },
    ])
    let report = await Launch(plan, clock: ImmediateClock()).run()
    #expect(report.outcome(of: "c") == .finished)
    #expect(
      report.outcome(of: "d")
        == .failed(
          StepError(StepValueError<String>.notUpstream(reader: "d", output: "n", provider: "a"))))
  }

  @Test("reading an output of a step this one does not wait for fails with a typed error")
  func notUpstream() async throws {
    let plan = try LaunchPlan {
      LaunchStep(SeedStep.fetchConfiguration) { context in
        try await context.provide(SeedValues.language, .english)
      }
      LaunchStep(SeedStep.login) { context in _ = try await context.value(of: SeedValues.language) }
    }
    let report = await Launch(plan, clock: ImmediateClock()).run()
    let expected = StepValueError<SeedStep>.notUpstream(
      reader: .login, output: "language", provider: .fetchConfiguration)
    #expect(report.outcome(of: .login) == .failed(StepError(expected)))
    #expect(
      expected.description
        == "Step 'login' reads 'language' of 'fetchConfiguration' but does not wait for 'fetchConfiguration'. Add 'fetchConfiguration' to the dependencies of 'login'."
    )
  }

  @Test("reading an output its optional provider never provided fails with a typed error")
  func notProvided() async throws {
    struct Offline: Error {}
    let plan = try LaunchPlan {
      LaunchStep(SeedStep.fetchConfiguration, optional: true) { _ in throw Offline() }
      LaunchStep(SeedStep.login, after: [.fetchConfiguration]) { context in
        _ = try await context.value(of: SeedValues.language)
      }
    }
    let report = await Launch(plan, clock: ImmediateClock()).run()
    #expect(
      report.outcome(of: .login)
        == .failed(
          StepError(
            StepValueError<SeedStep>.notProvided(
              reader: .login, output: "language", provider: .fetchConfiguration))))
  }

  @Test("a step cannot provide another step's output nor ask its prompt")
  func notOwner() async throws {
    let plan = try LaunchPlan {
      LaunchStep(SeedStep.login) { context in
        try await context.provide(SeedValues.language, .english)
      }
      LaunchStep(SeedStep.tutorial) { context in _ = try await context.ask(SeedValues.credentials) }
    }
    let report = await Launch(plan, clock: ImmediateClock()).run()
    #expect(
      report.outcome(of: .login)
        == .failed(
          StepError(
            StepValueError<SeedStep>.notOwner(
              step: .login, name: "language", owner: .fetchConfiguration))))
    #expect(
      report.outcome(of: .tutorial)
        == .failed(
          StepError(
            StepValueError<SeedStep>.notOwner(step: .tutorial, name: "credentials", owner: .login)))
    )
  }
}
