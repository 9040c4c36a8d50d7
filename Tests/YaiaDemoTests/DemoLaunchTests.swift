import Testing
import YaiaSequencer

@testable import YaiaCLI
@testable import YaiaDemo

@Suite("The sample app's launch graph")
struct DemoLaunchTests {
  @Test("a regular launch starts five steps at once; the tutorial waits for the splash and login")
  func regular() throws {
    let plan = try DemoLaunch.plan(.regular)
    #expect(
      plan.waves == [
        [.presentSplash, .forceUpdate, .fetchConfiguration, .login, .connectSpeaker], [.tutorial],
      ])
    #expect(plan.dependencies(of: .tutorial) == [.presentSplash, .login])
  }

  @Test(
    "a first run serialises configuration, login, tutorial and the first speaker after the splash")
  func firstRun() throws {
    let plan = try DemoLaunch.plan(.firstRun)
    #expect(
      plan.waves == [
        [.presentSplash, .forceUpdate], [.fetchConfiguration], [.login], [.tutorial],
        [.connectSpeaker],
      ])
  }

  @Test("a push launch shows the push where the tutorial was")
  func push() throws {
    let plan = try DemoLaunch.plan(.push(message: "New album"))
    #expect(plan.waves.last == [.presentPush])
    #expect(plan.step(.tutorial) == nil)
  }

  @Test("yaia graph prints the waves and critical path as text, and the graph as Mermaid and DOT")
  func graphCommand() throws {
    let text = try GraphCommand.render(.firstRun, format: .text)
    #expect(
      text.hasPrefix(
        "Launch first-run: 6 steps in 5 waves\nwave 1: presentSplash, forceUpdate (timeout 5 s)\n"))
    #expect(
      text.contains(
        "critical path: presentSplash -> fetchConfiguration -> login -> tutorial -> connectSpeaker")
    )
    let mermaid = try GraphCommand.render(.regular, format: .mermaid)
    #expect(mermaid.hasPrefix("flowchart TD\n"))
    #expect(mermaid.contains("s5([\"tutorial\"])"))
    let dot = try GraphCommand.render(.push, format: .dot)
    #expect(dot.hasPrefix("digraph \"launch-push\" {"))
    // connectSpeaker is optional, but nothing waits for it: no dashed arrow.
    #expect(dot.contains("[style=dashed]") == false)
  }
}
