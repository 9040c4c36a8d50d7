import Testing
import YaiaSequencer

private func step(_ id: String, after dependencies: [String] = []) -> LaunchStep<String> {
  LaunchStep(id, after: dependencies) { _ in }
}

@Suite("Launch plan validation")
struct PlanValidationTests {
  @Test("a cycle is reported with its full path")
  func cycle() {
    #expect(throws: LaunchPlanError.cycle(["login", "tutorial", "login"])) {
      try LaunchPlan([
        step("splash"), step("login", after: ["splash", "tutorial"]),
        step("tutorial", after: ["login"]),
      ])
    }
  }

  @Test("the cycle message names every step on it and says what to do")
  func cycleMessage() {
    let error = LaunchPlanError.cycle(["login", "tutorial", "login"])
    #expect(
      error.description
        == "Cycle in launch plan: login -> tutorial -> login (each step waits for the next). Remove one of these dependencies."
    )
  }

  @Test("a longer cycle behind other steps is found, path and all")
  func longerCycle() {
    #expect(throws: LaunchPlanError.cycle(["b", "c", "d", "b"])) {
      try LaunchPlan([
        step("a"), step("b", after: ["a", "c"]), step("c", after: ["d"]), step("d", after: ["b"]),
        step("e", after: ["d"]),
      ])
    }
  }

  @Test("a step that waits for itself is a cycle")
  func selfCycle() {
    #expect(throws: LaunchPlanError.cycle(["splash", "splash"])) {
      try LaunchPlan([step("splash", after: ["splash"])])
    }
  }

  @Test("a dependency on a step not in the plan names both steps")
  func missingDependency() throws {
    let error = #expect(throws: LaunchPlanError<String>.self) {
      try LaunchPlan([step("login", after: ["fetchConfiguration"])])
    }
    #expect(error == .missingDependency(step: "login", dependency: "fetchConfiguration"))
    #expect(
      error?.description.contains(
        "'login' waits for 'fetchConfiguration', which is not in the plan") == true)
  }

  @Test("a timeout of zero or below is refused, naming the step", arguments: [0, -5])
  func invalidTimeout(_ milliseconds: Int) {
    let error = #expect(throws: LaunchPlanError<String>.self) {
      try LaunchPlan([LaunchStep("login", timeout: .milliseconds(milliseconds)) { _ in }])
    }
    #expect(error == .invalidTimeout(step: "login", timeout: .milliseconds(milliseconds)))
    #expect(error?.description.contains("'login' may run for") == true)
  }

  @Test("a duplicate id is named")
  func duplicate() throws {
    let error = #expect(throws: LaunchPlanError<String>.self) {
      try LaunchPlan([step("splash"), step("login"), step("splash")])
    }
    #expect(error == .duplicateStep("splash"))
    #expect(error?.description.contains("'splash' appears more than once") == true)
  }

  @Test("a dependency listed twice counts once")
  func dependencyListedTwice() throws {
    let plan = try LaunchPlan([step("a"), step("b", after: ["a", "a"])])
    #expect(plan.dependencies(of: "b") == ["a"])
    #expect(plan.dependents(of: "a") == ["b"])
  }

  @Test("an empty plan is valid and has no waves")
  func emptyPlan() throws {
    let plan = try LaunchPlan<String>([])
    #expect(plan.waves.isEmpty)
    #expect(plan.criticalPath().isEmpty)
  }

  @Test("a cycle at the end of a chain of 10,000 steps is found without deep recursion")
  func deepCycle() {
    var steps = [step("s0", after: ["s9999"])]
    for index in 1..<10_000 { steps.append(step("s\(index)", after: ["s\(index - 1)"])) }
    let error = #expect(throws: LaunchPlanError<String>.self) { try LaunchPlan(steps) }
    guard case .cycle(let path) = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.count == 10_001)
    #expect(path.first == path.last)
  }
}

@Suite("Launch plan questions")
struct PlanQuestionTests {
  let plan: LaunchPlan<String>

  init() throws {
    plan = try LaunchPlan {
      LaunchStep("splash") { _ in }
      LaunchStep("update") { _ in }
      LaunchStep("config", after: ["splash"]) { _ in }
      LaunchStep("login", after: ["config"], needsUserInput: true) { _ in }
      LaunchStep("speaker", after: ["config"]) { _ in }
      LaunchStep("home", after: ["login", "speaker", "update"]) { _ in }
    }
  }

  @Test("dependencies and dependents of a step, and nil for an unknown step")
  func dependencies() {
    #expect(plan.dependencies(of: "home") == ["login", "speaker", "update"])
    #expect(plan.dependents(of: "config") == ["login", "speaker"])
    #expect(plan.dependencies(of: "nope") == nil)
    #expect(plan.isUpstream("splash", of: "home"))
    #expect(!plan.isUpstream("home", of: "splash"))
  }

  @Test("waves group the steps that can run together, in declared order")
  func waves() {
    #expect(plan.waves == [["splash", "update"], ["config"], ["login", "speaker"], ["home"]])
  }

  @Test("with no estimates, the critical path is the longest chain")
  func criticalPathByLength() {
    #expect(plan.criticalPath() == ["splash", "config", "login", "home"])
  }

  @Test("with estimates, the critical path is the slowest chain")
  func criticalPathByEstimates() {
    let estimates: [String: Duration] = [
      "splash": .milliseconds(300), "config": .milliseconds(200), "login": .milliseconds(100),
      "speaker": .milliseconds(900), "update": .milliseconds(700), "home": .milliseconds(50),
    ]
    #expect(plan.criticalPath(estimates: estimates) == ["splash", "config", "speaker", "home"])
    #expect(plan.estimatedLaunchTime(estimates: estimates) == .milliseconds(1_450))
  }

  @Test("estimated launch time leaves out steps that wait for the user")
  func estimateSkipsUserInput() {
    let estimates: [String: Duration] = [
      "splash": .seconds(1), "config": .seconds(1), "login": .seconds(30), "home": .seconds(1),
    ]
    #expect(plan.estimatedLaunchTime(estimates: estimates) == .seconds(3))
  }
}

@Suite("The seed's three launch scenarios")
struct SeedScenarioTests {
  @Test("a regular launch starts five steps in its first wave")
  func regular() throws {
    let plan = try seedPlan(.regular)
    #expect(
      plan.waves == [
        [.presentSplash, .forceUpdate, .fetchConfiguration, .login, .connectSpeaker],
        [.tutorial],
      ])
  }

  @Test(
    "a first run serialises login, tutorial and the first speaker after configuration, which waits for the splash"
  )
  func firstRun() throws {
    let plan = try seedPlan(.firstRun)
    #expect(
      plan.waves == [
        [.presentSplash, .forceUpdate], [.fetchConfiguration], [.login], [.tutorial],
        [.connectSpeaker],
      ])
    #expect(plan.dependencies(of: .fetchConfiguration) == [.presentSplash])
  }

  @Test("a push launch presents the push information where the tutorial was")
  func push() throws {
    let plan = try seedPlan(.push(message: "New album"))
    #expect(
      plan.waves == [
        [.presentSplash, .forceUpdate, .fetchConfiguration, .login, .connectSpeaker],
        [.presentPush],
      ])
    #expect(plan.step(.tutorial) == nil)
  }

  @Test("the force-update check waits for nothing in every scenario")
  func forceUpdateFirst() throws {
    for scenario in [SeedScenario.firstRun, .regular, .push(message: "")] {
      #expect(try seedPlan(scenario).dependencies(of: .forceUpdate) == [])
    }
  }
}
