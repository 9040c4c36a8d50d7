#if canImport(XCTest) && !canImport(Darwin)
  import Testing  // for the source locations of YaiaTesting's helpers
  import XCTest
  import YaiaTesting

  /// YaiaTesting's failures reach XCTest when no Swift Testing test is running. The failures
  /// are captured here (on Linux, `recordFailure` is where XCTest records them) instead of
  /// failing this test, and then checked.
  final class XCTestReportingTests: XCTestCase {
    private var failures: [String] = []

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      failures.append(description)
    }

    func testGivenFailureIsReportedToXCTest() {
      Given(Counter()).when(.reset).then([.log("reset")])
      XCTAssertEqual(failures.count, 1)
      XCTAssertTrue(failures.first?.contains("Commands differ from event 1 of 1") == true)
      XCTAssertTrue(failures.first?.contains("XCTestReportingTests.swift:") == true)
    }

    @MainActor
    func testHarnessTimeoutIsReportedToXCTest() async {
      let harness = ShellHarness(Counter(), timeout: .milliseconds(50)) { _, _ in }
      await harness.receive(.fetched(1))
      await harness.finish()
      XCTAssertEqual(failures.count, 1)
      XCTAssertTrue(
        failures.first?.contains("Expected to receive Counter.Event.fetched(1)") == true)
    }
  }
#endif
