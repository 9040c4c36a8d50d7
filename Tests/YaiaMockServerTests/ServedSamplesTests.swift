import Foundation
import Testing
import YaiaOpenAPI

@testable import YaiaMockServer

/// The promise that every answer the server makes up from a description passes that
/// description's own schema, checked as a property over every description the tests hold: the
/// description files, the sample app's, the admin API's, a generated one, and each description
/// written inline in a test's source (read from the test files, so a new test's description is
/// covered without anyone listing it).
@Suite("Samples pass their own schema, for every description in the tests")
struct ServedSamplesTests {
  /// The package's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Each multi-line string literal of `source` that is an OpenAPI or Swagger description as
  /// written (no interpolation, no escapes), with its indentation removed as Swift removes it.
  static func inlineDescriptions(in source: String) -> [String] {
    var found: [String] = []
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
      let line = lines[index]
      guard line.hasSuffix("\"\"\""), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      else {
        index += 1
        continue
      }
      let raw = line.hasSuffix("#\"\"\"")
      var body: [String] = []
      var end = index + 1
      while end < lines.count,
        !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("\"\"\"")
      {
        body.append(lines[end])
        end += 1
      }
      index = end + 1
      guard end < lines.count else { break }
      let indent = lines[end].prefix { $0 == " " }.count
      let text = body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
        .joined(separator: "\n")
      let head = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard head.hasPrefix("openapi:") || head.hasPrefix("swagger:"),
        raw ? !text.contains("\\#(") : !text.contains("\\")
      else { continue }
      found.append(text)
    }
    return found
  }

  /// Every description the tests hold, named by where it is.
  static func descriptions() throws -> [(name: String, text: String)] {
    var all: [(String, String)] = [
      ("the admin API", MockAdminDescription.json),
      ("a generated description", OpenAPISample.text(operations: 40)),
    ]
    let demo = root.appending(path: "Sources/YaiaDemo/Backend/demo-api.openapi.yaml")
    all.append(("demo-api.openapi.yaml", try String(contentsOf: demo, encoding: .utf8)))
    let tests = root.appending(path: "Tests")
    let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      let name = file.lastPathComponent
      if name.hasSuffix(".openapi.yaml") || name.hasSuffix(".openapi.json") {
        all.append((name, try String(contentsOf: file, encoding: .utf8)))
      } else if name.hasSuffix(".swift"), !file.path.contains("/Corpus/") {
        let source = try String(contentsOf: file, encoding: .utf8)
        for (number, text) in inlineDescriptions(in: source).enumerated() {
          all.append(("\(name) #\(number + 1)", text))
        }
      }
    }
    return all
  }

  @Test("every operation's served answers, success and documented errors, pass the contract check")
  func samplesValidate() throws {
    var read = 0
    var answers = 0
    var failures: [String] = []
    var unread = 0
    for (name, text) in try Self.descriptions() {
      let document: OpenAPIDocument
      do {
        document = try OpenAPIDocument.parse(text, file: name)
      } catch {
        // Broken on purpose: a test of the reader's errors.
        unread += 1
        continue
      }
      read += 1
      let report = ContractCheck.check(
        MockManifest(routes: document.routes()), manifestFile: name, fixtures: nil,
        against: document)
      answers += report.responsesChecked
      // A pattern no sample of its lengths fits was said at load, with its line: the one
      // answer allowed to fail, and only in a description that has such a note.
      let said = document.notes.contains { $0.contains("no sample") }
      failures += report.problems.filter { !said || !$0.message.contains("pattern") }
        .map(\.description)
    }
    #expect(
      failures.isEmpty, "\(failures.count) answers fail:\n\(failures.joined(separator: "\n"))")
    // Not vacuous: at this writing the tests hold 18 descriptions as written (16 read, 2
    // broken on purpose) with 166 answers; fewer means the reader of test sources broke.
    #expect(read >= 15 && unread <= 4, "\(read) descriptions read, \(unread) not")
    #expect(answers >= 150, "only \(answers) answers checked")
  }

  /// Three shapes real descriptions have that once served answers breaking their own schema:
  /// Discord's `nonce` (an `int64` with its full bounds, or a string), Twilio's answers whose
  /// examples break their own schema (a relative path for `format: uri`, an id shorter than
  /// its pattern) and whose `nullable` enums hold null, and Slack's `default` answer beside a
  /// 200, whose `ok` is false.
  static let realShapes = """
    openapi: 3.0.3
    info: { title: Real shapes, version: '1' }
    paths:
      /channels/{id}/messages:
        get:
          operationId: list_messages
          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      type: object
                      required: [id, nonce]
                      properties:
                        id: { type: string, pattern: '^(0|[1-9][0-9]{0,19})$' }
                        nonce:
                          oneOf:
                            - { type: integer, minimum: -9223372036854775808, maximum: 9223372036854775807, format: int64 }
                            - { type: string, maxLength: 25 }
      /Accounts.json:
        get:
          operationId: ListAccount
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      first_page_uri: { type: string, format: uri }
                      sid: { type: string, minLength: 34, maxLength: 34, pattern: '^AC[0-9a-fA-F]{32}$' }
                      vetting_provider: { type: string, enum: [CAMPAIGN_VERIFY], nullable: true }
                  example:
                    first_page_uri: /2010-04-01/Accounts.json?PageSize=50&Page=0
                    sid: AC123
                    vetting_provider: null
      /Verifications.json:
        get:
          operationId: ListVerification
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      vetting_provider: { type: string, enum: [CAMPAIGN_VERIFY], nullable: true }
                  example: { vetting_provider: null }
      /admin.apps.approve:
        post:
          operationId: admin_apps_approve
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    required: [ok]
                    additionalProperties: false
                    properties: { ok: { type: boolean, enum: [true] } }
                  example: { ok: true }
            default:
              description: an error
              content:
                application/json:
                  schema:
                    type: object
                    required: [ok, error]
                    properties:
                      ok: { type: boolean, enum: [false] }
                      error: { type: string }
                  example: { ok: false, error: invalid_auth }
    """

  @Test("real shapes: an int64 nonce, examples that break their schema, nullable enums, default")
  func realShapes() throws {
    let document = try OpenAPIDocument.parse(Self.realShapes, file: "real.yaml")
    // The example that breaks its schema is said, at its line, and not served.
    #expect(document.notes.count == 1, "\(document.notes)")
    #expect(
      document.notes.first?.contains(
        "the example of ListAccount 200 breaks its schema at $.first_page_uri") == true)
    let routes = document.routes()
    let report = ContractCheck.check(
      MockManifest(routes: routes), manifestFile: "real.yaml", fixtures: nil, against: document)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.responsesChecked == 5)
    let messages = try #require(routes.first { $0.name == "list_messages" })
    guard case .single(let answer) = messages.responses, case .text(let body) = answer.body else {
      Issue.record("no answer")
      return
    }
    #expect(body.contains(#""nonce":0"#), "\(body)")
    // The nullable enum's null example stands.
    let verification = try #require(routes.first { $0.name == "ListVerification" })
    guard case .single(let kept) = verification.responses, case .text(let text) = kept.body else {
      Issue.record("no answer")
      return
    }
    #expect(text.contains(#""vetting_provider":null"#), "\(text)")
    // Slack's error answer is served as an error, under the scenario `default`.
    let approve = try #require(routes.first { $0.name == "admin_apps_approve" })
    guard case .single(let error)? = approve.scenarios["default"] else {
      Issue.record("no default scenario")
      return
    }
    #expect(error.status == 500)
  }

  @Test("a default answer beside a documented 5XX is served as a status no class covers")
  func defaultBesideAClass() throws {
    let document = try OpenAPIDocument.parse(
      """
      openapi: 3.0.3
      info: { title: Classes, version: '1' }
      paths:
        /a:
          get:
            responses:
              '200': { description: ok }
              5XX: { description: down }
              default: { description: other }
      """, file: "classes.yaml")
    let route = try #require(document.routes().first)
    #expect(
      route.scenarios["default"].map { answer in
        if case .single(let response) = answer { return response.status.code }
        return 0
      } == 400)
  }

  @Test("the inline reader finds a description as written, and leaves out one with interpolation")
  func inlineReader() {
    let source = [
      "let a = \"\"\"", "  openapi: 3.0.3", "  info: {}", "  \"\"\"",
      "let b = \"\"\"", "  openapi: \\(version)", "  \"\"\"",
    ].joined(separator: "\n")
    #expect(Self.inlineDescriptions(in: source) == ["openapi: 3.0.3\ninfo: {}"])
  }
}
