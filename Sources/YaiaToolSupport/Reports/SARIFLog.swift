/// A SARIF 2.1.0 log, the form code-scanning services read
/// (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html): the one model behind
/// `yaia lint --format sarif` and `yaia resources check --format sarif`, so both write the same
/// shape. Package-internal: the house format of Yaia's own tools, not API for apps. Optional
/// fields left `nil` are not written.
package struct SARIFLog: Encodable, Sendable {
  /// A message or a description.
  package struct Text: Encodable, Sendable {
    package var text: String
    package init(_ text: String) { self.text = text }
  }

  /// A rule the tool checks.
  package struct Rule: Encodable, Sendable {
    package struct Configuration: Encodable, Sendable { package var level: String }
    package var id: String
    package var shortDescription: Text
    package var help: Text?
    package var defaultConfiguration: Configuration?

    package init(id: String, description: String, help: String? = nil, level: String? = nil) {
      self.id = id
      shortDescription = Text(description)
      self.help = help.map(Text.init)
      defaultConfiguration = level.map(Configuration.init)
    }
  }

  /// A place in a file.
  package struct Location: Encodable, Sendable {
    package struct Region: Encodable, Sendable {
      package var startLine: Int
      package var startColumn: Int?
    }
    package struct Artifact: Encodable, Sendable {
      package var uri: String
      package var uriBaseId: String?
    }
    package struct PhysicalLocation: Encodable, Sendable {
      package var artifactLocation: Artifact
      package var region: Region
    }
    package var physicalLocation: PhysicalLocation

    /// Line `line` (and `column`) of the artifact `uri`, relative to the base `uriBaseId`.
    package init(uri: String, uriBaseId: String? = nil, line: Int, column: Int? = nil) {
      physicalLocation = PhysicalLocation(
        artifactLocation: Artifact(uri: uri, uriBaseId: uriBaseId),
        region: Region(startLine: line, startColumn: column))
    }
  }

  /// One finding.
  package struct Result: Encodable, Sendable {
    package var ruleId: String
    package var level: String
    package var message: Text
    package var locations: [Location]

    package init(ruleID: String, level: String, message: String, location: Location) {
      ruleId = ruleID
      self.level = level
      self.message = Text(message)
      locations = [location]
    }
  }

  /// What went wrong with the run itself: an input it could not read.
  package struct Notification: Encodable, Sendable {
    package var level = "error"
    package var message: Text
    package var locations: [Location]?

    package init(_ message: String, location: Location? = nil) {
      self.message = Text(message)
      locations = location.map { [$0] }
    }
  }

  package struct Run: Encodable, Sendable {
    package struct Driver: Encodable, Sendable {
      package var name: String
      package var informationUri = "https://github.com/yaia/yaia"
      package var rules: [Rule]
    }
    package struct Tool: Encodable, Sendable { package var driver: Driver }
    package struct Invocation: Encodable, Sendable {
      package var executionSuccessful: Bool
      package var toolExecutionNotifications: [Notification]
    }
    package struct BaseURI: Encodable, Sendable { package var uri: String }
    package var tool: Tool
    package var originalUriBaseIds: [String: BaseURI]?
    package var results: [Result]
    package var invocations: [Invocation]
  }

  package var version = "2.1.0"
  package var schema = "https://json.schemastore.org/sarif-2.1.0.json"
  package var runs: [Run]

  enum CodingKeys: String, CodingKey {
    case version, runs
    case schema = "$schema"
  }

  /// A log of one run of `tool`: its `rules`, its `results`, the `notifications` of inputs it
  /// could not use, whether it succeeded, and the base URIs relative paths resolve against.
  package init(
    tool: String, rules: [Rule], results: [Result], notifications: [Notification],
    successful: Bool, baseURIs: [String: String]? = nil
  ) {
    runs = [
      Run(
        tool: Run.Tool(driver: Run.Driver(name: tool, rules: rules)),
        originalUriBaseIds: baseURIs?.mapValues(Run.BaseURI.init), results: results,
        invocations: [
          Run.Invocation(executionSuccessful: successful, toolExecutionNotifications: notifications)
        ])
    ]
  }
}
