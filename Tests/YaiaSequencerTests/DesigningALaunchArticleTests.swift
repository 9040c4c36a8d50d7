import Testing
import YaiaSequencer

// The "Designing a Launch" article's blocks, as written there, with only public API.

enum Language: String, Sendable { case english, german }

struct Credentials: Equatable, Sendable {
  var user: String
  var password: String
}

enum LaunchStepID: Hashable, Sendable {
  case presentSplash, forceUpdate, fetchConfiguration, login, tutorial, connectSpeaker,
    presentPush
}

enum Values {
  static let language = StepOutput<LaunchStepID, Language>("language", of: .fetchConfiguration)
  static let credentials = UserPrompt<LaunchStepID, Credentials>("credentials", for: .login)
}

/// The app's services, as the launch's steps see them: stand-ins that do nothing.
struct Splash: Sendable { func present() async {} }
struct API: Sendable { func isUpdateRequired() async throws -> Bool { false } }
struct Session: Sendable {
  func login(_ credentials: Credentials, language: Language) async throws {}
}

/// The app's navigation, as the launch's watcher sees it: here it answers the login at once.
struct Coordinator: Sendable {
  func showLogin(_ answer: @escaping @Sendable (Credentials) -> Void) {
    answer(Credentials(user: "ada", password: "swordfish"))
  }
  func showUpdate(_ reason: String) {}
}

enum Scenario { case firstRun, regular, push }

func plan(
  _ scenario: Scenario, splash: Splash = Splash(), api: API = API(), session: Session = Session()
) throws -> LaunchPlan<LaunchStepID> {
  try LaunchPlan {
    LaunchStep(.presentSplash) { _ in await splash.present() }
    LaunchStep(.forceUpdate) { _ in
      if try await api.isUpdateRequired() { throw LaunchAbortError("update required") }
    }
    switch scenario {
    case .firstRun:
      LaunchStep(.fetchConfiguration, after: [.presentSplash], needsUserInput: true) { context in
        try await context.provide(Values.language, .german)
      }
      LaunchStep(.login, after: [.fetchConfiguration], needsUserInput: true) { context in
        let language = try await context.value(of: Values.language)
        let credentials = try await context.ask(Values.credentials)
        try await session.login(credentials, language: language)
      }
      LaunchStep(.tutorial, after: [.login], needsUserInput: true) { _ in }
      LaunchStep(.connectSpeaker, after: [.tutorial], needsUserInput: true) { _ in }
    case .regular, .push:
      LaunchStep(.fetchConfiguration) { _ in }
      LaunchStep(.login) { _ in }
      LaunchStep(.connectSpeaker) { _ in }
      if case .push = scenario {
        LaunchStep(.presentPush, after: [.presentSplash]) { _ in }
      } else {
        LaunchStep(.tutorial, after: [.presentSplash]) { _ in }
      }
    }
  }
}

@Suite("The Designing a Launch article")
struct DesigningALaunchArticle {
  @Test func regularLaunchStartsFiveSteps() throws {
    #expect(try plan(.regular).waves.first?.count == 5)
  }

  @Test("run it: the watcher answers the login, the report ends the launch")
  func runIt() async throws {
    let coordinator = Coordinator()
    let launch = Launch(try plan(.firstRun), clock: ContinuousClock(), budget: .seconds(3))
    Task {
      for await event in launch.events {
        if case .waitingForUser = event.kind, event.step == .login {
          coordinator.showLogin { credentials in
            Task { await launch.answer(Values.credentials, with: credentials) }
          }
        }
      }
    }
    let report = await launch.run()
    print(report.gantt())
    if case .aborted(by: .forceUpdate, let reason) = report.outcome {
      coordinator.showUpdate(reason)
    }
    #expect(report.outcome == .completed)
  }
}
