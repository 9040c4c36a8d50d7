import Foundation
import Testing
import YaiaChoreography
import YaiaTesting

@Suite("Choreographies as values")
struct ChoreographyTests {
  static func splash() throws -> Choreography {
    try Choreography.over(.milliseconds(400))
      .element("title").from(0).lasting(0.5).easeOut().fading(from: 0, to: 1)
      .element("bar").from(0.25).lasting(0.75).filling()
      .element("subtitle").from(0.5).lasting(0.5).easeOut().sliding(fromX: 12)
      .build()
  }

  @Test("the builder reads like the description and builds the same value as the tracks")
  func builder() throws {
    let explicit = try Choreography(
      total: .milliseconds(400),
      tracks: [
        Track(
          "title", start: .fraction(0), duration: .fraction(0.5), curve: .easeOut,
          properties: [.opacity(from: 0, to: 1)]),
        Track(
          "bar", start: .fraction(0.25), duration: .fraction(0.75),
          properties: [.scale(from: 0, to: 1)]),
        Track(
          "subtitle", start: .fraction(0.5), duration: .fraction(0.5), curve: .easeOut,
          properties: [.offset(from: AnimatedPoint(x: 12, y: 0), to: AnimatedPoint(x: 0, y: 0))]),
      ])
    #expect(try Self.splash() == explicit)
  }

