import Yaia

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), the form
// code-scanning services read: one run, each rule with what it checks, each finding at its
// catalog line, each unreadable input a tool notification. A run with problems is not
// successful (`executionSuccessful: false`), as its exit status 2 says.
extension CatalogReport {
  struct SARIF: Encodable {
    struct Text: Encodable { var text: String }
    struct Rule: Encodable {
      var id: String
      var shortDescription: Text
    }
    struct Driver: Encodable {
      var name = "yaia resources check"
      var informationUri = "https://github.com/yaia/yaia"
      var rules: [Rule]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Region: Encodable { var startLine: Int }
    struct Artifact: Encodable { var uri: String }
    struct PhysicalLocation: Encodable {
      var artifactLocation: Artifact
      var region: Region
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct Result: Encodable {
      var ruleId: String
      var level = "error"
      var message: Text
      var locations: [Location]
    }
    struct Notification: Encodable {
      var level = "error"
      var message: Text
    }
    struct Invocation: Encodable {
      var executionSuccessful: Bool
      var toolExecutionNotifications: [Notification]
    }
    struct Run: Encodable {
      var tool: Tool
      var results: [Result]
      var invocations: [Invocation]
    }
    var version = "2.1.0"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case version, runs
      case schema = "$schema"
    }
  }

  var sarif: SARIF {
    let results = findings.map { finding in
      SARIF.Result(
        ruleId: finding.rule.rawValue, message: .init(text: finding.sentence),
        locations: [
          .init(
            physicalLocation: .init(
              artifactLocation: .init(uri: Self.uriReference(finding.file)),
              region: .init(startLine: finding.line)))
        ])
    }
    let rules = CatalogFinding.Rule.allCases.map {
      SARIF.Rule(id: $0.rawValue, shortDescription: .init(text: $0.summary))
    }
    return SARIF(runs: [
      .init(
        tool: .init(driver: .init(rules: rules)), results: results,
        invocations: [
          .init(
            executionSuccessful: problems.isEmpty,
            toolExecutionNotifications: problems.map { .init(message: .init(text: $0)) })
        ])
    ])
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
