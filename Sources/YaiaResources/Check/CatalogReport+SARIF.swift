import YaiaSupport
import YaiaToolSupport

// SARIF 2.1.0 through the tools' `SARIFLog`, as `yaia lint` writes it: each rule with what it
// checks, each finding at its catalog line, each unreadable input a tool notification. A run
// with problems is not successful (`executionSuccessful: false`), as its exit status 2 says.
extension CatalogReport {
  var sarif: SARIFLog {
    SARIFLog(
      tool: "yaia resources check",
      rules: CatalogFinding.Rule.allCases.map {
        SARIFLog.Rule(id: $0.rawValue, description: $0.summary, level: $0.level)
      },
      results: findings.map { finding in
        SARIFLog.Result(
          ruleID: finding.rule.rawValue, level: finding.rule.level, message: finding.sentence,
          location: SARIFLog.Location(uri: Self.uriReference(finding.file), line: finding.line))
      },
      notifications: problems.map { SARIFLog.Notification($0) },
      successful: problems.isEmpty)
  }

  /// `path` as a URI reference: every byte outside the unreserved set and `/` percent-encoded,
  /// so a space, `#` or `?` in a folder name cannot change what the URI points at.
  static func uriReference(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return path.hasPrefix("/") ? "file://" + result : result
  }
}