  @Test("building checks the total and every track, naming the track")
  func validation() {
    func error(_ build: () throws -> Choreography) -> ChoreographyError? {
      do {
        _ = try build()
        return nil
      } catch {
        return error as? ChoreographyError
      }
    }
    #expect(error { try Choreography.over(.zero).element("a").build() } == .zeroTotal)
    #expect(
      error { try Choreography.over(.seconds(Int64.max)).element("a").build() }
        == .totalTooLong(.seconds(Int64.max), longest: .seconds(3_600)))
    #expect(
      error { try Choreography.over(.seconds(1)).element("a").at(.milliseconds(-1)).build() }
        == .negativeStart(element: "a"))
    #expect(
      error { try Choreography.over(.seconds(1)).element("a").from(0.5).lasting(0.6).build() }
        == .endsAfterTotal(element: "a", end: .seconds(1.1), total: .seconds(1)))
    #expect(
      error { try Choreography.over(.seconds(1)).element("a").element("a").build() }
        == .duplicateElement("a"))
    #expect(
      error { try Choreography.over(.seconds(1)).element("a").lasting(0).build() }
        == .emptyDuration(element: "a"))
    #expect(
      error {
        try Choreography.over(.seconds(1)).element("a")
          .curve(.cubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1)).build()
      } == .invalidCurve(element: "a"))
    #expect(
      error {
        try Choreography.over(.seconds(1)).element("a").fading(from: 0, to: .infinity).build()
      }
        == .invalidValue(element: "a", property: "opacity"))
  }

  @Test(
    "progress is exactly 0 before a track starts and 1 after it ends; active tracks are those under way"
  )
  func queries() throws {
    let splash = try Self.splash()
    #expect(splash.progress(at: .zero) == ["title": 0, "bar": 0, "subtitle": 0])
    #expect(splash.progress(at: .milliseconds(100))["bar"] == 0)
    #expect(splash.progress(at: .milliseconds(200))["title"] == 1)
    #expect(splash.progress(at: .milliseconds(400)) == ["title": 1, "bar": 1, "subtitle": 1])
    #expect(splash.progress(at: .seconds(9)) == ["title": 1, "bar": 1, "subtitle": 1])
    #expect(splash.activeTracks(at: .milliseconds(50)) == ["title"])
    #expect(splash.activeTracks(at: .milliseconds(250)) == ["bar", "subtitle"])
    #expect(splash.activeTracks(at: .milliseconds(400)).isEmpty)
    // The bar is linear: halfway through its span, half full.
    let middle = splash.frame(at: .milliseconds(250))
    #expect(abs((middle.number("bar", "scale") ?? 0) - 0.5) < 1e-9)
  }

  @Test("frames start at zero, come at the frame rate, and end exactly at the total")
  func frames() throws {
    let frames = try Self.splash().frames(framesPerSecond: 30)
    #expect(frames.first?.time == .zero)
    #expect(frames.last?.time == .milliseconds(400))
    #expect(frames.count == 13)  // 0, 1/30 … 11/30 (0.367 s), then 0.4 s
    #expect(frames.last?.number("bar", "scale") == 1)
    #expect(frames.first?.number("title", "opacity") == 0)
  }

  @Test("frame times rise strictly to exactly the total, whatever the total and the rate")
  func frameTimes() throws {
    for milliseconds in [1, 7, 100, 333, 400, 700, 1_001, 2_075, 2_500, 4_150] {
      for rate in [-5, 1, 24, 30, 60, 120, 240, 1_000] {
        let choreography = try Choreography.over(.milliseconds(milliseconds)).element("a").build()
        let times = choreography.frameTimes(framesPerSecond: rate)
        #expect(times.first == .zero)
        #expect(times.last == .milliseconds(milliseconds))
        #expect(
          zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(milliseconds) ms at \(rate)")
        let interval = Duration.seconds(1) / min(240, max(1, rate))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 <= interval + .nanoseconds(1) })
      }
    }
    // The longest total, at one frame a second: a frame a second and the last at the hour.
    let hour = try Choreography.over(Choreography.longestTotal).element("a").build()
    #expect(hour.frameTimes(framesPerSecond: 1).count == 3_601)
  }

  @Test("keyframes start at 0, end at exactly 1, and each lasts until the next")
  func keyframes() throws {
    for milliseconds in [7, 400, 2_075] {
      let choreography = try Choreography.over(.milliseconds(milliseconds)).element("a").build()
      let keyframes = choreography.keyframes(framesPerSecond: 60)
      #expect(keyframes.map(\.frame) == choreography.frames(framesPerSecond: 60))
      #expect(keyframes.first?.relativeStart == 0)
      #expect(keyframes.last?.relativeStart == 1)
      #expect(keyframes.last?.relativeDuration == 0)
      for (keyframe, next) in zip(keyframes, keyframes.dropFirst()) {
        #expect(keyframe.relativeStart < next.relativeStart)
        #expect(
          abs(keyframe.relativeStart + keyframe.relativeDuration - next.relativeStart) < 1e-12)
      }
    }
  }

  @Test("an element's appearance: opacity (clamped), offset and scale, nil where not animated")
  func appearance() throws {
    let bounce = TimingCurve.cubicBezier(x1: 0.3, y1: 1.8, x2: 0.7, y2: 1.8)
    let choreography = try Choreography.over(.seconds(1))
      .element("title").curve(bounce).fading(from: 0, to: 1)
      .element("subtitle").sliding(fromX: 12, y: 4)
      .element("bar").filling()
      .build()
    let middle = choreography.frame(at: .milliseconds(500))
    // The bounce overshoots: the opacity asked for is above 1, the appearance's is 1.
    #expect((middle.number("title", "opacity") ?? 0) > 1)
    #expect(middle.appearance(of: "title") == ElementAppearance(opacity: 1))
    #expect(
      middle.appearance(of: "subtitle") == ElementAppearance(offset: AnimatedPoint(x: 6, y: 2)))
    #expect(middle.appearance(of: "bar") == ElementAppearance(scale: 0.5))
    #expect(middle.appearance(of: "nothing") == ElementAppearance())
  }

  @Test("progress is monotone for monotone curves, for every curve and many random Béziers")
  func monotone() throws {
    var random = SeededGenerator(seed: 42)
    var curves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]
    for _ in 0..<200 {
      curves.append(
        .cubicBezier(
          x1: .random(in: 0...1, using: &random), y1: .random(in: 0...1, using: &random),
          x2: .random(in: 0...1, using: &random), y2: .random(in: 0...1, using: &random)))
    }
    for curve in curves {
      let choreography = try Choreography.over(.seconds(1)).element("a").from(0.1).lasting(0.8)
        .curve(curve).build()
      var last = -1.0
      for step in 0...500 {
        let progress = choreography.progress(at: .milliseconds(step * 2))["a"] ?? -1
        #expect(progress >= last - 1e-12, "\(curve) at \(step * 2) ms")
        last = progress
      }
      #expect(choreography.progress(at: .milliseconds(100))["a"] == 0)
      #expect(choreography.progress(at: .milliseconds(900))["a"] == 1)
    }
  }

  @Test("the Bézier solver agrees with a reference (bisection on the curve) within 1e-6")
  func bezierReference() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let (x1, y1, x2, y2) = (
        Double.random(in: 0...1, using: &random), Double.random(in: -0.5...1.5, using: &random),
        Double.random(in: 0...1, using: &random), Double.random(in: -0.5...1.5, using: &random)
      )
      let curve = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
      for step in 1..<50 {
        let x = Double(step) / 50
        #expect(abs(curve.value(at: x) - Self.reference(x, x1, y1, x2, y2)) < 1e-6)
      }
    }
  }

  /// The curve's y at `x`, by plain bisection on its x: slow, simple, independent.
  static func reference(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> Double
  {
    func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return coordinate((low + high) / 2, y1, y2)
  }

  @Test("any Interpolable value can be animated")
  func interpolable() throws {
    struct Color: Interpolable {
      var red: Double
      func interpolated(to other: Color, by fraction: Double) -> Color {
        Color(red: red + (other.red - red) * fraction)
      }
    }
    let choreography = try Choreography.over(.seconds(1)).element("dot")
      .animating(.animate("color", from: Color(red: 0), to: Color(red: 1))).build()
    let halfway = choreography.frame(at: .milliseconds(500)).values["dot"]?["color"]
    #expect(halfway == .other(InterpolatedValue(Color(red: 0.5))))
  }
}

