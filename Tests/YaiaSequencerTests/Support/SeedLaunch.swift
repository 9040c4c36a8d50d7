import YaiaSequencer

/// The launch from the seed article "Design iOS app start up sequence": a music app that
/// connects to a Bluetooth speaker.
enum SeedStep: String, Hashable, Sendable, CustomStringConvertible {
  case presentSplash, forceUpdate, fetchConfiguration, login, tutorial, connectSpeaker, presentPush
  var description: String { rawValue }
}

enum SeedScenario {
  /// Nothing known yet: configuration, login, tutorial and the first speaker all need the user.
  case firstRun
  /// Country, login token and last speaker known: five steps start at once.
  case regular
  /// As regular, launched from a push notification: its information replaces the tutorial.
  case push(message: String)
}

/// The seed's plan for `scenario`, each step running `body(step)`.
func seedPlan(
  _ scenario: SeedScenario,
  body: (SeedStep) -> LaunchStep<SeedStep>.Body = { _ in { _ in } }
) throws -> LaunchPlan<SeedStep> {
  try LaunchPlan {
    LaunchStep(.presentSplash, body: body(.presentSplash))
    LaunchStep(.forceUpdate, body: body(.forceUpdate))
    switch scenario {
    case .firstRun:
      // Configuration may ask for a language, so it waits for the splash to own the screen;
      // the rest need the user one after another.
      LaunchStep(
        .fetchConfiguration, after: [.presentSplash], needsUserInput: true,
        body: body(.fetchConfiguration))
      LaunchStep(.login, after: [.fetchConfiguration], needsUserInput: true, body: body(.login))
      LaunchStep(.tutorial, after: [.login], needsUserInput: true, body: body(.tutorial))
      LaunchStep(
        .connectSpeaker, after: [.tutorial], needsUserInput: true, body: body(.connectSpeaker))
    case .regular, .push:
      LaunchStep(.fetchConfiguration, body: body(.fetchConfiguration))
      LaunchStep(.login, body: body(.login))
      LaunchStep(.connectSpeaker, body: body(.connectSpeaker))
      if case .push = scenario {
        LaunchStep(.presentPush, after: [.presentSplash], body: body(.presentPush))
      } else {
        LaunchStep(.tutorial, after: [.presentSplash], needsUserInput: true, body: body(.tutorial))
      }
    }
  }
}
