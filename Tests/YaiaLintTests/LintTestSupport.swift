import Foundation
import Testing
import YaiaLint
import YaiaTesting

/// Lints `files` (path → source) with every built-in rule and `yaml` as configuration;
/// the findings of `rule`, as the lines they are on.
func lines(
  of rule: String, in files: [String: String], yaml: String? = nil
) async throws -> [Int] {
  try await findings(in: files, yaml: yaml).filter { $0.ruleID == rule }.map(\.location.line)
}

/// Lints one file at `Sources/App/File.swift`; the lines of `rule`'s findings.
func lines(of rule: String, in source: String, yaml: String? = nil) async throws -> [Int] {
  try await lines(of: rule, in: ["Sources/App/File.swift": source], yaml: yaml)
}

/// Every finding in `files`, linted on a thread of its own: the linter blocks while it works
/// on all cores, and the tests' cooperative pool (two threads here) must stay free.
func findings(in files: [String: String], yaml: String? = nil) async throws -> [LintFinding] {
  try await onThread { try lint(files, yaml: yaml) }.value
}

private func lint(_ files: [String: String], yaml: String?) throws -> [LintFinding] {
  let configuration =
    try yaml.map {
      try LintConfiguration.load(yaml: $0, path: ".yaia-lint.yml", rules: LintRules.all)
    }
    ?? LintConfiguration()
  let sources = files.sorted { $0.key < $1.key }.map { LintSource(path: $0.key, text: $0.value) }
  return Linter(rules: LintRules.all, configuration: configuration).run(sources).findings
}

/// A state prelude: the protocol as Yaia declares it, so fixtures conform to it.
let statePrelude = """
  protocol ShellState {}

  """

/// A fresh folder under the temporary directory, named `prefix-UUID`; the caller removes it.
func scratchFolder(_ prefix: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appending(
    path: "\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// The process id a test's child wrote to `file`.
func writtenPID(_ file: URL) throws -> Int32 {
  try #require(
    Int32(
      try String(contentsOf: file, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(file.path)")
}
