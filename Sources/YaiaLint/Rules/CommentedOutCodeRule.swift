import Foundation
import SwiftParser
import SwiftSyntax

/// Commented-out code: a run of `//` comment lines that parses as Swift statements. Version
/// control keeps old code; comments are for why.
public struct CommentedOutCodeRule: LintRule {
  /// The rule's id.
  public let id = "commented-out-code"
  /// The severity when the configuration sets none.
  public let defaultSeverity = LintSeverity.warning
  /// Why the rule exists.
  public let reason =
    "Commented-out code rots: nobody knows whether it still compiles or why it stays; version control already keeps it."
  /// What to do about a finding.
  public let fix = "Delete it (git remembers), or turn it into a sentence that says why."

  /// The rule.
  public init() {}

  /// Comments that are directives or notes, never code.
  static let notes = [
    "MARK", "TODO", "FIXME", "NOTE", "swift-format", "swiftlint", "yaia-lint", "-",
  ]

  /// The findings in `file`.
  public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
    var findings: [RuleFinding] = []
    for token in file.tree.tokens(viewMode: .sourceAccurate) {
      var run: [String] = []
      var offset = token.position
      var starts: [AbsolutePosition] = []
      func close() {
        for (first, count) in Self.codeGroups(run) {
          findings.append(
            RuleFinding(
              at: starts[first], "\(count) line\(count == 1 ? "" : "s") of commented-out code"))
        }
        run = []
        starts = []
      }
      for piece in token.leadingTrivia {
        defer { offset += piece.sourceLength }
        switch piece {
        case .lineComment(let text):
          let body = String(text.dropFirst(2))
          if Self.notes.contains(where: { body.trimmingCharacters(in: .whitespaces).hasPrefix($0) })
          {
            close()
          } else {
            starts.append(offset)
            run.append(body)
          }
        case .newlines(let count) where count > 1,
          .carriageReturnLineFeeds(let count) where count > 1:
          close()
        case .newlines, .carriageReturnLineFeeds, .spaces, .tabs:
          break
        default:
          close()
        }
      }
      close()
    }
    return findings
  }

  /// The groups of consecutive lines in `run` that read as code, as (first index, count):
  /// from each line, the longest stretch that parses, so prose around code is left out.
  static func codeGroups(_ run: [String]) -> [(Int, Int)] {
    var groups: [(Int, Int)] = []
    var start = 0
    let window = 60  // a commented-out block longer than this is reported in pieces
    while start < run.count {
      var longest = 0
      for end in stride(from: min(run.count, start + window), to: start, by: -1)
      where isCode(Array(run[start..<end])) {
        longest = end - start
        break
      }
      if longest > 0 {
        groups.append((start, longest))
        start += longest
      } else {
        start += 1
      }
    }
    return groups
  }

  /// Whether `lines` read as Swift: they parse without error, and hold a declaration, an
  /// assignment, a call or a control statement (a lone word or a sentence does not count).
  static func isCode(_ lines: [String]) -> Bool {
    let text = lines.joined(separator: "\n")
    guard text.contains(where: { "(){}=;.".contains($0) }) || text.contains("return") else {
      return false
    }
    let tree = Parser.parse(source: text)
    guard !tree.hasError, !tree.statements.isEmpty else { return false }
    return tree.statements.allSatisfy { statement in
      switch statement.item {
      case .decl: return true
      case .stmt: return true
      case .expr(let expression):
        return expression.is(FunctionCallExprSyntax.self)
          || expression.is(InfixOperatorExprSyntax.self)
          || expression.is(SequenceExprSyntax.self)
          || expression.is(MemberAccessExprSyntax.self)
            && lines.count == 1 && text.contains("(")
      }
    }
  }
}
