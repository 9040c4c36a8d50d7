import Testing

@testable import Yaia

@Suite("DurationText: the one way Yaia's parts read and write durations")
struct DurationTextTests {
  @Test(
    "reads ms and s, with or without a space, up to the limit",
    arguments: [
      ("300ms", Duration.milliseconds(300)), ("1.5s", .milliseconds(1500)), (" 2 s ", .seconds(2)),
      ("0ms", .zero), ("1e3ms", .seconds(1)), ("0.25ms", .microseconds(250)),
    ])
  func parses(text: String, expected: Duration) {
    #expect(DurationText.parse(text, atMost: .seconds(3600)) == .success(expected))
  }

  @Test(
    "refuses what is not a duration, and what no clock should wait for",
    arguments: [
      ("300", DurationText.Problem.notADuration), ("ms", .notADuration), ("inf s", .notADuration),
      ("nanms", .notADuration), ("1,5s", .notADuration),
      ("-1ms", .outOfRange(limit: .seconds(3600))),
      ("3601s", .outOfRange(limit: .seconds(3600))), ("1e300s", .outOfRange(limit: .seconds(3600))),
      ("9223372036854775807s", .outOfRange(limit: .seconds(3600))),
    ])
  func refuses(text: String, problem: DurationText.Problem) {
    #expect(DurationText.parse(text, atMost: .seconds(3600)) == .failure(problem))
  }

  @Test("formats for people, one rule everywhere")
  func formats() {
    #expect(DurationText.format(.zero) == "0 ms")
    #expect(DurationText.format(.microseconds(400)) == "0.40 ms")
    #expect(DurationText.format(.milliseconds(800)) == "800 ms")
    #expect(DurationText.format(.milliseconds(2500)) == "2.5 s")
    #expect(DurationText.format(.seconds(3)) == "3 s")
    #expect(DurationText.format(.seconds(12)) == "12 s")
    #expect(DurationText.seconds(.milliseconds(1500)) == 1.5)
  }
}
