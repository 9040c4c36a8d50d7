import ArgumentParser
import Foundation
import Yaia
import YaiaResources

/// `yaia resources`: the view layer's resources, checked.
struct ResourcesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resources",
    abstract: "Check an app's String Catalogs against its code.",
    subcommands: [ResourcesCheckCommand.self])
}

/// `yaia resources check [PATHS…]`: every String Catalog under the paths, checked against
/// itself and against the Swift sources under the same paths. The work is
/// ``CatalogReport/check(_:skipping:)``; this shell reads the options and prints.
struct ResourcesCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check String Catalogs: translations, placeholders, plurals, unused keys, lengths.",
    discussion: """
      Finds every .xcstrings file and every Swift source under PATHS (the current folder by \
      default). Reports a key missing in a language the catalog declares (unless marked as \
      not needing translation), a translation whose placeholders differ from the source's in \
      number, order or type, a plural text without every form its language needs, a key no \
      Swift source names (by a literal or its generated accessor), and a text longer than the \
      `max-length: N` its comment declares. Exits 0 when clean, 1 with findings, 2 when a \
      file cannot be read or nothing was found.
      """)

  /// Files or folders to search.
  @Argument(help: "Catalogs, Swift files, or folders to search (default: .).")
  var paths: [String] = []

  /// The output format.
  @Option(help: "text, json, sarif or github.")
  var format: String = "text"

  /// Rules left out.
  @Option(
    name: .customLong("skip"),
    help:
      "A rule not to report (repeatable): \(CatalogFinding.Rule.allCases.map(\.rawValue).joined(separator: ", "))."
  )
  var skipped: [String] = []

  func validate() throws {
    guard CatalogReportFormat(rawValue: format) != nil else {
      throw ValidationError(
        "--format \(VisibleText.escaped(format)) is none of \(CatalogReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    // An option that matches nothing says so: a misspelt rule would silently skip nothing.
    for rule in skipped where CatalogFinding.Rule(rawValue: rule) == nil {
      throw ValidationError(
        "--skip \(VisibleText.escaped(rule)) names no rule; the rules: \(CatalogFinding.Rule.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
  }

  func run() throws {
    let found = ResourceFiles.find(in: paths.isEmpty ? ["."] : paths, keepingText: false)
    let report = CatalogReport.check(
      found, skipping: Set(skipped.compactMap(CatalogFinding.Rule.init(rawValue:))))
    let format = CatalogReportFormat(rawValue: format) ?? .text
    FileHandle.standardOutput.write(Data(report.rendered(as: format).utf8))
    if format != .text {
      // Problems and notes also reach a person watching a run whose output goes to a tool.
      let lines = report.problems.map { "error: " + $0 } + report.notes.map { "note: " + $0 }
      for line in lines.map(VisibleText.escaped) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
      }
    }
    if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
  }
}
