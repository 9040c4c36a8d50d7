import Testing
import YaiaChoreography
import YaiaSequencer

@testable import YaiaDemo

@Suite("The splash, as frames")
struct DemoSplashTests {
  static let duration = Duration.milliseconds(400)

  /// The splash drawn as plain text at `ms` milliseconds.
  static func drawn(at ms: Int, ansi: Bool = false) throws -> [String] {
    let splash = try DemoSplash.choreography(over: duration)
    return DemoSplash.lines(
      splash.frame(at: .milliseconds(ms)), title: "Yaia Demo", subtitle: "music on your speakers",
      ansi: ansi)
  }

  static func bar(_ filled: Int) -> String {
    "  [" + String(repeating: "█", count: filled) + String(repeating: "░", count: 24 - filled) + "]"
  }

  @Test("at the start nothing shows but an empty bar")
  func start() throws {
    #expect(try Self.drawn(at: 0) == ["  " + String(repeating: " ", count: 9), Self.bar(0), "  "])
  }

  @Test("the title fades in over 200 ms, eased out: dim at 50 ms, bold from 100 ms")
  func title() throws {
    #expect(try Self.drawn(at: 50, ansi: true)[0] == "  \u{1B}[2mYaia Demo\u{1B}[0m")
    // Eased out, the title is more than two thirds visible at half its time.
    #expect(try Self.drawn(at: 100, ansi: true)[0] == "  \u{1B}[1mYaia Demo\u{1B}[0m")
    #expect(try Self.drawn(at: 100) == ["  Yaia Demo", Self.bar(0), "  "])
  }

  @Test("at 200 ms the title is in, the bar a third full, the subtitle not yet shown")
  func bar() throws {
    #expect(try Self.drawn(at: 200) == ["  Yaia Demo", Self.bar(8), "  "])
    #expect(try Self.drawn(at: 200, ansi: true)[0] == "  \u{1B}[1mYaia Demo\u{1B}[0m")
  }

  @Test("at 300 ms the subtitle slides in from the right while the bar fills")
  func subtitle() throws {
    let lines = try Self.drawn(at: 300)
    #expect(lines[1] == Self.bar(16))
    let indent = lines[2].prefix { $0 == " " }.count - 2
    #expect((1...6).contains(indent), "still sliding: \(indent) columns out")
    #expect(lines[2].hasSuffix("music on your speakers"))
  }

  @Test("at the end, and after it, the last frame: everything in place")
  func end() throws {
    let last = ["  Yaia Demo", Self.bar(24), "  music on your speakers"]
    #expect(try Self.drawn(at: 400) == last)
    #expect(try Self.drawn(at: 900) == last)
  }

  @Test("the subtitle's offset only shrinks and the bar only grows, frame after frame")
  func monotone() throws {
    let splash = try DemoSplash.choreography(over: Self.duration)
    let frames = splash.frames(framesPerSecond: 30)
    #expect(frames.last?.time == Self.duration)
    let fills = frames.map { $0.number("bar", "scale") ?? -1 }
    let offsets = frames.map { $0.number("subtitle", "offset") ?? -1 }
    #expect(zip(fills, fills.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 >= $1 })
  }

  @Test("the launch screen draws the splash's frame above the steps")
  func onTheLaunchScreen() throws {
    var app = try AppFlowTests.app()
    let splash = try DemoSplash.choreography(over: Self.duration)
    _ = app.handle(.note(.splash(splash.frame(at: Self.duration))))
    let text = ScreenText(ansi: false).text(for: app)
    #expect(text.contains("  Yaia Demo\n\(Self.bar(24))\n  music on your speakers\n\nLaunching\n"))
  }
}
