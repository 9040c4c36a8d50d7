import ArgumentParser
import Foundation
import Yaia
import YaiaMockServer

/// `yaia mock-server check`: checks a fixtures folder against an OpenAPI description.
struct MockCheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check a fixtures folder against an OpenAPI description.",
    discussion: """
      Every route of the manifest must be an operation of the description (its path, its \
      method, its query items), and every response a documented status whose JSON body \
      conforms to the schema: types, required fields, enums, and the formats date-time, date, \
      uuid, email, uri, int32, int64 and ipv4. Problems are printed as file:line: message, \
      one per line; the exit status is 1 when there is any, 0 when there is none, 2 when the \
      description or the manifest cannot be read. Responses with a deliberate fault, templates, off-contract answers \
      and wildcard routes are not checked, and the summary says how many.
      """)

  @Option(help: "The OpenAPI 3 or Swagger 2.0 description (YAML or JSON).")
  var openapi: String

  @Option(help: "The fixtures folder, with its manifest.")
  var fixtures: String

  func run() async throws {
    let folder = URL(fileURLWithPath: fixtures, isDirectory: true)
    let spec: OpenAPIDocument
    let manifestFile: URL
    let manifest: MockManifest
    do {
      spec = try OpenAPIDocument.load(from: URL(fileURLWithPath: openapi))
      manifestFile = try MockManifest.file(in: folder)
      // A fixture file that is missing is a problem of the check (exit 1), not a manifest
      // that cannot be read (exit 2).
      manifest = try MockManifest.load(from: manifestFile, checkingFixtures: false)
    } catch let error as OpenAPIError {
      Console.say(error.description)
      throw ExitCode(2)
    } catch let error as MockServerError {
      Console.say(error.description)
      throw ExitCode(2)
    }
    for note in spec.notes { Console.say("note: \(note)") }
    let shownManifest =
      (fixtures.hasSuffix("/") ? fixtures : fixtures + "/") + manifestFile.lastPathComponent
    let report = ContractCheck.check(
      manifest, manifestFile: shownManifest, fixtures: folder, against: spec)
    for problem in report.problems { Console.say(problem.description) }
    var summary =
      "Checked \(report.routesChecked) of \(manifest.routes.count) routes and \(report.responsesChecked) responses against \(spec.operations.count) operations of \(spec.title.isEmpty ? openapi : spec.title): \(report.problems.count) problem(s)."
    if !report.notChecked.isEmpty {
      summary +=
        " Not checked: \(report.notChecked.count) (\(report.notChecked.prefix(3).joined(separator: "; "))\(report.notChecked.count > 3 ? "; …" : ""))."
    }
    Console.say(summary)
    if !report.problems.isEmpty { throw ExitCode(1) }
  }
}