@Suite("The player")
struct ChoreographyPlayerTests {
  /// Time moves only once the player sleeps: the test waits (bounded) for it before each
  /// step, so no advance can land before the player has read the clock.
  @Test("on the test clock its frames are the same every run, and the last is at the total")
  func deterministic() async throws {
    for _ in 0..<2 {
      let clock = TestClock()
      let player = ChoreographyPlayer(framesPerSecond: 10, clock: clock)
      let seen = Frames()
      let splash = try ChoreographyTests.splash()
      let playing = Task { try await player.play(splash) { seen.add($0) } }
      for step in 1...4 {
        guard await clock.sleepers(1) else { break }
        #expect(seen.all.count == step, "the frame at 0 at once, then one per advance")
        await clock.advance(by: .milliseconds(100))
      }
      try await value(of: playing, timeout: .seconds(30))
      let frames = seen.all
      #expect(frames.map(\.time) == [0, 100, 200, 300, 400].map { Duration.milliseconds($0) })
      #expect(frames == splash.frames(framesPerSecond: 10))
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test("cancelling stops it between frames")
  func cancel() async throws {
    let clock = TestClock()
    let player = ChoreographyPlayer(framesPerSecond: 10, clock: clock)
    let seen = Frames()
    let splash = try ChoreographyTests.splash()
    let playing = Task { try await player.play(splash) { seen.add($0) } }
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(100))
    await clock.sleepers(1)
    playing.cancel()
    await #expect(throws: CancellationError.self) {
      try await value(of: playing, timeout: .seconds(30))
    }
    #expect(seen.all.map(\.time) == [.zero, .milliseconds(100)])
  }
}

/// Frames a player rendered, collected across its task.
final class Frames: @unchecked Sendable {
  // `@unchecked Sendable`: `frames` is only touched inside `lock`.
  private let lock = NSLock()
  private var frames: [ChoreographyFrame] = []
  func add(_ frame: ChoreographyFrame) { lock.withLock { frames.append(frame) } }
  var all: [ChoreographyFrame] { lock.withLock { frames } }
}
