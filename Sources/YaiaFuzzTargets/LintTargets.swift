import Foundation
import YaiaLint

/// `yaia lint`'s readers: its configuration file and the source files it is pointed at.
enum LintTargets {
  static let all = [configuration, source]

  /// `.yaia-lint.yml`: a configuration, or an error with words.
  static let configuration = FuzzTarget(
    "lint-config", summary: "`.yaia-lint.yml` configurations", maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    do throws(LintConfigurationError) {
      _ = try LintConfiguration.load(
        yaml: String(decoding: bytes, as: UTF8.self), path: ".yaia-lint.yml",
        rules: LintRules.all)
    } catch {
      try require(!error.description.isEmpty, "an error without words")
    }
  }

  /// Any bytes as a Swift file, read as `yaia lint` reads files: refused as not text, or
  /// linted, with every finding on a line the file has.
  static let source = FuzzTarget(
    "lint-source", summary: "`yaia lint` on arbitrary bytes as a Swift file", maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    guard case .success(let text) = LintFiles.text(Data(bytes)) else { return }
    let report = Linter(rules: LintRules.all).run([LintSource(path: "Fuzzed.swift", text: text)])
    // At most one line per line break of any kind, and one more.
    let lines = 1 + text.utf8.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    for finding in report.findings {
      try require(
        (1...lines).contains(finding.location.line),
        "a finding on line \(finding.location.line) of a \(lines)-line file")
    }
  }
}
