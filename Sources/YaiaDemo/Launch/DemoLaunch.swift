package import YaiaSequencer

/// The steps of the sample app's launch, from the seed article's music app that plays on a
/// Bluetooth speaker.
package enum DemoStep: String, Codable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Show the animated splash; other steps that need the screen wait for it.
  case presentSplash
  /// Ask the server whether this version may run; an update required aborts the launch.
  case forceUpdate
  /// Fetch the country and language (on a first run, may ask the user).
  case fetchConfiguration
  /// Log in with the stored token, or show the login screen.
  case login
  /// Show the tutorial (first run, or a new version).
  case tutorial
  /// Reconnect the last speaker, or run the pairing assistant.
  case connectSpeaker
  /// Show the push notification the app was launched from.
  case presentPush

  /// The step's name as in the seed: `presentSplash`.
  package var description: String { rawValue }
}

/// Which launch this is: what the app already knows decides which steps can run together.
package enum DemoScenario: Hashable, Sendable {
  /// Country, login token and last speaker known: five steps start at once.
  case regular
  /// Nothing known yet: configuration, login, tutorial and the first speaker one after another.
  case firstRun
  /// A regular launch from a push notification: its message replaces the tutorial.
  case push(message: String)
}

/// The work of each step, injected, so the same graph serves the app (steps that call the
/// mock server and the store), its tests, and `yaia graph` (steps that do nothing).
package struct DemoLaunchSteps: Sendable {
  /// The body of each step; a missing step does nothing.
  var bodies: [DemoStep: LaunchStep<DemoStep>.Body]

  /// Steps with these bodies.
  init(_ bodies: [DemoStep: LaunchStep<DemoStep>.Body] = [:]) {
    self.bodies = bodies
  }

  /// Steps that do nothing: for drawing and checking the graph.
  package static let inert = DemoLaunchSteps()

  func body(_ step: DemoStep) -> LaunchStep<DemoStep>.Body {
    bodies[step] ?? { _ in }
  }
}

/// The sample app's launch plans, one per scenario.
package enum DemoLaunch {
  /// The plan for `scenario`, each step running its body from `steps`.
  package static func plan(
    _ scenario: DemoScenario, steps: DemoLaunchSteps = .inert
  ) throws(LaunchPlanError<DemoStep>) -> LaunchPlan<DemoStep> {
    try LaunchPlan {
      LaunchStep(.presentSplash, body: steps.body(.presentSplash))
      LaunchStep(.forceUpdate, timeout: .seconds(5), body: steps.body(.forceUpdate))
      switch scenario {
      case .firstRun:
        LaunchStep(
          .fetchConfiguration, after: [.presentSplash], needsUserInput: true,
          body: steps.body(.fetchConfiguration))
        LaunchStep(
          .login, after: [.fetchConfiguration], needsUserInput: true, body: steps.body(.login))
        LaunchStep(.tutorial, after: [.login], needsUserInput: true, body: steps.body(.tutorial))
        LaunchStep(
          .connectSpeaker, after: [.tutorial], needsUserInput: true,
          body: steps.body(.connectSpeaker))
      case .regular, .push:
        LaunchStep(.fetchConfiguration, timeout: .seconds(5), body: steps.body(.fetchConfiguration))
        // Auto-login with the saved login; without one (or if it is refused), the login screen.
        LaunchStep(.login, needsUserInput: true, body: steps.body(.login))
        LaunchStep(.connectSpeaker, optional: true, body: steps.body(.connectSpeaker))
        if case .push = scenario {
          LaunchStep(.presentPush, after: [.presentSplash, .login], body: steps.body(.presentPush))
        } else {
          LaunchStep(
            .tutorial, after: [.presentSplash, .login], needsUserInput: true,
            body: steps.body(.tutorial))
        }
      }
    }
  }
}
